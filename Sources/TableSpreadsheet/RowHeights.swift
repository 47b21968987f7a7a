import DataTables
import TextMeasure

/// The heights of rows whose wrapped cells take more than one line, as LibreOffice Calc lays
/// such a cell out (its optimal row height; see the article "Spreadsheets").
enum RowHeights {
    /// Per row (0: the first below the header) with a wrapped cell of several lines, its height
    /// in points: the tallest cell's lines, each as tall as the fonts drawn in it
    /// (`ScreenText.lineHeight(of:)` of their `ScriptClass`es), plus `SpreadsheetMetrics.rowPadding`; at most Excel's
    /// 409 pt (`SpreadsheetMetrics.maximumRowHeight`; the rest of such a cell is reached by
    /// scrolling in it, as in Excel). Lines are broken as `lines(of:room:in:)` breaks them, in
    /// the column's width as LibreOffice reads it (`SpreadsheetColumnWidth.libreOfficePixels`).
    ///
    /// - Complexity: O(cells of the wrapping columns).
    static func heights<Row>(rows: [Row], columns: [DataTableColumn<Row>], font: SpreadsheetFont,
                             widths: [SpreadsheetColumnWidth], wraps: [Bool]) throws(SpreadsheetError) -> [Int: Double] {
        let wrapping = columns.indices.filter { wraps[$0] }
        guard !wrapping.isEmpty else { return [:] }
        let screen = try ScreenText(font.regular)
        let room = wrapping.map { (widths[$0].libreOfficePixels - SpreadsheetMetrics.wrapMargin) / SpreadsheetMetrics.layoutScale }
        var heights: [Int: Double] = [:]
        for (index, row) in rows.enumerated() {
            var tallest = 0.0, several = false
            for (position, column) in wrapping.enumerated() {
                let text = columns[column].text(row)
                guard !text.isEmpty else { continue }
                let lines = lines(of: text, room: Swift.max(1, room[position]), in: screen)
                several = several || lines.count > 1
                tallest = Swift.max(tallest, height(of: lines, in: text, screen: screen))
            }
            if several {
                let pixels = tallest + SpreadsheetMetrics.rowPadding
                heights[index] = Swift.min(pixels / SpreadsheetMetrics.pixelsPerPoint, SpreadsheetMetrics.maximumRowHeight)
            }
        }
        return heights
    }

    /// `heights` with every row of `spans` given one: its own cells' (wrapped, or one line, each
    /// line as tall as the fonts of its text), the spanning cells left out, plus
    /// `SpreadsheetMetrics.rowPadding`; and the rows of a span taller, in equal shares, by what
    /// the spanning cell's lines need beyond them (as a spreadsheet does not size rows for a
    /// merged cell). At most 409 pt a row.
    ///
    /// - Complexity: O(cells of the spans' rows).
    static func spanned<Row>(_ heights: [Int: Double], spans: [DataTableRowSpan], rows: [Row], columns: [DataTableColumn<Row>],
                             font: SpreadsheetFont, widths: [SpreadsheetColumnWidth], wraps: [Bool]) throws(SpreadsheetError) -> [Int: Double] {
        guard !spans.isEmpty else { return heights }
        let screen = try ScreenText(font.regular)
        var heights = heights
        var covered: Set<[Int]> = []  // [row, column] of a spanning cell
        for span in spans { for row in span.row..<(span.row + span.count) { covered.insert([row, span.column]) } }
        func points(_ pixels: Double) -> Double {
            Swift.min((pixels + SpreadsheetMetrics.rowPadding) / SpreadsheetMetrics.pixelsPerPoint, SpreadsheetMetrics.maximumRowHeight)
        }
        func cellHeight(_ text: String, column: Int) -> Double {
            guard !text.isEmpty else { return 0 }
            let room = (widths[column].libreOfficePixels - SpreadsheetMetrics.wrapMargin) / SpreadsheetMetrics.layoutScale
            let lines = wraps[column] ? lines(of: text, room: Swift.max(1, room), in: screen) : [text.startIndex..<text.endIndex]
            return height(of: lines, in: text, screen: screen)
        }
        for span in spans {
            var total = 0.0
            for row in span.row..<(span.row + span.count) {
                // The row's own cells: `heights` counted the spanned column's text in every row.
                let tallest = columns.indices.lazy.filter { !covered.contains([row, $0]) }
                    .map { column in cellHeight(columns[column].text(rows[row]), column: column) }.max() ?? 0
                heights[row] = points(Swift.max(tallest, screen.lineHeight(of: [ScriptClass.western])))
                total += heights[row]!
            }
            let needed = points(cellHeight(columns[span.column].text(rows[span.row]), column: span.column))
            if needed > total {
                let share = (needed - total) / Double(span.count)
                for row in span.row..<(span.row + span.count) { heights[row] = Swift.min(heights[row]! + share, SpreadsheetMetrics.maximumRowHeight) }
            }
        }
        return heights
    }

    /// The height in px of `text` broken into `lines`: each line as tall as the fonts of its
    /// characters' classes.
    ///
    /// - Complexity: O(length).
    static func height(of lines: [Range<String.Index>], in text: String, screen: ScreenText) -> Double {
        let classes = ScriptClass.resolved(text)
        let scalars = text.unicodeScalars
        var offset = 0, position = scalars.startIndex, height = 0.0
        for line in lines {
            offset += scalars.distance(from: position, to: line.lowerBound)
            let count = scalars.distance(from: line.lowerBound, to: line.upperBound)
            height += screen.lineHeight(of: classes[offset..<(offset + count)])
            (offset, position) = (offset + count, line.upperBound)
        }
        return height
    }

    /// The lines of `text` in `room` px as a spreadsheet breaks them, on whole-pixel glyphs:
    /// broken by TextMeasure's exact widths, then, while a line drawn on whole pixels is wider
    /// than the room, broken again narrower by the excess (a few rounds at most: each narrows by
    /// at least 1 px; after 8 the last lines stand). Each line is its range in `text`; a text
    /// of one line that fits drawn is that line, unbroken.
    ///
    /// - Complexity: O(length) a round.
    static func lines(of text: String, room: Double, in screen: ScreenText) -> [Range<String.Index>] {
        // A text of one line that fits is one line: no need to break it.
        if !text.contains(where: \.isNewline), screen.width(of: text) <= room { return [text.startIndex..<text.endIndex] }
        let prepared = screen.stack.prepare(text)
        var width = room, layout = prepared.layout(width: width)
        for _ in 0..<8 {
            let widest = layout.lines.reduce(0.0) { widest, line in
                Swift.max(widest, screen.width(of: String(text[line.range].reversed().drop(while: \.isWhitespace).reversed())))
            }
            guard widest > room, width > 1 else { break }
            width = Swift.max(1, width - Swift.max(1, widest - room))
            layout = prepared.layout(width: width)
        }
        return layout.lines.map(\.range)
    }
}
