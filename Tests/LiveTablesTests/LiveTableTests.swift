import DataTables
import Foundation
@testable import LiveTables
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The live table's protocol, page by page, worked out by hand in Noto Sans Mono at 10 px (6 px an
/// advance, 13.62 px a line) in columns 60 px wide with no padding or header: 10 characters a line.
@Suite struct LiveTableTests {
    struct Row: ServedRow, Equatable {
        let id: Int
        var fields: [String]
    }

    static let line = MonoTable.grid(MonoTable.line)

    /// `count` rows of one-line cells, none measured yet.
    static func table(_ count: Int = 50, saving: (path: String, delimiter: Unicode.Scalar)? = nil) throws -> LiveTable<Row> {
        let columns = [DataTableColumn<Row>("Dept") { $0.fields[0] }, DataTableColumn<Row>("Item") { $0.fields[1] }]
        let layout = try DataTableLayout(rows: (0..<count).map { Row(id: $0, fields: ["d\($0)", "one"]) }, columns: columns,
                                         configuration: MonoTable.configuration(estimate: 44))
        return LiveTable(layout: layout, titles: ["Dept", "Item"], saving: saving)
    }

    /// A page: what it was sent, in order.
    final class Page: @unchecked Sendable {
        let stream: AsyncStream<PageMessage>
        let continuation: AsyncStream<PageMessage>.Continuation
        var iterator: AsyncStream<PageMessage>.Iterator
        init() {
            (stream, continuation) = AsyncStream<PageMessage>.makeStream()
            iterator = stream.makeAsyncIterator()
        }

        func next() async -> PageMessage? { await iterator.next() }

        /// The next message, which must be text: as JSON.
        func json() async throws -> [String: Any] {
            guard case .text(let text)? = await next() else { throw Failure("not a text message") }
            return try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        }

        /// The next text message of type `type`, past any other.
        func json(ofType type: String) async throws -> [String: Any] {
            while let message = await next() {
                guard case .text(let text) = message,
                      let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                      json["type"] as? String == type else { continue }
                return json
            }
            throw Failure("no \(type) message")
        }

        /// The next message, which must be a frame: its header and values.
        func frame() async throws -> (kind: Int, first: Int, measured: Int, rows: Int, values: [Double]) {
            guard case .binary(let bytes)? = await next() else { throw Failure("not a frame") }
            var doubles: [Double] = []
            for at in stride(from: 0, to: bytes.count, by: 8) {
                var bits: UInt64 = 0
                for byte in 0..<8 { bits |= UInt64(bytes[at + byte]) << UInt64(8 * byte) }  // little-endian
                doubles.append(Double(bitPattern: bits))
            }
            #expect(Int(doubles[2]) == doubles.count - 5)
            return (Int(doubles[0]), Int(doubles[1]), Int(doubles[3]), Int(doubles[4]), Array(doubles[5...]))
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aPageGetsTheTableThenTheHeightsAsRowsAreMeasured() async throws {
        let table = try Self.table()
        let page = Page()
        _ = await table.connect(page.continuation)
        let hello = try await page.json()
        #expect(hello["type"] as? String == "hello" && hello["rowCount"] as? Int == 50 && hello["version"] as? Int == 0)
        let columns = try #require(hello["columns"] as? [[String: Any]])
        #expect(columns.map { $0["width"] as? Double } == [60, 60] && columns.map { $0["x"] as? Double } == [0, 60])
        // The estimates; no IDs, each row's being its index, as a page assumes.
        let heights = try await page.frame()
        #expect(heights.kind == 1 && heights.values == Array(repeating: 44, count: 50) && heights.measured == 0)
        while await table.measureNextRows() {}
        let measured = try await page.frame()
        // Every row one line: its height on the grid, so 50 of them sum to 50 lines exactly.
        #expect(measured.first == 0 && measured.values == Array(repeating: Self.line, count: 50) && measured.measured == 50)
        #expect(measured.values.reduce(0, +) == 50 * Self.line)
    }

    @Test func anEditGoesToEveryPageWithTheRowsNewHeightAndTheEditorGetsItsAck() async throws {
        let table = try Self.table()
        while await table.measureNextRows() {}
        let (editor, other) = (Page(), Page())
        let editorNumber = await table.connect(editor.continuation)
        _ = await table.connect(other.continuation)
        for page in [editor, other] { _ = try await page.json(); _ = try await page.frame() }
        await table.handle(#"{"type":"edit","request":7,"id":4,"column":1,"text":"aaaa bbbb cccc dddd eeee"}"#, from: editorNumber)
        for page in [editor, other] {
            let edit = try await page.json()
            // "aaaa bbbb" / "cccc dddd" / "eeee": three lines, two more than before.
            #expect(edit["type"] as? String == "edit" && edit["version"] as? Int == 1 && edit["row"] as? Int == 4)
            #expect(edit["height"] as? Double == MonoTable.grid(3 * MonoTable.line))
            #expect(edit["delta"] as? Double == MonoTable.grid(3 * MonoTable.line) - Self.line)
            let frame = try await page.frame()
            #expect(frame.first == 4 && frame.values == [MonoTable.grid(3 * MonoTable.line)])
        }
        let ack = try await editor.json()
        #expect(ack["type"] as? String == "ack" && ack["request"] as? Int == 7 && ack["version"] as? Int == 1)
        await table.handle(#"{"type":"rows","request":8,"from":4,"to":5}"#, from: editorNumber)
        let rows = try await editor.json()
        #expect(rows["ids"] as? [Int] == [4] && rows["texts"] as? [[String]] == [["d4", "aaaa bbbb cccc dddd eeee"]])
        let cells = try #require(rows["rows"] as? [[[[Any]]]])
        // Each line: [left, top, baseline, right-to-left, class, text, width]: the text of the item's three lines.
        #expect(cells[0][1].map { $0[5] as? String } == ["aaaa bbbb", "cccc dddd", "eeee"])
        #expect(cells[0][1].map { $0[1] as? Double } == [0, 13.625, 27.234375])  // each line's top on the 1/64 px grid
    }

    @Test func insertionsAndDeletionsAreNumberedAndOrdered() async throws {
        let table = try Self.table(3)
        let page = Page()
        let number = await table.connect(page.continuation)
        _ = try await page.json(); _ = try await page.frame()
        await table.handle(#"{"type":"insert","request":1,"at":1,"cells":["new","row"]}"#, from: number)
        let insert = try await page.json()
        #expect(insert["type"] as? String == "insert" && insert["row"] as? Int == 1 && insert["id"] as? Int == 3 && insert["version"] as? Int == 1)
        let heights = try await page.frame()
        #expect(heights.first == 0 && heights.rows == 4 && heights.values.count == 2 && heights.values[1] == Self.line)
        #expect(try await page.json()["type"] as? String == "ack")
        await table.handle(#"{"type":"delete","request":2,"id":0}"#, from: number)
        let delete = try await page.json()
        #expect(delete["type"] as? String == "delete" && delete["row"] as? Int == 0 && delete["version"] as? Int == 2)
        let snapshot = await table.snapshot()
        #expect(snapshot.rows.map(\.id) == [3, 1, 2] && snapshot.rows[0].fields == ["new", "row"])
        // A page connecting now is told the IDs, which are no longer the rows' indices.
        let late = Page()
        _ = await table.connect(late.continuation)
        _ = try await late.json()
        _ = try await late.frame()
        let ids = try await late.frame()
        #expect(ids.kind == 2 && ids.values == [3, 1, 2])
    }

    @Test(arguments: [
        ("not json", "not JSON"),
        (#"{"type":"rows","request":1}"#, #"needs "from""#),
        (#"{"type":"fly","request":2}"#, "is not one of rows, edit, insert, delete"),
        (#"{"type":"rows","request":3,"from":2,"to":1}"#, "are not within the table's 50 rows"),
        (#"{"type":"rows","request":4,"from":0,"to":"all"}"#, #""to" has the wrong kind of value"#),
        (#"{"type":"edit","request":5,"id":99,"column":0,"text":"x"}"#, "no row has the ID 99"),
        (#"{"type":"edit","request":6,"id":1,"column":2,"text":"x"}"#, "column 2 is not one of the table's 2 columns"),
        (#"{"type":"edit","request":7,"id":1,"column":0,"text":"a\u0000b"}"#, "cannot hold a NUL"),
        (#"{"type":"insert","request":8,"at":51,"cells":["a","b"]}"#, #""at" 51 is not within 0...50"#),
        (#"{"type":"insert","request":9,"at":0,"cells":["a"]}"#, #""cells" has 1 texts; the table has 2 columns"#),
    ])
    func aBadMessageGetsAnErrorNamingWhatIsWrong(message: String, says: String) async throws {
        let table = try Self.table()
        let page = Page()
        let number = await table.connect(page.continuation)
        _ = try await page.json(); _ = try await page.frame()
        await table.handle(message, from: number)
        let error = try await page.json()
        #expect(error["type"] as? String == "error")
        let text = try #require(error["message"] as? String)
        #expect(text.contains(says), "\(text)")
        #expect(await table.version == 0)
    }

    @Test func aSavedFileIsTheTableAndAReadOnlyOneIsReported() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("live-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t.csv").path
        try Data("Dept,Item\n".utf8).write(to: URL(fileURLWithPath: path))
        let table = try Self.table(2, saving: (path, ","))
        let page = Page()
        let number = await table.connect(page.continuation)
        _ = try await page.json(); _ = try await page.frame()
        await table.handle(#"{"type":"edit","request":1,"id":1,"column":1,"text":"say \"hi\", twice"}"#, from: number)
        _ = try await page.json(ofType: "saved")
        // RFC 4180: CRLF after each line; a field with a comma or a quote quoted, its quotes doubled.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Dept,Item\r\nd0,one\r\nd1,\"say \"\"hi\"\", twice\"\r\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        await table.handle(#"{"type":"edit","request":2,"id":0,"column":1,"text":"kept"}"#, from: number)
        let message = try await page.json(ofType: "saveError")
        #expect((message["message"] as? String)?.contains("was not saved") == true)
        #expect(await table.snapshot().rows[0].fields == ["d0", "kept"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("kept") == false)
    }
}
