import CellLayout
import DataTables
import TextMeasure

/// The columns of a table as a style draws them: where each starts, how wide it is, and how its
/// cells are aligned (`alignments` by index, else the column's own).
struct PlacedColumns {
    let starts: [Double]
    let widths: [Double]
    let tableWidth: Double
    let alignments: [ColumnAlignment]

    /// O(columns).
    init<Row: Identifiable>(_ layout: DataTableLayout<Row>, alignments: [ColumnAlignment]) {
        widths = layout.columnWidths.columns.map(\.width)
        var starts: [Double] = []
        var x = 0.0
        for width in widths {
            starts.append(x)
            x += width
        }
        (self.starts, tableWidth) = (starts, x)
        self.alignments = layout.columns.indices.map { column in column < alignments.count ? alignments[column] : layout.alignment(ofColumn: column) }
    }
}

/// A stretch of a table's rows as a page (or a strip, or a chunk of a document) places them,
/// and the cells it draws in them: the rows at their offsets on pages (grown by `growth`), the
/// first `skipped` points into the first row above the header, the last cut `bottom` points
/// into it; spanning cells drawn as `spans` says; the rows of `split` shown by their lines
/// between those cuts. See `DataTableLayout.styleConfiguration(rows:alignments:)`.
struct PlacedRows<Row: Identifiable> {
    let layout: DataTableLayout<Row>
    let rows: Range<Int>
    let columns: PlacedColumns
    let skipped: Double
    let bottom: Double?
    let split: [Int: SplitRow]
    let spans: DataTableLayout<Row>.SpanDrawing
    let pageStarts: [Double]
    let growth: PageRowGrowth
    /// Where the first row's part shown starts and where the last one's ends, as offsets on pages.
    let first: Double, end: Double

    init(_ layout: DataTableLayout<Row>, rows: Range<Int>, columns: PlacedColumns, skipping skipped: Double, bottom: Double?,
         split: [Int: SplitRow], spans: DataTableLayout<Row>.SpanDrawing, pageStarts: [Double], growth: PageRowGrowth) {
        (self.layout, self.rows, self.columns, self.skipped, self.bottom) = (layout, rows, columns, skipped, bottom)
        (self.split, self.spans, self.pageStarts, self.growth) = (split, spans, pageStarts, growth)
        first = (rows.isEmpty ? 0 : layout.pageOffset(ofRow: rows.lowerBound, growth)) + skipped
        end = rows.isEmpty ? first : layout.pageOffset(ofRow: rows.upperBound - 1, growth) + (bottom ?? layout.pageHeight(ofRow: rows.upperBound - 1, growth))
    }

    /// Row `row` and its cells. O(its cells' layout).
    func row(_ row: Int) -> TableStyleConfiguration.Row {
        let frame = Rect(x: 0, y: layout.headerBlockHeight + layout.pageOffset(ofRow: row, growth) - first, width: columns.tableWidth,
                         height: layout.pageHeight(ofRow: row, growth))
        var cells = layout.columns.indices.map { cell(row: row, column: $0, rowFrame: frame) }
        let rowSpans = layout.rowSpans
        for span in rowSpans.isEmpty ? [] : rowSpans.spans(coveringRow: row) { cells[span.column].spannedRows = span.rows }
        return TableStyleConfiguration.Row(index: row, frame: frame, cells: cells,
                                           isFooter: layout.configuration.lastRowIsFooter && row == layout.rowCount - 1)
    }

    /// A spanning cell's part of the page: where the span starts (an offset on pages), where the
    /// pages before this one ended (`SpanLines.starts(after:through:of:)`: none on its first
    /// page), how tall its part of the page is, and whether it ends on it.
    struct SpanPart {
        let span: DataTableRowSpan
        let top: Double
        let ends: ArraySlice<Double>
        let portion: Double
        let endsHere: Bool
    }

    /// The cell of row `row` in column `column`. A cell spanning rows is drawn where the span
    /// starts, as tall as its rows (see `SpanDrawing` for a span begun above the rows); below,
    /// its rows have it empty.
    private func cell(row: Int, column index: Int, rowFrame frame: Rect) -> TableStyleConfiguration.Cell {
        var cellFrame = Rect(x: columns.starts[index], y: frame.minY, width: columns.widths[index], height: frame.height)
        var value = layout.rows[row]
        var part: SpanPart?
        if let span = layout.rowSpans.isEmpty ? nil : layout.rowSpans.span(column: index, coveringRow: row) {
            let continued = row == rows.lowerBound && row != span.row && spans != .atFirstRow
            guard row == span.row || continued else {
                return TableStyleConfiguration.Cell(frame: cellFrame, contentFrame: cellFrame, text: [])
            }
            let spanTop = layout.pageOffset(ofRow: span.row, growth)
            let spanEnd = layout.pageOffset(ofRow: span.lastRow, growth) + layout.pageHeight(ofRow: span.lastRow, growth)
            if spans == .repeated {
                // The span's part on the page: from where the page starts (or the span does) to
                // where the page cuts it (or the span ends).
                let top = continued ? first : spanTop, cut = min(spanEnd, end)
                cellFrame.y = layout.headerBlockHeight + top - first
                cellFrame.height = cut - top
                part = SpanPart(span: span, top: spanTop,
                                ends: continued ? SpanLines.starts(after: spanTop, through: first, of: pageStarts) : [],
                                portion: cellFrame.height, endsHere: spanEnd <= end + 1e-9 * max(1, end))
            } else {
                cellFrame.y = layout.headerBlockHeight + spanTop - first
                cellFrame.height = spanEnd - spanTop
            }
            if row != span.row { value = layout.rows[span.row] }  // its lines: `spanText`, laid out once
        }
        let content = cellFrame.inset(by: layout.configuration.cellPadding)
        if let cell = split[row]?.cells[index] {
            return splitCell(cell, row: row, column: index, frame: cellFrame, content: content)
        }
        let column = layout.columns[index]
        if let node = column.cell?(value) {
            let placement = MeasuredCell(node, cache: layout.cache).placement(atWidth: content.width)
            var items = CellText.items(placement, in: content, cache: layout.cache)
            if let part {
                let spanLines = SpanLines(items: items, top: content.minY)
                items = spanLines.items(linesOnPage(spanLines.heights, of: part))
            }
            return TableStyleConfiguration.Cell(frame: cellFrame, contentFrame: content, text: items,
                                                textStyle: layout.textStyle(ofColumn: index, row: row, text: column.text(value)))
        }
        return textCell(column.text(value), row: row, column: index, frame: cellFrame, content: content, part: part)
    }

    /// A text cell of a row split between pages: the lines that lie below `skipped` (the first
    /// row) and above `bottom` (the last row), shaped only those.
    private func splitCell(_ cell: SplitRow.TextCell, row: Int, column: Int, frame: Rect, content: Rect) -> TableStyleConfiguration.Cell {
        let lines = cell.lines(from: row == rows.lowerBound ? skipped : 0,
                               to: row == rows.upperBound - 1 ? bottom ?? .infinity : .infinity)
        let start = Rect(x: content.minX, y: content.minY + cell.tops[lines.lowerBound], width: content.width, height: 0)
        return TableStyleConfiguration.Cell(
            frame: frame, contentFrame: content,
            text: CellText.items(cell.lines[lines], direction: cell.direction, tabInterval: cell.tabInterval,
                                 font: cell.font, in: start, alignment: columns.alignments[column]),
            textStyle: cell.style)
    }

    /// A text cell: a spanning cell's lines that its part of the page shows, a decimal column's
    /// one-line number on its separator, or the text's lines as measuring laid them out.
    private func textCell(_ text: String, row: Int, column: Int, frame: Rect, content: Rect, part: SpanPart?) -> TableStyleConfiguration.Cell {
        let style = layout.textStyle(ofColumn: column, row: row, text: text)
        let font = layout.cellFont(ofColumn: column, style: style)
        let alignment = columns.alignments[column]
        if let part {
            let laidOut = layout.spanText(of: part.span, text: text, font: font, width: content.width)
            return TableStyleConfiguration.Cell(
                frame: frame, contentFrame: content,
                text: CellText.items(laidOut.lines[linesOnPage(laidOut.heights, of: part)], direction: laidOut.direction,
                                     tabInterval: laidOut.tabInterval, font: font, in: content, alignment: alignment),
                textStyle: style)
        }
        let lines = layout.lines(of: text, font: font, row: row, width: content.width)
        if alignment == .decimal, lines.count == 1, lines[0].text == text, !text.utf8.contains(9) {
            return TableStyleConfiguration.Cell(
                frame: frame, contentFrame: content,
                text: CellText.decimalItems(text, line: lines[0], reading: layout.numberReader.read(text),
                                            extent: layout.decimalExtent(ofColumn: column) ?? DecimalExtent(), font: font, in: content),
                textStyle: style)
        }
        return TableStyleConfiguration.Cell(
            frame: frame, contentFrame: content,
            text: CellText.items(lines, of: text, font: font, in: content, alignment: alignment, cache: layout.cache),
            textStyle: style)
    }

    /// The lines of a spanning cell (`heights`: its lines', see `SpanLines`) that its part of the page shows.
    private func linesOnPage(_ heights: [Double], of part: SpanPart) -> Range<Int> {
        let padding = layout.configuration.cellPadding
        return SpanLines.linesOnPage(heights, ends: part.ends, spanTop: part.top, portion: part.portion, top: padding.top,
                                     bottom: padding.bottom, endsHere: part.endsHere)
    }
}
