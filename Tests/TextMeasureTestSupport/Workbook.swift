import Foundation

/// An xlsx workbook's parts, read back.
package enum Workbook {
    /// The contents of `member` in the xlsx file at `path` (unzip -p).
    package static func member(_ member: String, of path: String) throws -> String {
        try unzip(["-p", path, member])
    }

    /// The members of the xlsx file at `path` and their sizes uncompressed (unzip -l).
    package static func listing(of path: String) throws -> [(name: String, size: Int)] {
        try unzip(["-l", path]).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4, let size = Int(fields[0]) else { return nil }
            return (String(fields[3]), size)
        }
    }

    private static func unzip(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
