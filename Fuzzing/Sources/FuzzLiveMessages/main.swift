import DataTables
import Dispatch
import Foundation
import FuzzSupport
import LiveTables
import TextMeasure

/// A row with an ID and its fields, as a served CSV row.
struct Row: ServedRow {
    let id: Int
    var fields: [String]
}

/// Input: a table (`FuzzTable`), then up to 24 messages from a page: raw text, or `rows`, `edit`,
/// `insert` and `delete` messages whose numbers and texts come from the input (in range or not).
/// Every message must be answered in order, and the table must stay whole: the answers are JSON
/// or well-formed height frames, each change acknowledged takes the next version (an edit that
/// changes nothing, none), the table's version is the last one acknowledged, and the page's row
/// count, followed through insertions and deletions, is the table's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveMessages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let table = FuzzTable(&input)
    var configuration = DataTableConfiguration(font: Fonts.stack(&input))
    configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
    configuration.textLayout = input.choice(2) == 0 ? .wrap : .singleLine
    configuration.maxColumnWidth = input.pick([nil, 80, 150] as [Double?])
    let columns = table.titles.indices.map { index in DataTableColumn<Row>(table.titles[index]) { $0.fields[index] } }
    let rows = table.rows.enumerated().map { Row(id: $0, fields: $1) }
    let layout: DataTableLayout<Row>
    do { layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration) } catch {
        fatalError("DataTableLayout threw \(error)")
    }
    var messages: [String] = []
    while !input.isAtEnd, messages.count < 24 { messages.append(message(&input, rows: rows.count, columns: columns.count)) }
    let finished = DispatchSemaphore(value: 0)
    let live = LiveTable(layout: layout, titles: table.titles)
    Task {
        await converse(live, messages: messages, columns: columns.count)
        finished.signal()
    }
    finished.wait()
    return 0
}

/// A message: raw text a fifth of the time, else one of the four kinds with numbers near the table's.
func message(_ input: inout FuzzInput, rows: Int, columns: Int) -> String {
    func number(_ around: Int) -> Int { input.pick([0, 1, around - 1, around, around + 1, -1, Int(input.byte()), Int.max, Int.min]) }
    let request = Int(input.byte())
    switch input.choice(5) {
    case 0: return input.shortString()
    case 1: return #"{"type":"rows","request":\#(request),"from":\#(number(0)),"to":\#(number(rows))}"#
    case 2:
        return #"{"type":"edit","request":\#(request),"id":\#(number(rows)),"column":\#(number(columns)),"text":\#(json(input.shortString()))}"#
    case 3:
        let cells = (0..<max(0, min(8, number(columns)))).map { _ in json(input.shortString()) }.joined(separator: ",")
        return #"{"type":"insert","request":\#(request),"at":\#(number(rows)),"cells":[\#(cells)]}"#
    default: return #"{"type":"delete","request":\#(request),"id":\#(number(rows))}"#
    }
}

func json(_ text: String) -> String {
    String(decoding: (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8), as: UTF8.self)
        .dropFirst().dropLast().description
}

/// One page's conversation: the table, then each message and its answers, checked as they come.
func converse(_ live: LiveTable<Row>, messages: [String], columns: Int) async {
    let (stream, continuation) = AsyncStream<PageMessage>.makeStream()
    let page = await live.connect(continuation)
    var heights: [Double] = []
    var count = -1
    var iterator = stream.makeAsyncIterator()
    func read() async -> [String: Any]? {
        guard let message = await iterator.next() else { return nil }
        switch message {
        case .binary(let bytes):
            require(bytes.count % 8 == 0 && bytes.count >= 40, "a frame of \(bytes.count) bytes")
            let values = stride(from: 0, to: bytes.count, by: 8).map { at in
                var bits: UInt64 = 0
                for byte in 0..<8 { bits |= UInt64(bytes[at + byte]) << UInt64(8 * byte) }
                return Double(bitPattern: bits)
            }
            let (kind, first, n, total) = (Int(values[0]), Int(values[1]), Int(values[2]), Int(values[4]))
            require(n == values.count - 5 && first >= 0 && first + n <= total, "a frame of rows \(first)..<\(first + n) of \(total)")
            if kind == 1 {
                if heights.count != total { heights = Array(repeating: 0, count: total) }
                for (index, height) in values[5...].enumerated() {
                    require(height.isFinite && height >= 0, "row \(first + index)'s height \(height)")
                    heights[first + index] = height
                }
            }
            return [:]
        case .text(let text):
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                fatalError("an answer that is not JSON: \(quoted(text))")
            }
            if object["type"] as? String == "hello" { count = object["rowCount"] as? Int ?? -1 }
            if object["type"] as? String == "insert" { count += 1 }
            if object["type"] as? String == "delete" { count -= 1 }
            return object
        }
    }
    _ = await read()
    var version = 0
    for message in messages {
        await live.handle(message, from: page)
        // Read up to this message's answer (an ack, an error or the rows): the changes come first.
        while let answer = await read() {
            let type = answer["type"] as? String
            if type == "ack" {
                // A change takes the next version; an edit to the text a cell already has changes nothing.
                let acknowledged = answer["version"] as? Int ?? -1
                require(acknowledged == version || acknowledged == version + 1, "ack of version \(acknowledged) after \(version)")
                version = acknowledged
                break
            }
            if type == "error" || type == "rows" { break }
        }
    }
    let (tableVersion, progress, snapshot) = (await live.version, await live.progress, await live.snapshot())
    require(tableVersion == version, "the table's version \(tableVersion), \(version) changes acknowledged")
    require(count == progress.rows, "the page counted \(count) rows, the table has \(progress.rows)")
    require(snapshot.rows.allSatisfy { $0.fields.count == columns }, "a row without one field a column")
    await live.disconnect(page)
}
