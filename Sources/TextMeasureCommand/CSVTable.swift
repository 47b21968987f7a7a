import CSV
import Foundation

/// A CSV file read whole: the header row's titles and the rows, each with one field per title.
struct CSVTable {
    let titles: [String]
    let rows: [[String]]

    /// Why a CSV file gives no table, naming the file and, where there is one, the line.
    struct Problem: Error, CustomStringConvertible {
        let path: String
        let line: Int?
        let problem: String
        var description: String { path + (line.map { ", line \($0)" } ?? "") + ": " + problem }
    }

    /// Reads `path` with yaslab/CSV.swift (RFC 4180 quoting; LF, CRLF or CR line ends; a UTF-8
    /// byte order mark skipped), strictly: a row whose field count differs from the header's, or
    /// bytes that are not UTF-8, stop the reading with an error naming the line (the line the
    /// row starts on; a quoted field may span lines). `progress` gets the share of the file's
    /// `size` bytes (`byteCount(of:)`) read.
    static func read(_ path: String, size: Int, delimiter: Unicode.Scalar,
                     progress: (Double) -> Void = { _ in }) throws(Problem) -> CSVTable {
        func fail(_ line: Int?, _ problem: String) -> Problem { Problem(path: path, line: line, problem: problem) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw fail(nil, "no such file") }
        guard !isFolder.boolValue else { throw fail(nil, "a folder, not a CSV file") }
        guard let stream = InputStream(fileAtPath: path) else { throw fail(nil, "cannot be opened") }
        let reader: CSVReader
        do {
            reader = try CSVReader(stream: stream, hasHeaderRow: false, delimiter: delimiter)
        } catch {
            throw fail(nil, "cannot be read (\(error))")
        }

        var line = 1  // where the next row starts
        var bytesRead = 0
        var reported = -1
        /// The next row, or nil at the end; throws when the reader stopped on an error.
        var atEnd = false
        func nextRow() throws(Problem) -> [String]? {
            guard !atEnd else { return nil }
            let row = reader.next()
            let breaks = row.map(Self.lineBreaks(in:)) ?? 0
            if let error = reader.error {
                if case CSVError.unicodeDecoding = error { throw fail(line + breaks, "not valid UTF-8") }
                // CSV.swift asks the stream for a byte past the end when the stream still says it
                // has bytes (Foundation on Linux does at the end of a file), and reports that as
                // cannotReadFile: at the end of the stream it is only the end.
                guard case CSVError.cannotReadFile = error, stream.streamStatus == .atEnd else {
                    throw fail(line + breaks, "cannot be read (\(error))")
                }
                atEnd = true
            }
            if let row {
                line += 1 + breaks
                bytesRead += row.reduce(row.count) { $0 + $1.utf8.count }
                let percent = size > 0 ? min(100, bytesRead * 100 / size) : 100
                if percent != reported {
                    reported = percent
                    progress(Double(percent) / 100)
                }
            }
            return row
        }

        guard let titles = try nextRow() else { throw fail(nil, "empty: no header row") }
        var rows: [[String]] = []
        while true {
            let start = line
            guard let row = try nextRow() else { break }
            guard row.count == titles.count else {
                throw fail(start, "\(row.count) field\(row.count == 1 ? "" : "s"), but the header has \(titles.count)")
            }
            rows.append(row)
        }
        return CSVTable(titles: titles, rows: rows)
    }

    /// The size of the file at `path` in bytes; 0 when it cannot be found.
    static func byteCount(of path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// Line breaks inside a row's (quoted) fields: LF, CR LF or a lone CR each count once.
    private static func lineBreaks(in row: [String]) -> Int {
        row.reduce(0) { count, field in
            var breaks = 0
            var afterCR = false
            for byte in field.utf8 {  // CR and LF never occur inside a multi-byte sequence
                if byte == 0x0A { breaks += afterCR ? 0 : 1 } else if byte == 0x0D { breaks += 1 }
                afterCR = byte == 0x0D
            }
            return count + breaks
        }
    }
}
