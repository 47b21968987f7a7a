import Foundation
import Synchronization
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Every way a font can fail to load is a typed error naming the culprit.
@Suite struct FontErrorTests {
    let temporary: String

    init() throws { temporary = try TemporaryFolder.make("font-errors") }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = temporary + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    var notoSansBytes: [UInt8] { get throws { [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSans.path()))) } }

    @Test func missingFile() {
        #expect(throws: FontError.fileNotFound(path: "/no/such/font.ttf")) { try Font(path: "/no/such/font.ttf") }
    }

    @Test func directoryIsNotARegularFile() {
        #expect(throws: FontError.notARegularFile(path: temporary, kind: "a directory")) { try Font(path: temporary) }
    }

    @Test func deviceIsNotARegularFile() {
        #expect(throws: FontError.notARegularFile(path: "/dev/null", kind: "a character device")) { try Font(path: "/dev/null") }
    }

    /// Opening a FIFO for reading waits for a writer: the font is refused before that. Should the
    /// check regress, the load is given 10 s and then released by opening the FIFO's other end
    /// (again for every open), so the test fails instead of hanging.
    @Test func fifoIsRefusedPromptly() throws {
        let path = temporary + "/pipe.ttf"
        unlink(path)
        try #require(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<Font, FontError>?>(nil)
        Thread.detachNewThread {
            let result = Result { () throws(FontError) -> Font in try Font(path: path) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        if done.wait(timeout: .now() + 10) == .timedOut {
            Issue.record("Font(path:) on a FIFO still waited after 10 s")
            repeat {  // each open of the FIFO waits for a writer: give it one until the load ends
                let writer = open(path, O_WRONLY | O_NONBLOCK)
                if writer >= 0 { close(writer) }
            } while done.wait(timeout: .now() + 0.01) == .timedOut
        }
        let result = outcome.withLock { $0 }
        guard case .failure(let error)? = result else { Issue.record("a FIFO loaded as a font"); return }
        #expect(error == .notARegularFile(path: path, kind: "a FIFO (named pipe)"))
    }

    @Test func nonFontBytes() throws {
        let path = try write(Array("name,price\nwidget,1.00\n".utf8), "table.csv")
        #expect(throws: FontError.notAFont(path: path)) { try Font(path: path) }
        #expect(throws: FontError.notAFont(path: "<memory>")) { try Font(data: Array("hello".utf8)) }
        #expect(throws: FontError.notAFont(path: "<memory>")) { try Font(data: []) }
    }

    @Test func truncatedFontNamesTheTable() throws {
        let bytes = try notoSansBytes
        let path = try write(Array(bytes.prefix(bytes.count / 2)), "half.ttf")
        #expect {
            try Font(path: path)
        } throws: { error in
            guard case .truncated(let culprit, let table)? = error as? FontError else { return false }
            return culprit == path && table.count == 4
        }
        #expect(throws: FontError.truncated(path: "<memory>", table: "table directory")) {
            try Font(data: Array(bytes.prefix(20)))
        }
    }

    @Test func faceIndexOutOfRange() throws {
        let path = try BundledFont.notoSans.path()
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 1, faceCount: 1)) { try Font(path: path, faceIndex: 1) }
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: -1, faceCount: 1)) { try Font(path: path, faceIndex: -1) }
    }

    @Test func collectionFacesLoadByIndex() throws {
        // A two-face collection assembled from Noto Sans: the 'ttcf' header points both faces
        // at one table directory, so both faces are Noto Sans and measure alike.
        var bytes = try notoSansBytes
        let shift = 20
        var header: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 2] + [0, 0, 0, UInt8(shift)] + [0, 0, 0, UInt8(shift)]
        header += [UInt8](repeating: 0, count: shift - header.count)
        // Table offsets are from the start of the file: move each one by the header's length.
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<tables {
            let at = 12 + 16 * index + 8
            let offset = (Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])) + shift
            bytes.replaceSubrange(at..<at + 4, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: offset >> $0) })
        }
        let path = try write(header + bytes, "pair.ttc")
        let second = try Font(path: path, faceIndex: 1)
        #expect(second.faceIndex == 1)
        #expect(abs(second.width(of: "AVATAR") - (try Font.bundled(.notoSans)).width(of: "AVATAR")) < 1e-9)
        #expect(throws: FontError.faceIndexOutOfRange(path: path, index: 2, faceCount: 2)) { try Font(path: path, faceIndex: 2) }
    }

    @Test func missingRequiredTable() throws {
        var bytes = try notoSansBytes
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<tables where Array(bytes[12 + 16 * index ..< 16 + 16 * index]) == Array("hmtx".utf8) {
            bytes.replaceSubrange(12 + 16 * index ..< 16 + 16 * index, with: Array("hmtX".utf8))
        }
        #expect(throws: FontError.missingTable(path: "<memory>", table: "hmtx")) { try Font(data: bytes) }
    }

    /// Noto Sans with `edit` applied to the table tagged `tag`, given the table's bytes and
    /// its directory record (tag, checksum, offset, length).
    func notoSans(editing tag: String, _ edit: (inout [UInt8], _ table: Range<Int>, _ record: Int) -> Void) throws -> [UInt8] {
        var bytes = try notoSansBytes
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { Array(bytes[$0..<$0 + 4]) == Array(tag.utf8) })
        edit(&bytes, u32(record + 8)..<u32(record + 8) + u32(record + 12), record)
        return bytes
    }

    /// Fonts whose metrics tables load in HarfBuzz and FreeType alike but would measure every
    /// glyph as 0 (or scale by nonsense) are refused, naming the table and field.
    @Test func malformedMetricsNameTheField() throws {
        func rejects(_ bytes: [UInt8], _ table: String, _ field: String) {
            #expect {
                try Font(data: bytes)
            } throws: { error in
                guard case .malformed(let path, let culprit, let name, _)? = error as? FontError else { return false }
                return path == "<memory>" && culprit == table && name == field
            }
        }
        // hhea.numberOfHMetrics (offset 34) = 0.
        rejects(try notoSans(editing: "hhea") { bytes, table, _ in bytes[table.lowerBound + 34] = 0; bytes[table.lowerBound + 35] = 0 },
                "hhea", "numberOfHMetrics")
        // Every byte of hmtx zeroed.
        rejects(try notoSans(editing: "hmtx") { bytes, table, _ in bytes.replaceSubrange(table, with: repeatElement(0, count: table.count)) },
                "hmtx", "advanceWidth")
        // The first advance set to 59392 (0xE800), which HarfBuzz shapes as -6144.
        rejects(try notoSans(editing: "hmtx") { bytes, table, _ in bytes[table.lowerBound] = 0xE8; bytes[table.lowerBound + 1] = 0 },
                "hmtx", "advanceWidth")
        // hmtx two bytes shorter than hhea and maxp say (the directory's length field).
        rejects(try notoSans(editing: "hmtx") { bytes, table, record in
            let length = table.count - 2
            bytes.replaceSubrange(record + 12..<record + 16, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        }, "hmtx", "length")
        // head.unitsPerEm (offset 18) = 0 and 20000.
        for upem in [0, 20_000] {
            rejects(try notoSans(editing: "head") { bytes, table, _ in
                bytes[table.lowerBound + 18] = UInt8(upem >> 8); bytes[table.lowerBound + 19] = UInt8(upem & 0xFF)
            }, "head", "unitsPerEm")
        }
        #expect(FontError.malformed(path: "a.ttf", table: "hhea", field: "numberOfHMetrics", problem: "0")
            .description.contains("a.ttf: hhea.numberOfHMetrics"))
    }

    @Test func invalidSizesAndFeatures() throws {
        for size in [0, -3, .infinity] {
            #expect(throws: FontError.invalidSize(size)) { try Font.bundled(.notoSans, size: size) }
        }
        #expect {
            try Font.bundled(.notoSans, size: .nan)
        } throws: { error in
            if case .invalidSize(let size)? = error as? FontError { return size.isNaN }
            return false
        }
        #expect(throws: FontError.invalidFeature("=oops")) { try FontFeature("=oops") }
        #expect(try FontFeature("-liga").description == "-liga")
    }

    @Test func unknownFamily() {
        #expect(throws: FontError.familyNotFound(family: "No Such Family 7319")) { try Font(family: "No Such Family 7319") }
    }

    @Test func errorsDescribeTheCulprit() {
        #expect(FontError.fileNotFound(path: "/x/y.ttf").description.contains("/x/y.ttf"))
        #expect(FontError.faceIndexOutOfRange(path: "a.ttc", index: 3, faceCount: 2).description.contains("a.ttc"))
    }
}
