import DataTables
import TextMeasure

/// The lines of the wrapped text cells a layout measured, kept (24 bytes a line) so that drawing
/// takes them instead of laying each text out again. A drawing installs one in its layout
/// (`DataTableLayout.lineCache`) before it measures rows; rows measured before that are laid out
/// again when drawn.
///
/// A cell's lines are kept by its row index and column when measured, with the text, font and
/// width they were laid out for, and given back only for the same three: a cell whose text
/// changed, a row that moved, a column whose width changed is laid out again, never drawn
/// from stale lines. Holds at most one entry per cell position.
final class LineCache: LineKeeper {
    fileprivate struct Entry {
        let column: Int
        let text: String
        let font: FontStack
        let width: Double
        let lines: [KeptLine]
    }

    /// Each row's entries, by row index; a row has few columns, so a cell is found by a scan.
    private let rows = Lock<[Int: [Entry]]>([:])

    func height(of text: PreparedText, atWidth width: Double, row: Int, column: Int) -> Double {
        let (height, lines) = text.keptLines(atWidth: width)
        let entry = lines.map { Entry(column: column, text: text.text, font: text.stack, width: width, lines: $0) }
        rows.withLock { rows in
            // In place: the row's entries are not copied out of the dictionary and back.
            rows[row, default: []].removeAll { $0.column == column }
            if let entry { rows[row, default: []].append(entry) }
        }
        return height
    }

    /// The kept cells of row `row`, for `lines(of:font:width:column:)`: looked up once a row.
    func row(_ row: Int) -> Row { Row(entries: rows.withLock { $0[row] } ?? []) }

    /// A row's kept cells.
    struct Row {
        fileprivate let entries: [Entry]

        /// The lines of `text` laid out in `font` at `width`, the cell of column `column`, as
        /// measuring kept them; nil when it kept none for exactly these. O(columns + lines).
        func lines(of text: String, font: FontStack, width: Double, column: Int) -> [TextLine]? {
            guard let entry = entries.first(where: { $0.column == column }),
                  entry.width == width, entry.font == font, entry.text == text else { return nil }
            return font.lines(of: text, kept: entry.lines[...])
        }
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

    /// `measureRows(_:)` for a drawing: the rows measured keep their wrapped lines in the line
    /// cache for the drawing to take.
    func measureRowsForDrawing(_ range: Range<Int>) {
        _ = lineCache
        measureRows(range)
    }
}
