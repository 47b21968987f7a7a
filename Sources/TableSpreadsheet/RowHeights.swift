import DataTables
import TextMeasure

/// The heights of rows whose wrapped cells take more than one line.
enum RowHeights {
    /// Per row (0: the first below the header) with a wrapped cell of several lines, its height
    /// in points: the lines of its tallest cell at `SpreadsheetMetrics.lineHeight(of:)` each.
    /// Lines are broken at the column's width less the padding, scaled back by `layoutScale`.
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
                lines = Swift.max(lines, screen.stack.prepare(text).lineCount(atWidth: Swift.max(1, room[position])))
            }
            if lines > 1 { heights[index] = Double(lines) * line }
        }
        return heights
    }
}
