import CSV
import Foundation

/// A CSV file read whole: the header row's titles and the rows, each with one field per title.
struct CSVTable {
    let titles: [String]
    var rows: [CSVRow]
    /// The size of the input, in bytes.
    let byteCount: Int

    /// Why a CSV file gives no table, naming the file ("-": standard input) and, where there is
    /// one, the line.
    struct Problem: Error, CustomStringConvertible {
        let path: String
        let line: Int?
        let problem: String
        var description: String {
            (path == "-" ? "standard input" : path) + (line.map { ", line \($0)" } ?? "") + ": " + problem
        }
    }

    /// The bytes of the file at `path`, or of standard input for "-": read to its end, so a FIFO
    /// or a shell's `<(…)` (a pipe under /dev/fd) is read as a file is.
    static func bytes(of path: String) throws(Problem) -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw Problem(path: path, line: nil, problem: "no such file")
        }
        guard !isFolder.boolValue else { throw Problem(path: path, line: nil, problem: "a folder, not a CSV file") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Problem(path: path, line: nil, problem: "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 20), info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Problem(path: path, line: nil, problem: "cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Reads `bytes`, the contents of `path`, as CSV: UTF-8 (a byte order mark skipped) or, after
    /// its byte order mark, UTF-16 (little- or big-endian); fields split by yaslab/CSV.swift (RFC
    /// 4180 quoting; LF, CRLF or CR line ends). Empty lines outside quotes are skipped. Strictly: an
    /// invalid sequence, a NUL, a quote that opens a field and is never closed, or a row whose
    /// field count differs from the header's is an error naming its line (a row's is the line it
    /// starts on; a quoted field may span lines). `progress` gets the share of the text read.
    init(_ bytes: consuming [UInt8], path: String, delimiter: Unicode.Scalar, progress: (Double) -> Void = { _ in }) throws(Problem) {
        func fail(_ line: Int?, _ problem: String) -> Problem { Problem(path: path, line: line, problem: problem) }
        byteCount = bytes.count
        let (text, isUTF16) = try Self.text(of: consume bytes, fail)  // the bytes freed once decoded
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter)
        } catch {
            throw fail(nil, "cannot be read (\(error))")
        }
        let nul = "a NUL character" + (isUTF16 ? "" : " (is it UTF-16 without a byte order mark?)")
        var scanner = RowScanner(text, delimiter: delimiter, nul: nul)
        var reported = -1
        var titles: [String]?
        var rows: [CSVRow] = []
        while let row = reader.next() {
            let (start, isBlank) = try scanner.next(fail) ?? (scanner.line, false)
            let percent = scanner.offset * 100 / text.utf8.count
            if percent != reported {
                reported = percent
                progress(Double(percent) / 100)
            }
            if isBlank, row == [""] { continue }
            guard let titles else {
                titles = row
                continue
            }
            guard row.count == titles.count else {
                throw fail(start, "\(row.count) field\(row.count == 1 ? "" : "s"), but the header has \(titles.count)")
            }
            rows.append(CSVRow(row))
        }
        guard let titles else { throw fail(nil, "empty: no header row") }
        (self.titles, self.rows) = (titles, rows)
    }

    /// `bytes` as text: UTF-16 after a UTF-16 byte order mark, else UTF-8 (its byte order mark
    /// dropped). An invalid sequence is an error naming its line.
    private static func text(of bytes: [UInt8], _ fail: (Int?, String) -> Problem) throws(Problem) -> (String, isUTF16: Bool) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).lazy.map { index in
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                return littleEndian ? second << 8 | first : first << 8 | second
            }
            guard bytes.count % 2 == 0, let text = String(validating: units, as: UTF16.self) else {
                throw fail(line(ofFirstError: units, UTF16.self), "not valid UTF-16")
            }
            return (text, true)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        guard let text = String(validating: body, as: UTF8.self) else {
            throw fail(line(ofFirstError: body, UTF8.self), "not valid UTF-8")
        }
        return (text, false)
    }

    /// The line of the first invalid sequence in `units` (the last line if there is none).
    private static func line<Encoding: Unicode.Encoding>(ofFirstError units: some Sequence<Encoding.CodeUnit>,
                                                         _: Encoding.Type) -> Int {
        var parser = Encoding.ForwardParser()
        var iterator = units.makeIterator()
        var line = 1
        var afterCR = false
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            let scalar = Encoding.decode(encoded)
            if scalar == "\r" || (scalar == "\n" && !afterCR) { line += 1 }
            afterCR = scalar == "\r"
        }
        return line
    }
}

/// A CSV text followed row by row as CSV.swift splits it, byte by byte, for what CSV.swift does
/// not report: the line each row starts on, whether it is a blank line (which CSV.swift reads as
/// a row of one empty field), a NUL, and a quote that opens a field and is never closed (which
/// CSV.swift ends at the end of the text).
private struct RowScanner {
    private let bytes: String.UTF8View
    private let separator: [UInt8]
    /// What a NUL is called in an error.
    private let nul: String
    private var index: String.Index
    /// The line the next row starts on.
    private(set) var line = 1
    /// The bytes scanned so far.
    var offset: Int { bytes.distance(from: bytes.startIndex, to: index) }

    init(_ text: String, delimiter: Unicode.Scalar, nul: String) {
        (bytes, separator, self.nul, index) = (text.utf8, Array(String(delimiter).utf8), nul, text.utf8.startIndex)
    }

    /// The next row's first line and whether it is blank, or nil at the end of the text.
    mutating func next(_ fail: (Int?, String) -> CSVTable.Problem) throws(CSVTable.Problem) -> (line: Int, isBlank: Bool)? {
        guard index < bytes.endIndex else { return nil }
        enum State { case fieldStart, unquoted, quoted, quoteInQuoted }
        var state = State.fieldStart
        let (start, first) = (line, index)
        var quoteLine = 0  // where the open quoted field starts
        var afterCR = false
        while index < bytes.endIndex {
            let byte = bytes[index]  // a scalar's bytes after its first are never a quote, a line break or a NUL
            if byte == 0 { throw fail(line, nul) }
            let isBreak = byte == 0x0A || byte == 0x0D
            if isBreak, state != .quoted {  // the end of the row, a CR LF as one
                let isBlank = index == first
                bytes.formIndex(after: &index)
                if byte == 0x0D, index < bytes.endIndex, bytes[index] == 0x0A { bytes.formIndex(after: &index) }
                line += 1
                return (start, isBlank)
            }
            let isDelimiter = byte == separator[0] && bytes[index...].starts(with: separator)
            switch state {
            case .fieldStart where byte == 0x22:
                (state, quoteLine) = (.quoted, line)
            case .quoted:
                if byte == 0x22 { state = .quoteInQuoted } else if isBreak, !(byte == 0x0A && afterCR) { line += 1 }
            case .quoteInQuoted:
                // A closing quote (before a delimiter), or a quote or anything else after it: still inside.
                state = isDelimiter ? .fieldStart : .quoted
            case .fieldStart, .unquoted:
                state = isDelimiter ? .fieldStart : .unquoted
            }
            afterCR = byte == 0x0D
            index = bytes.index(index, offsetBy: isDelimiter ? separator.count : 1)
        }
        guard state != .quoted else { throw fail(quoteLine, "a quote opened here is never closed") }
        return (start, false)
    }
}
