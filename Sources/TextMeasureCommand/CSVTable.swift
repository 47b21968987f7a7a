import CSV
import Foundation

/// A CSV file read: the header row's titles and the rows, each with one field per title. The
/// file is read a piece at a time (`pieceSize` bytes, more for a row longer than that), each
/// piece's complete rows kept in one `CSVRowStore`: the table holds its fields, about the file's
/// size, and never the whole file besides (UTF-16 aside, which is decoded whole first).
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

    /// The bytes read at a time.
    static let pieceSize = 1 << 22

    /// Reads the file at `path` ("-": standard input) as CSV (see `init(_:path:delimiter:progress:)`),
    /// a piece at a time: a FIFO or a shell's `<(…)` (a pipe under /dev/fd) is read as a file is.
    /// `progress` gets the share of the file read (of a regular file; nothing for a pipe).
    init(contentsOf path: String, delimiter: Unicode.Scalar, progress: (Double) -> Void = { _ in }) throws(Problem) {
        func fail(_ problem: String) -> Problem { Problem(path: path, line: nil, problem: problem) }
        var descriptor = STDIN_FILENO
        if path != "-" {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw fail("no such file") }
            guard !isFolder.boolValue else { throw fail("a folder, not a CSV file") }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw fail("cannot be read: \(String(cString: strerror(errno)))") }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
        try self.init(path: path, delimiter: delimiter, size: size, progress: progress) { (bytes: inout [UInt8], count: Int) throws(Problem) in
            try Self.appendPiece(of: descriptor, path: path, count: count, to: &bytes) > 0
        }
    }

    /// Appends to `bytes` the next `count` bytes of `descriptor`, or all that is left when fewer
    /// are, reading as often as it takes: a pipe gives at most 64 KiB a read, and a row longer
    /// than what one read gives, scanned again after each, would cost O(row²). Returns the count
    /// appended (0 at the end). A failed read (`EINTR` aside, read again) is a problem of `path`.
    ///
    /// Read into scratch memory, then appended: growing `bytes` by `count` zeros first cost a
    /// debug build (the tests' command) 2 s a piece, element by element.
    static func appendPiece(of descriptor: Int32, path: String, count: Int, to bytes: inout [UInt8]) throws(Problem) -> Int {
        let (filled, error) = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
            var filled = 0
            while filled < count {
                let got = read(descriptor, scratch.baseAddress! + filled, count - filled)
                if got < 0, errno == EINTR { continue }
                if got < 0 { return (filled, errno) }
                if got == 0 { break }
                filled += got
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<filled]))
            return (filled, 0)
        }
        guard error == 0 else { throw Problem(path: path, line: nil, problem: "cannot be read: \(String(cString: strerror(error)))") }
        return filled
    }

    /// Reads `bytes`, the contents of `path`, as CSV: UTF-8 (a byte order mark skipped) or, after
    /// its byte order mark, UTF-16 (little- or big-endian); fields split by yaslab/CSV.swift (RFC
    /// 4180 quoting; LF, CRLF or CR line ends). Empty lines outside quotes are skipped. Strictly: an
    /// invalid sequence, a NUL, a quote that opens a field and is never closed, or a row whose
    /// field count differs from the header's is an error naming its line (a row's is the line it
    /// starts on; a quoted field may span lines): the first such problem in the file, whatever
    /// the pieces. `progress` gets the share of the text read. The bytes are read `pieceSize` at
    /// a time, as a file is.
    init(_ bytes: consuming [UInt8], path: String, delimiter: Unicode.Scalar, pieceSize: Int = Self.pieceSize,
         progress: (Double) -> Void = { _ in }) throws(Problem) {
        let all = bytes
        var next = 0
        try self.init(path: path, delimiter: delimiter, size: all.count, pieceSize: pieceSize, progress: progress) {
            (piece: inout [UInt8], count: Int) throws(Problem) in
            let end = min(all.count, next + count)
            piece += all[next..<end]
            defer { next = end }
            return end > next
        }
    }

    /// Reads the bytes `read` appends (at most the count it is given; false at the end) as CSV.
    private init(path: String, delimiter: Unicode.Scalar, size: Int?, pieceSize: Int = Self.pieceSize, progress: (Double) -> Void,
                 read: (inout [UInt8], Int) throws(Problem) -> Bool) throws(Problem) {
        func fail(_ line: Int?, _ problem: String) -> Problem { Problem(path: path, line: line, problem: problem) }
        var pending: [UInt8] = []
        var atEnd = !(try read(&pending, pieceSize))
        while !atEnd, pending.count < 3 { atEnd = !(try read(&pending, pieceSize)) }
        var isUTF16 = false
        if pending.starts(with: [0xFF, 0xFE]) || pending.starts(with: [0xFE, 0xFF]) {
            // UTF-16 is decoded whole, then read as UTF-8.
            while !atEnd { atEnd = !(try read(&pending, max(pieceSize, pending.count))) }
            pending = Array(try Self.text(ofUTF16: pending, fail).utf8)
            isUTF16 = true
        } else if pending.starts(with: [0xEF, 0xBB, 0xBF]) {
            pending.removeFirst(3)
        }
        var rows = Rows(path: path, delimiter: delimiter, isUTF16: isUTF16, size: size)
        var scanner = RowScanner(delimiter: delimiter)
        var (consumed, reported) = (0, -1)
        while true {
            let (complete, found) = scanner.rows(in: pending, atEnd: atEnd)
            if complete > 0 {
                try rows.add(pending[..<complete], found, startLine: found[0].line)
                pending.removeFirst(complete)
                consumed += complete
                if let size, size > 0, consumed * 100 / size != reported {
                    reported = consumed * 100 / size
                    progress(Double(min(reported, 100)) / 100)
                }
            }
            if atEnd { break }
            // A row longer than a piece: read as much again as is pending, so it is scanned O(1) times.
            atEnd = !(try read(&pending, max(pieceSize, pending.count)))
        }
        guard let titles = rows.titles else { throw fail(nil, "empty: no header row") }
        (self.titles, self.rows, byteCount) = (titles, rows.rows(), size ?? consumed)
    }

    /// The rows of a CSV file as its pieces are read: each piece's fields appended to one buffer.
    private struct Rows {
        let path: String
        let delimiter: Unicode.Scalar
        /// What a NUL is called in an error.
        let nul: String
        private(set) var titles: [String]?
        private var bytes: [UInt8] = []
        private var starts: [Int] = []
        private var fieldStarts: [Int] = []

        init(path: String, delimiter: Unicode.Scalar, isUTF16: Bool, size: Int?) {
            (self.path, self.delimiter) = (path, delimiter)
            nul = "a NUL character" + (isUTF16 ? "" : " (is it UTF-16 without a byte order mark?)")
            // The fields are at most the file's bytes: each field's delimiter or line end becomes its NUL.
            if let size { bytes.reserveCapacity(size) }
        }

        /// Adds the rows of `piece`, whose rows `found` scanned, its first on line `startLine`.
        mutating func add(_ piece: ArraySlice<UInt8>, _ found: [RowScanner.Row], startLine: Int) throws(Problem) {
            func fail(_ line: Int?, _ problem: String) -> Problem { Problem(path: path, line: line, problem: problem) }
            guard let text = String(validating: piece, as: UTF8.self) else {
                // The rows before the invalid sequence first, so that the first problem in the
                // file is the one named, however the file was cut into pieces.
                let valid = Self.validPrefixCount(piece)
                let before = found.prefix { $0.end <= valid }
                if let last = before.last { try add(piece.prefix(last.end), Array(before), startLine: startLine) }
                throw fail(startLine - 1 + CSVTable.line(ofFirstError: piece, UTF8.self), "not valid UTF-8")
            }
            let reader: CSVReader
            do {
                reader = try CSVReader(string: text, hasHeaderRow: false, delimiter: delimiter)
            } catch {
                throw fail(nil, "cannot be read (\(error))")
            }
            var scanned = found.makeIterator()
            while let row = reader.next() {
                let scan = scanned.next() ?? RowScanner.Row(line: found.last?.line ?? startLine, isBlank: false)
                if let line = scan.nul { throw fail(line, nul) }
                if let line = scan.openQuote { throw fail(line, "a quote opened here is never closed") }
                if scan.isBlank, row == [""] { continue }
                guard let titles else {
                    titles = row
                    continue
                }
                guard row.count == titles.count else {
                    throw fail(scan.line, "\(row.count) field\(row.count == 1 ? "" : "s"), but the header has \(titles.count)")
                }
                // A wide row's fields are indexed (`CSVRowStore.fieldStarts`), and the row is its first field's index.
                let isWide = titles.count > CSVRowStore.indexedWidth
                starts.append(isWide ? fieldStarts.count : bytes.count)
                for field in row {
                    if isWide { fieldStarts.append(bytes.count) }
                    bytes += field.utf8
                    bytes.append(0)
                }
            }
        }

        /// The count of `bytes`' bytes before its first invalid UTF-8 sequence.
        private static func validPrefixCount(_ bytes: ArraySlice<UInt8>) -> Int {
            var (parser, iterator, count) = (Unicode.UTF8.ForwardParser(), bytes.makeIterator(), 0)
            while case .valid(let scalar) = parser.parseScalar(from: &iterator) { count += scalar.count }
            return count
        }

        /// The rows, in one store.
        consuming func rows() -> [CSVRow] {
            let count = titles?.count ?? 0
            let store = CSVRowStore(fieldCount: count, bytes: bytes, fieldStarts: count > CSVRowStore.indexedWidth ? fieldStarts : nil)
            return starts.map { CSVRow(store, start: $0) }
        }
    }

    /// `bytes`, after a UTF-16 byte order mark, as text. An invalid sequence is an error naming its line.
    private static func text(ofUTF16 bytes: [UInt8], _ fail: (Int?, String) -> Problem) throws(Problem) -> String {
        let littleEndian = bytes[0] == 0xFF
        let units = stride(from: 2, to: bytes.count - 1, by: 2).lazy.map { index in
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            return littleEndian ? second << 8 | first : first << 8 | second
        }
        guard bytes.count % 2 == 0, let text = String(validating: units, as: UTF16.self) else {
            throw fail(line(ofFirstError: units, UTF16.self), "not valid UTF-16")
        }
        return text
    }

    /// The line of the first invalid sequence in `units` (the last line if there is none).
    static func line<Encoding: Unicode.Encoding>(ofFirstError units: some Sequence<Encoding.CodeUnit>,
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

/// CSV bytes followed row by row as CSV.swift splits them, byte by byte: where a piece's
/// complete rows end, and what CSV.swift does not report: the line each row starts on, whether it
/// is a blank line (which CSV.swift reads as a row of one empty field), a NUL, and a quote that
/// opens a field and is never closed (which CSV.swift ends at the end of the text).
private struct RowScanner {
    /// A row scanned.
    struct Row {
        /// The line it starts on.
        var line: Int
        var isBlank: Bool
        /// The line of its first NUL.
        var nul: Int?
        /// The line of its quote that opens a field and is never closed (the last row's).
        var openQuote: Int?
        /// Where it ends in the bytes scanned: where the next row starts.
        var end = 0
    }

    private let separator: [UInt8]
    /// The line the next row starts on.
    private var line = 1

    init(delimiter: Unicode.Scalar) {
        separator = Array(String(delimiter).utf8)
    }

    /// The rows of `bytes` that end in it (all of them `atEnd`: the last may end with the bytes),
    /// and the count of their bytes. The next call's bytes start where those rows end.
    mutating func rows(in bytes: [UInt8], atEnd: Bool) -> (count: Int, rows: [Row]) {
        bytes.withUnsafeBufferPointer { bytes in
            var (index, rows) = (0, [Row]())
            while index < bytes.count, let (found, end) = next(in: bytes, from: index, atEnd: atEnd) {
                var row = found
                row.end = end
                rows.append(row)
                index = end
            }
            return (index, rows)
        }
    }

    /// The row at `first` and where it ends, or nil when it does not end in `bytes` (and not `atEnd`).
    private mutating func next(in bytes: UnsafeBufferPointer<UInt8>, from first: Int, atEnd: Bool) -> (Row, end: Int)? {
        enum State { case fieldStart, unquoted, quoted, quoteInQuoted }
        var state = State.fieldStart
        var row = Row(line: line, isBlank: false)
        var (index, lines) = (first, 0)
        var quoteLine = 0  // where the open quoted field starts
        var afterCR = false
        while index < bytes.count {
            let byte = bytes[index]  // a scalar's bytes after its first are never a quote, a line break or a NUL
            if byte == 0, row.nul == nil { row.nul = line + lines }
            let isBreak = byte == 0x0A || byte == 0x0D
            if isBreak, state != .quoted {  // the end of the row, a CR LF as one
                if byte == 0x0D, index + 1 == bytes.count, !atEnd { return nil }
                row.isBlank = index == first
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                line += lines + 1
                return (row, index)
            }
            let isDelimiter = byte == separator[0] && bytes[index...].starts(with: separator)
            switch state {
            case .fieldStart where byte == 0x22:
                (state, quoteLine) = (.quoted, line + lines)
            case .quoted:
                if byte == 0x22 { state = .quoteInQuoted } else if isBreak, !(byte == 0x0A && afterCR) { lines += 1 }
            case .quoteInQuoted:
                // A closing quote (before a delimiter), or a quote or anything else after it: still inside.
                state = isDelimiter ? .fieldStart : .quoted
            case .fieldStart, .unquoted:
                state = isDelimiter ? .fieldStart : .unquoted
            }
            afterCR = byte == 0x0D
            index += isDelimiter ? separator.count : 1
        }
        guard atEnd else { return nil }
        if state == .quoted { row.openQuote = quoteLine }
        line += lines
        return (row, index)
    }
}
