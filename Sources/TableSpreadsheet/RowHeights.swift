import DataTables
import TextMeasure

/// The heights of rows whose wrapped cells take more than one line.
enum RowHeights {
    /// Per row (0: the first below the header) with a wrapped cell of several lines, its height
    /// in points: the lines of its tallest cell at `SpreadsheetMetrics.lineHeight(of:)` each, at
    /// most Excel's 409 pt (`SpreadsheetMetrics.maximumRowHeight`; the rest of such a cell is
    /// reached by scrolling in it or by a taller zoom, as in Excel).
    /// Lines are broken at the column's width less the padding, scaled back by `layoutScale`, and
    /// no line is wider drawn on whole pixels (`lineCount(of:room:in:)`).
    ///
    /// - Complexity: O(cells of the wrapping columns).
    static func heights<Row>(rows: [Row], columns: [DataTableColumn<Row>], font: SpreadsheetFont,
                             widths: [SpreadsheetColumnWidth], wraps: [Bool]) throws(SpreadsheetError) -> [Int: Double] {
        let wrapping = columns.indices.filter { wraps[$0] }
        guard !wrapping.isEmpty else { return [:] }
        let screen = try ScreenText(font.regular)
        let room = wrapping.map { (Double(widths[$0].pixels) - SpreadsheetMetrics.cellPadding) / SpreadsheetMetrics.layoutScale }
        let line = SpreadsheetMetrics.lineHeight(of: font)
        var heights: [Int: Double] = [:]
        for (index, row) in rows.enumerated() {
            var lines = 1
            for (position, column) in wrapping.enumerated() {
                let text = columns[column].text(row)
                guard !text.isEmpty else { continue }
                lines = Swift.max(lines, lineCount(of: text, room: Swift.max(1, room[position]), in: screen))
            }
            if lines > 1 { heights[index] = Swift.min(Double(lines) * line, SpreadsheetMetrics.maximumRowHeight) }
        }
        return heights
    }

    /// How many lines `text` takes in `room` px as a spreadsheet breaks it, on whole-pixel
    /// glyphs: broken by TextMeasure's exact widths, then, while a line drawn on whole pixels is
    /// wider than the room, broken again narrower by the excess (a few rounds at most: each
    /// narrows by at least 1 px; after 8 the last count stands).
    ///
    /// - Complexity: O(length) a round.
    static func lineCount(of text: String, room: Double, in screen: ScreenText) -> Int {
        let prepared = screen.stack.prepare(text)
        var width = room, layout = prepared.layout(width: width)
        for _ in 0..<8 {
            let widest = layout.lines.reduce(0.0) { widest, line in
                Swift.max(widest, screen.width(of: String(line.text.reversed().drop(while: \.isWhitespace).reversed())))
            }
            guard widest > room, width > 1 else { break }
            width = Swift.max(1, width - Swift.max(1, widest - room))
            layout = prepared.layout(width: width)
        }
        return layout.lineCount
    }
}
