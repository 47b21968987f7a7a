#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line of standard input that is not valid UTF-8.
struct InvalidUTF8: Error, CustomStringConvertible {
    let line: Int
    var description: String { "standard input, line \(line): not valid UTF-8" }
}

/// Standard input read in batches of lines, strictly decoded: a line that is not valid UTF-8 is
/// an error naming it, never a line quietly repaired with U+FFFD. "\n" and "\r\n" end lines.
struct InputLines {
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var atEnd = false
    private(set) var lineNumber = 0

    /// Up to `limit` lines (fewer only at the end of input; empty when input is exhausted), and
    /// the invalid line that ended the batch early, if any: the lines before it are still
    /// returned, and the next batch starts after it.
    mutating func next(_ limit: Int) -> (lines: [String], error: InvalidUTF8?) {
        var lines: [String] = []
        while lines.count < limit {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                let line = decode(buffer[start..<end])
                start = newline + 1
                guard let line else { return (lines, InvalidUTF8(line: lineNumber)) }
                lines.append(line)
            } else if atEnd {
                if start < buffer.count {
                    let line = decode(buffer[start...])
                    start = buffer.count
                    guard let line else { return (lines, InvalidUTF8(line: lineNumber)) }
                    lines.append(line)
                }
                break
            } else {
                readMore()
            }
        }
        return (lines, nil)
    }

    private mutating func readMore() {
        buffer.removeSubrange(..<start)
        start = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(STDIN_FILENO, &chunk, chunk.count)
        if count <= 0 { atEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
    }

    private mutating func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        lineNumber += 1
        return String(validating: bytes, as: UTF8.self)
    }
}
