import DataTables
import TextMeasure

/// The lines of the wrapped text cells a layout measured, kept (24 bytes a line, about 40 a
/// cell) so that drawing takes them instead of laying each text out again. A drawing installs
/// one in its layout (`DataTableLayout.lineCache`) before it measures rows; rows measured before
/// that are laid out again when drawn.
///
/// A cell's lines are kept by its row index and column when measured, with the text, font and
/// width they were laid out for, and given back only for the same three: a cell whose text
/// changed, a row that moved, a column whose width changed is laid out again, never drawn
/// from stale lines. Holds one entry per row measured.
final class LineCache: LineKeeper {
    /// A row's kept cells, in the order measured, and their lines, one cell's after another's.
    fileprivate struct Entry {
        var cells: [Cell] = []
        var lines: [CompactLine] = []
    }

    fileprivate struct Cell {
        let text: String
        let width: Double
        let column: Int32
        /// Its font's index in `State.fonts`.
        let font: Int32
        /// Where its lines end in the row's.
        let linesEnd: Int32
    }

    private struct State {
        var rows: [Int: Entry] = [:]
        /// The fonts the cells were laid out in, each once (a table has a few).
        var fonts: [FontStack] = []
    }

    private let state = Lock(State())

    /// The spanning cells last laid out (`spanText`), so that a span going on over many pages is
    /// laid out once, not once a page (a long group name over a thousand pages would otherwise
    /// cost its whole text a page, in pagination and drawing both).
    /// A few at a time: pages are built in order, and a page continues few spans.
    private let spans = Lock<[SpanKey: SpanEntry]>([:])

    private struct SpanKey: Hashable {
        let row: Int
        let column: Int
    }

    private struct SpanEntry {
        let text: String
        let font: FontStack
        let width: Double
        let laidOut: SpanText
    }

    /// The spanning cell at (`row`, `column`), `text` in `font` at `width`, laid out: as last time
    /// for the same three, else by `layOut()`. O(1) on a hit (its text compared, which is O(1)
    /// for the same string).
    func spanText(row: Int, column: Int, text: String, font: FontStack, width: Double,
                  layOut: () -> SpanText) -> SpanText {
        let key = SpanKey(row: row, column: column)
        if let entry = spans.withLock({ $0[key] }), entry.width == width, entry.font == font, entry.text == text {
            return entry.laidOut
        }
        let laidOut = layOut()
        spans.withLock { spans in
            if spans.count >= 64 { spans.removeAll(keepingCapacity: true) }
            spans[key] = SpanEntry(text: text, font: font, width: width, laidOut: laidOut)
        }
        return laidOut
    }

    func height(of text: PreparedText, atWidth width: Double, row: Int, column: Int) -> Double {
        let (height, lines) = text.compactLines(atWidth: width)
        guard let lines else { return height }
        state.withLock { state in
            let font = state.fonts.firstIndex(of: text.stack) ?? state.fonts.count
            if font == state.fonts.count { state.fonts.append(text.stack) }
            // In place: the row's entry is not copied out of the dictionary and back. A column
            // not after the last one kept starts the row again: the row is being measured again.
            state.rows[row, default: Entry()].keep(lines, of: Cell(text: text.text, width: width, column: Int32(column),
                                                                    font: Int32(font), linesEnd: 0))
        }
        return height
    }

    /// The kept cells of row `row`, for `lines(of:font:width:column:)`: looked up once a row.
    func row(_ row: Int) -> Row {
        state.withLock { state in Row(entry: state.rows[row] ?? Entry(), fonts: state.fonts) }
    }

    /// A row's kept cells.
    struct Row {
        fileprivate let entry: Entry
        fileprivate let fonts: [FontStack]

        /// The lines of `text` laid out in `font` at `width`, the cell of column `column`, as
        /// measuring kept them; nil when it kept none for exactly these. O(columns + lines).
        func lines(of text: String, font: FontStack, width: Double, column: Int) -> [TextLine]? {
            guard let index = entry.cells.firstIndex(where: { $0.column == column }) else { return nil }
            let cell = entry.cells[index]
            guard cell.width == width, fonts[Int(cell.font)] == font, cell.text == text else { return nil }
            let start = index == 0 ? 0 : Int(entry.cells[index - 1].linesEnd)
            return font.lines(of: text, kept: entry.lines[start..<Int(cell.linesEnd)])
        }
    }
}

extension LineCache.Entry {
    /// Keeps `lines` for `cell` (its `linesEnd` set here).
    fileprivate mutating func keep(_ lines: [CompactLine], of cell: LineCache.Cell) {
        if let last = cells.last, cell.column <= last.column { self = LineCache.Entry() }
        self.lines += lines
        cells.append(LineCache.Cell(text: cell.text, width: cell.width, column: cell.column, font: cell.font,
                                    linesEnd: Int32(clamping: self.lines.count)))
    }
}

extension DataTableLayout {
    /// The line cache drawing this layout takes its wrapped lines from, installed as its
    /// `lineKeeper` the first time a drawing asks.
    var lineCache: LineCache {
        if let cache = lineKeeper as? LineCache { return cache }
        let cache = LineCache()
        lineKeeper = cache
        return cache
    }

    /// Keeps the lines of the wrapped text cells measured from now on, so that drawing takes them
    /// instead of laying the texts out again (24 bytes a line, with each cell's text, font and
    /// width). Call it before measuring rows you will draw: a drawing calls it itself, so rows
    /// measured before the first drawing are otherwise laid out again when drawn.
    ///
    /// - Complexity: O(1).
    public func keepLinesForDrawing() {
        _ = lineCache
    }

    /// `measureRows(_:)` for a drawing: the rows measured keep their wrapped lines in the line
    /// cache for the drawing to take.
    func measureRowsForDrawing(_ range: Range<Int>) {
        _ = lineCache
        measureRows(range)
    }

    /// `measureRowsForDrawing(0..<rowCount)` for each of `layouts` (a table's column bands),
    /// measured together (`measureAllRows(of:)`).
    static func measureAllRowsForDrawing(of layouts: [DataTableLayout]) {
        for layout in layouts { _ = layout.lineCache }
        measureAllRows(of: layouts)
    }
}

/// A spanning text cell laid out once for every page it goes on over: its lines, their heights
/// (`SpanLines`), and what drawing any of them needs from the whole text.
struct SpanText {
    let lines: [TextLine]
    let heights: [Double]
    /// The whole text's direction and tab interval (see `CellText.items`).
    let direction: TextDirection
    let tabInterval: Double
}
