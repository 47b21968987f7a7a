import Foundation

/// An xlsx workbook's parts, read back.
package enum Workbook {
    /// The contents of `member` in the xlsx file at `path` (unzip -p).
    package static func member(_ member: String, of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", path, member]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
