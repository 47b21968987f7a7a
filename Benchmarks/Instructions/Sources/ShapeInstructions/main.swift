// What `textmeasure width --font FONT` does for each line, as one plain program that callgrind
// can count (shape-instructions.sh; valgrind 3.19 cannot run the command itself, whose main
// thread waits in libdispatch): read the lines (split at "\n" bytes, then decoded, as the
// command reads them), measure each with the command's call
// (`FontStack.width(of:cache: nil)`, the stack of one font at 14 px the command makes), print
// its width as the command does (the shortest decimal that reads back the same). One thread:
// the instructions are the CPU work, whichever core would run it.
import Foundation
import TextMeasure

let stack = try FontStack([try Font(path: CommandLine.arguments[1], size: 14)], fallback: .none)
let bytes = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2]))

/// Every line measured and printed.
@inline(never) func measuringLines() -> Int {
    var output = ""
    var count = 0
    // Lines split at their "\n" bytes and decoded, as the command reads them.
    bytes.withUnsafeBytes { (all: UnsafeRawBufferPointer) in
        var start = 0
        while start < all.count {
            let end = all[start...].firstIndex(of: 10) ?? all.count
            if end > start {
                output += "\(stack.width(of: String(decoding: UnsafeRawBufferPointer(rebasing: all[start..<end]), as: UTF8.self), cache: nil))\n"
                count += 1
            }
            start = end + 1
        }
    }
    FileHandle.standardOutput.write(output.data(using: .utf8)!)
    return count
}

_ = measuringLines()
