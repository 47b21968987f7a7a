import DataTables
import Foundation
import TableRendering
import TextMeasure

/// A message to a page: text (JSON) or binary (rows' heights or IDs); see the "Serving a live
/// table" article.
public enum PageMessage: Sendable, Equatable {
    case text(String)
    case binary([UInt8])
}

/// The table a live page shows, without the server: its layout (every height the server's), the
/// pages connected to it, and the changes they make, in order. The one place that changes the
/// table, so every change has its version and every page gets the changes in the order of their
/// versions. `TableServer` puts it behind HTTP and a WebSocket; another server can do the same,
/// passing each page's messages to `handle(_:from:)` and sending it what its stream yields.
public actor LiveTable<Row: ServedRow> {
    private let layout: DataTableLayout<Row>
    private let titles: [String]
    private let cells: LiveCells
    /// The table's version: bumped by every accepted edit, insertion and deletion.
    public private(set) var version = 0
    private var nextID: Int
    private var pages: [Int: AsyncStream<PageMessage>.Continuation] = [:]
    private var nextPage = 0
    /// Where the background measuring goes on from.
    private var cursor = 0
    /// The font files the pages may load, by name.
    private var fontFiles: [String: String] = [:]
    private let saving: Saving?

    /// The page's font classes are scoped to its table's class.
    static var scope: String { ".tm-live" }
    /// Where the pages load font files from, relative to the page.
    static var fontPrefix: String { "fonts/" }
    /// How many rows one binary frame holds.
    static var frameRows: Int { 65_536 }
    /// How many rows the background measures between other work.
    static var measuringChunk: Int { 2_048 }

    /// The table of `layout`, its rows' fields under `titles`; every accepted change written to
    /// the CSV file `saving` names, with its field separator (nil: none).
    ///
    /// - Precondition: every row has one field per title.
    public init(layout: sending DataTableLayout<Row>, titles: [String], saving: (path: String, delimiter: Unicode.Scalar)? = nil) {
        self.layout = layout
        self.titles = titles
        self.saving = saving.map { Saving(path: $0.path, delimiter: $0.delimiter) }
        cells = LiveCells(id: "tm-live", scope: Self.scope)
        // Heights only: a million measured rows keep no per-cell widths (a width change, rare
        // here, measures every row again).
        layout.findsStableWidths = false
        nextID = (layout.rows.map(\.id).max() ?? -1) + 1
        // The header's cells now, not when the first page connects: placing them reads every
        // row's numbers once (a column's alignment by content), a third of a second at a million rows.
        header = cells.header(of: layout)
    }

    /// The header row's cells as the pages draw them (laid out again when a column's width changes).
    private var header = "[]"

    // MARK: Pages

    /// Connects a page: `page` gets the table as it is (`hello`, then every row's height and
    /// the IDs that are not the row's index, which a page assumes), then every change after it.
    /// Returns the page's number, for `disconnect(_:)`.
    public func connect(_ page: AsyncStream<PageMessage>.Continuation) -> Int {
        let number = nextPage
        nextPage += 1
        pages[number] = page
        page.yield(.text(hello()))
        let count = layout.rowCount, ids = layout.rowIDs
        for first in stride(from: 0, to: count, by: Self.frameRows) {
            let range = first..<min(count, first + Self.frameRows)
            page.yield(.binary(heightFrame(range)))
            guard range.contains(where: { ids[$0] != $0 }) else { continue }
            page.yield(.binary(HeightFrame.bytes(kind: HeightFrame.ids, first: first, values: range.map { Double(ids[$0]) },
                                                 measuredRows: layout.measuredRowCount, rowCount: count)))
        }
        return number
    }

    /// Disconnects page `number` (its stream finishes).
    public func disconnect(_ number: Int) {
        pages.removeValue(forKey: number)?.finish()
    }


    private func broadcast(_ message: PageMessage) {
        for page in pages.values { page.yield(message) }
    }

    /// `{"type":"hello",…}`: the version, the rows' count, the columns, the header's cells and
    /// the font rules so far.
    private func hello() -> String {
        var x = 0.0
        let columns = zip(titles, layout.columnWidths.widths).map { title, width in
            defer { x += width }
            return "{\"title\":\(jsonString(title)),\"x\":\(x),\"width\":\(width)}"
        }
        let (faces, classes) = fontRules()
        return "{\"type\":\"hello\",\"version\":\(version),\"rowCount\":\(layout.rowCount),\"measuredRows\":\(layout.measuredRowCount)"
            + ",\"headerHeight\":\(layout.headerBlockHeight),\"tableWidth\":\(x),\"columns\":[\(columns.joined(separator: ","))]"
            + ",\"header\":\(header),\"faces\":\(faces),\"classes\":\(classes),\"saving\":\(saving != nil)}"
    }

    /// The font rules of every face and class the cells sent so far use, as JSON arrays (a few
    /// lines: a page appends those it does not have yet).
    private func fontRules() -> (faces: String, classes: String) {
        let rules: (faces: [String], classes: [String], files: [HTMLTable.FontFile])
        do { rules = try cells.fontRules(prefix: Self.fontPrefix) } catch {
            // The page draws in its own fonts then: every page is told why, once.
            if !toldFontProblem {
                toldFontProblem = true
                broadcast(.text("{\"type\":\"error\",\"request\":null,\"message\":\(jsonString("The page cannot load a font: \(error)"))}"))
            }
            return ("[]", "[]")
        }
        for file in rules.files { fontFiles[file.name] = file.path }
        func array(_ list: [String]) -> String { "[" + list.map { jsonString($0) }.joined(separator: ",") + "]" }
        return (array(rules.faces), array(rules.classes))
    }

    private var toldFontProblem = false

    /// The path of the font file named `name` that a page was told to load; nil for any other.
    public func fontPath(named name: String) -> String? { fontFiles[name] }

    /// Rows `range`'s heights as a binary frame. O(range).
    private func heightFrame(_ range: Range<Int>) -> [UInt8] {
        HeightFrame.bytes(kind: HeightFrame.heights, first: range.lowerBound, values: layout.spacedHeights(range),
                          measuredRows: layout.measuredRowCount, rowCount: layout.rowCount)
    }

    // MARK: Measuring

    /// Measures the next rows not measured yet, from where the last call stopped, and sends
    /// their heights to every page. Returns false once every row is measured.
    ///
    /// - Complexity: O(`measuringChunk` × log n), plus measuring the rows (on every core).
    public func measureNextRows() -> Bool {
        let count = layout.rowCount
        guard layout.measuredRowCount < count else { return false }
        if cursor >= count { cursor = 0 }
        while cursor < count, layout.isMeasured(row: cursor) { cursor += 1 }
        guard cursor < count else { return true }  // the rows before the cursor are looked at next time
        let range = cursor..<min(count, cursor + Self.measuringChunk)
        layout.measureRows(range)
        cursor = range.upperBound
        broadcast(.binary(heightFrame(range)))
        return true
    }

    private var measuring: Task<Void, Never>?

    /// Measures every row not measured yet in the background, a chunk at a time, letting the
    /// pages' requests in between, unless that is under way.
    public func startMeasuring() {
        guard measuring == nil else { return }
        measuring = Task {
            while !Task.isCancelled {
                if let until = heldUntil, until > .now {  // a page is loading: the cores are its
                    try? await Task.sleep(until: until, clock: .continuous)
                    continue
                }
                guard measureNextRows() else { break }
                await Task.yield()
            }
            measuring = nil
        }
    }

    /// Until when the background measuring waits (`holdMeasuring(for:)`).
    private var heldUntil: ContinuousClock.Instant?

    /// Holds the background measuring for `duration`, or until a page's rows are sent: a page is
    /// being requested, and its first rows (measured on demand) and the browser drawing them
    /// should have the cores. A chunk under way finishes first.
    public func holdMeasuring(for duration: Duration) {
        heldUntil = max(heldUntil ?? .now, .now + duration)
    }

    /// Stops the background measuring (the server stopped).
    public func stopMeasuring() {
        measuring?.cancel()
        measuring = nil
    }

    /// How many rows are measured, and how many there are.
    public var progress: (measured: Int, rows: Int) { (layout.measuredRowCount, layout.rowCount) }

    // MARK: Requests

    /// Carries out `text`, a page's message (`ClientMessage`): its answer goes to `page`, any
    /// change to every page.
    public func handle(_ text: String, from page: Int) {
        guard let reply = pages[page] else { return }
        handlingSince = .now
        do {
            let message = try ClientMessage.parse(text)
            switch message.type {
            case .rows: try rows(message, to: reply)
            case .edit: try edit(message, to: reply)
            case .insert: try insert(message, to: reply)
            case .delete: try delete(message, to: reply)
            }
        } catch {
            reply.yield(.text("{\"type\":\"error\",\"request\":\(error.request.map(String.init) ?? "null"),\"message\":\(jsonString(error.description))}"))
        }
    }

    /// `rows`: the rows measured if they were not (their heights to every page first), then
    /// their cells, IDs and any new font rules to the page.
    private func rows(_ message: ClientMessage, to page: AsyncStream<PageMessage>.Continuation) throws(ClientMessage.Problem) {
        let from = try field(message.from, "from", message), to = try field(message.to, "to", message)
        guard from >= 0, from <= to, to <= layout.rowCount else {
            throw ClientMessage.Problem(request: message.request,
                                        description: "rows \(from)..<\(to) are not within the table's \(layout.rowCount) rows")
        }
        guard to - from <= ClientMessage.maximumRows else {
            throw ClientMessage.Problem(request: message.request, description: "at most \(ClientMessage.maximumRows) rows at a time, not \(to - from)")
        }
        let range = from..<to
        if layout.measureRows(range) { broadcast(.binary(heightFrame(range))) }
        let rows = cells.rows(range, of: layout)
        let ids = range.map { String(layout.rows[$0].id) }.joined(separator: ",")
        let texts = range.map { "[" + layout.rows[$0].fields.map { jsonString($0) }.joined(separator: ",") + "]" }.joined(separator: ",")
        let (faces, classes) = fontRules()
        // A page held the measuring while it loaded: its rows are on their way, the measuring goes on.
        if heldUntil != nil { heldUntil = nil }
        page.yield(.text("{\"type\":\"rows\",\"request\":\(message.request),\"version\":\(version),\"from\":\(from)"
            + ",\"ids\":[\(ids)],\"texts\":[\(texts)],\"rows\":[\(rows.joined(separator: ","))],\"faces\":\(faces),\"classes\":\(classes)}"))
    }

    /// `edit`: the cell changed, its row measured again (`replaceRow`), and the change, the
    /// row's new height and the offset delta below it sent to every page; then `ack` to the page.
    private func edit(_ message: ClientMessage, to page: AsyncStream<PageMessage>.Continuation) throws(ClientMessage.Problem) {
        let id = try field(message.id, "id", message), column = try field(message.column, "column", message)
        let text = try field(message.text, "text", message)
        let index = try row(withID: id, message)
        try checkText([text], message)
        guard titles.indices.contains(column) else {
            throw ClientMessage.Problem(request: message.request, description: "column \(column) is not one of the table's \(titles.count) columns")
        }
        var row = layout.rows[index]
        if row.fields[column] != text {
            let before = layout.offset(ofRow: index + 1) - layout.offset(ofRow: index)
            row.fields[column] = text
            let changes = layout.replaceRow(index, with: row)
            version += 1
            let after = layout.offset(ofRow: index + 1) - layout.offset(ofRow: index)
            // The row as every page draws it now, so none has to ask for it.
            let drawn = cells.rows(index..<(index + 1), of: layout)[0]
            let texts = "[" + row.fields.map { jsonString($0) }.joined(separator: ",") + "]"
            let (faces, classes) = fontRules()
            broadcast(.text("{\"type\":\"edit\",\"version\":\(version),\"id\":\(id),\"row\":\(index),\"column\":\(column)"
                + ",\"text\":\(jsonString(text)),\"height\":\(after),\"delta\":\(after - before)"
                + ",\"cells\":\(drawn),\"texts\":\(texts),\"faces\":\(faces),\"classes\":\(classes)}"))
            announce(changes, around: index..<(index + 1))
        }
        page.yield(.text(ack(message)))
    }

    /// `insert`: a row with the next ID before row `at`, through `setData`.
    private func insert(_ message: ClientMessage, to page: AsyncStream<PageMessage>.Continuation) throws(ClientMessage.Problem) {
        let at = try field(message.at, "at", message), fields = try field(message.cells, "cells", message)
        guard at >= 0, at <= layout.rowCount else {
            throw ClientMessage.Problem(request: message.request, description: "\"at\" \(at) is not within 0...\(layout.rowCount)")
        }
        try checkText(fields, message)
        guard fields.count == titles.count else {
            throw ClientMessage.Problem(request: message.request, description: "\"cells\" has \(fields.count) texts; the table has \(titles.count) columns")
        }
        let id = nextID
        nextID += 1
        var rows = layout.rows
        rows.insert(Row(id: id, fields: fields), at: at)
        let changes = (try? layout.setData(rows)) ?? DataTableChangeSet()  // a new ID: never a duplicate
        layout.measureRows(at..<(at + 1))
        version += 1
        broadcast(.text("{\"type\":\"insert\",\"version\":\(version),\"row\":\(at),\"id\":\(id)}"))
        announce(changes, around: max(0, at - 1)..<(at + 1))
        page.yield(.text(ack(message)))
    }

    /// `delete`: the row with `id` gone, through `setData`.
    private func delete(_ message: ClientMessage, to page: AsyncStream<PageMessage>.Continuation) throws(ClientMessage.Problem) {
        let id = try field(message.id, "id", message)
        let index = try row(withID: id, message)
        var rows = layout.rows
        rows.remove(at: index)
        let changes = (try? layout.setData(rows)) ?? DataTableChangeSet()
        version += 1
        broadcast(.text("{\"type\":\"delete\",\"version\":\(version),\"row\":\(index),\"id\":\(id)}"))
        announce(changes, around: max(0, index - 1)..<min(layout.rowCount, index))
        page.yield(.text(ack(message)))
    }

    /// After a change: the heights of the rows `around` it (or, when a column's width changed,
    /// the new widths and every height), then the file saved.
    private func announce(_ changes: DataTableChangeSet, around rows: Range<Int>) {
        if changes.columnWidthsChanged {
            let widths = layout.columnWidths.widths.map { String($0) }.joined(separator: ",")
            header = cells.header(of: layout)
            broadcast(.text("{\"type\":\"columns\",\"version\":\(version),\"widths\":[\(widths)],\"header\":\(header)}"))
            let count = layout.rowCount
            for first in stride(from: 0, to: count, by: Self.frameRows) { broadcast(.binary(heightFrame(first..<min(count, first + Self.frameRows)))) }
            startMeasuring()  // the rows the new widths may change are measured again
        } else if !rows.isEmpty {
            broadcast(.binary(heightFrame(rows)))
        } else if layout.rowCount == 0 {
            broadcast(.binary(heightFrame(0..<0)))
        }
        save()
    }

    /// When the message being handled arrived.
    private var handlingSince = ContinuousClock.now

    /// `{"type":"ack",…}`: the change is applied and every page has it; `took` is how long that
    /// took here, in microseconds, from the message's arrival to the last page's patch queued.
    private func ack(_ message: ClientMessage) -> String {
        let took = (ContinuousClock.now - handlingSince) / .microseconds(1)
        return "{\"type\":\"ack\",\"request\":\(message.request),\"version\":\(version),\"took\":\(Int(took.rounded(.up)))}"
    }

    private func field<Value>(_ value: Value?, _ name: String, _ message: ClientMessage) throws(ClientMessage.Problem) -> Value {
        guard let value else { throw ClientMessage.Problem(request: message.request, description: "a \(message.type.rawValue) message needs \"\(name)\"") }
        return value
    }

    /// Refuses a NUL, which no CSV cell can hold.
    private func checkText(_ texts: [String], _ message: ClientMessage) throws(ClientMessage.Problem) {
        if texts.contains(where: { $0.utf8.contains(0) }) {
            throw ClientMessage.Problem(request: message.request, description: "a cell's text cannot hold a NUL character")
        }
    }

    private func row(withID id: Int, _ message: ClientMessage) throws(ClientMessage.Problem) -> Int {
        guard let index = layout.index(ofRowWithID: id) else {
            throw ClientMessage.Problem(request: message.request, description: "no row has the ID \(id) (deleted?)")
        }
        return index
    }

    // MARK: The table as it is

    /// The titles and every row's fields, now.
    public func snapshot() -> (titles: [String], rows: [Row]) { (titles, layout.rows) }

    // MARK: Saving

    private var isSaving = false
    private var savePending = false

    /// Writes the table to the saved file, after the save under way if there is one (edits
    /// arriving meanwhile are saved together, by the next write).
    private func save() {
        guard let saving else { return }
        guard !isSaving else { savePending = true; return }
        isSaving = true
        let (rows, version) = (layout.rows, version)
        Task.detached { [titles] in
            let result = saving.write(titles: titles, rows: rows)
            await self.saved(version, result)
        }
    }

    private func saved(_ savedVersion: Int, _ result: Result<Void, Saving.Failure>) {
        isSaving = false
        switch result {
        case .success:
            broadcast(.text("{\"type\":\"saved\",\"version\":\(savedVersion)}"))
        case .failure(let failure):
            broadcast(.text("{\"type\":\"saveError\",\"version\":\(savedVersion),\"message\":\(jsonString(failure.description))}"))
        }
        if savePending {
            savePending = false
            save()
        }
    }
}
