public import DataTables
import TextMeasure
import CellLayout

extension DataTableLayout {
    /// What a style draws for rows `rows` of this table (default: all of them), each measured
    /// first if it was not: every column with its header cell, the rows below the header at
    /// their offsets (the first of `rows` right below the header). `alignments` overrides columns'
    /// alignments by index (columns past its end: their own, `alignment(ofColumn:)`, so a column
    /// of numbers is trailing); a `.decimal` column puts its one-line cells' separators on one
    /// line (`CellText.decimalItems`), `decimalExtent(ofColumn:)`'s trailing width inside the
    /// content box's trailing edge.
    ///
    /// Cells are laid out as the layout measured them: single-line text cut with `truncate`
    /// semantics (`singleLine(_:width:)`), or wrapped at the column's width less the horizontal
    /// padding, from the top of the content box. A column's compound cells (`DataTableColumn.cell`)
    /// are placed as CellLayout places them at the content box's width, and their text nodes
    /// drawn (boxes and spacers hold no ink). A header shows its title on one line, cut to
    /// the column's width less the padding and the sort indicator's room, centred vertically,
    /// aligned as the column is: a trailing or decimal column's title ends at the content box's
    /// trailing edge, where its numbers end (the sort indicator's room is on its leading side).
    ///
    /// - Complexity: O(cells of `rows` + columns), plus measuring the rows not measured yet and
    ///   laying out the text of the rows' cells again (measuring keeps heights, not lines:
    ///   prepared texts come from the width cache) and shaping each line once.
    public func styleConfiguration(rows: Range<Int>? = nil, alignments: [ColumnAlignment] = []) -> TableStyleConfiguration {
        styleConfiguration(rows: rows, alignments: alignments, skipping: 0)
    }

    /// `styleConfiguration(rows:alignments:)` with the rows moved up by `skipped` points: the
    /// first row's top `skipped` points lie above the header (a page continuing a split row).
    /// The rows of `split` are not laid out again: of their text cells, only the lines that lie
    /// below `skipped` (the first row) and above `bottom` (the last row) are shaped. `pageStarts`:
    /// where each page of the table starts (offsets on pages, ascending), for a span continued
    /// from earlier pages to know how far its lines went (`linesOnPage`). Rows are as tall as
    /// `growth` makes them on pages (`PageRowGrowth`).
    func styleConfiguration(rows: Range<Int>?, alignments: [ColumnAlignment], skipping skipped: Double,
                            split: [Int: SplitRow] = [:], bottom: Double? = nil,
                            spans: SpanDrawing = .atFirstRow, pageStarts: [Double] = [],
                            growth: PageRowGrowth = PageRowGrowth()) -> TableStyleConfiguration {
        let range = rows ?? 0..<rowCount
        measureRows(range)
        func offset(ofRow row: Int) -> Double { pageOffset(ofRow: row, growth) }
        func height(ofRow row: Int) -> Double { pageHeight(ofRow: row, growth) }
        let settings = configuration
        let padding = settings.cellPadding
        let widths = columnWidths.columns.map(\.width)
        var starts: [Double] = []
        var x = 0.0
        for width in widths {
            starts.append(x)
            x += width
        }
        let tableWidth = x
        let resolved = self.columns.indices.map { column in column < alignments.count ? alignments[column] : self.alignment(ofColumn: column) }
        func alignment(_ column: Int) -> ColumnAlignment { resolved[column] }
        let reader = numberReader

        let headerTop = settings.headerHeight * Double(headerGroupRowCount)
        let columns = self.columns.indices.map { index in
            let frame = Rect(x: starts[index], y: headerTop, width: widths[index], height: settings.headerHeight)
            let inner = max(0, widths[index] - padding.horizontal - settings.sortIndicatorWidth)
            let title = self.columns[index].title
            let headerFont = settings.resolvedHeaderFont
            let line = headerFont.singleLine(title, width: inner, cache: cache).lines
            let lineHeight = line.reduce(0) { $0 + $1.height }
            // The sort arrow's room is on the side away from the title's alignment, so that a
            // number column's title ends where its numbers do.
            let arrowRoom = widths[index] - padding.horizontal - inner
            let shift = switch alignment(index) {
            case .leading: 0.0
            case .center: arrowRoom / 2
            case .trailing, .decimal: arrowRoom
            }
            let content = Rect(x: frame.minX + padding.leading + shift, y: frame.minY + (frame.height - lineHeight) / 2,
                               width: inner, height: lineHeight)
            return TableStyleConfiguration.Column(
                index: index, title: title, alignment: alignment(index),
                header: TableStyleConfiguration.Cell(
                    frame: frame, contentFrame: content,
                    text: CellText.items(line, of: title, font: headerFont, in: content, alignment: alignment(index),
                                         cache: cache)))
        }

        let first = (range.isEmpty ? 0 : offset(ofRow: range.lowerBound)) + skipped
        // Where the page's rows end (the last one cut at `bottom`), as an offset.
        let end = range.isEmpty ? first : offset(ofRow: range.upperBound - 1) + (bottom ?? height(ofRow: range.upperBound - 1))
        let rows = range.map { row in
            let frame = Rect(x: 0, y: headerBlockHeight + offset(ofRow: row) - first, width: tableWidth, height: height(ofRow: row))
            let value = self.rows[row]
            var cells = self.columns.indices.map { index in
                var cellFrame = Rect(x: starts[index], y: frame.minY, width: widths[index], height: frame.height)
                // A cell spanning rows is drawn where the span starts, as tall as its rows (see
                // `SpanDrawing` for a span begun above `range`); below, its rows have it empty.
                var value = value
                var pageSpan: (top: Double, ends: ArraySlice<Double>, portion: Double, endsHere: Bool)?
                var spanOnPage: DataTableRowSpan?  // the span whose part of the page `pageSpan` is
                if let span = rowSpans.isEmpty ? nil : rowSpans.span(column: index, coveringRow: row) {
                    let continued = row == range.lowerBound && row != span.row && spans != .atFirstRow
                    guard row == span.row || continued else {
                        return TableStyleConfiguration.Cell(frame: cellFrame, contentFrame: cellFrame, text: [])
                    }
                    let spanTop = offset(ofRow: span.row), spanEnd = offset(ofRow: span.lastRow) + height(ofRow: span.lastRow)
                    if spans == .repeated {
                        // The span's part on the page: from where the page starts (or the span
                        // does) to where the page cuts it (or the span ends).
                        let top = continued ? first : spanTop, cut = min(spanEnd, end)
                        cellFrame.y = headerBlockHeight + top - first
                        cellFrame.height = cut - top
                        pageSpan = (spanTop, continued ? SpanLines.starts(after: spanTop, through: first, of: pageStarts) : [],
                                    cellFrame.height, spanEnd <= end + 1e-9 * max(1, end))
                        spanOnPage = span
                    } else {
                        cellFrame.y = headerBlockHeight + spanTop - first
                        cellFrame.height = spanEnd - spanTop
                    }
                    if row != span.row { value = self.rows[span.row] }  // its lines: `spanText`, laid out once
                }
                let content = cellFrame.inset(by: padding)
                if let cell = split[row]?.cells[index] {
                    let lines = cell.lines(from: row == range.lowerBound ? skipped : 0,
                                           to: row == range.upperBound - 1 ? bottom ?? .infinity : .infinity)
                    let start = Rect(x: content.minX, y: content.minY + cell.tops[lines.lowerBound], width: content.width, height: 0)
                    return TableStyleConfiguration.Cell(
                        frame: cellFrame, contentFrame: content,
                        text: CellText.items(cell.lines[lines], direction: cell.direction, tabInterval: cell.tabInterval,
                                             font: cell.font, in: start, alignment: alignment(index)),
                        textStyle: cell.style)
                }
                // The lines of a spanning cell that this page shows (see `SpanLines`).
                func linesOnPage(_ heights: @autoclosure () -> [Double]) -> Range<Int>? {
                    pageSpan.map { SpanLines.linesOnPage(heights(), ends: $0.ends, spanTop: $0.top, portion: $0.portion, top: padding.top,
                                                    bottom: padding.bottom, endsHere: $0.endsHere) }
                }
                let column = self.columns[index]
                if let node = column.cell?(value) {
                    let placement = MeasuredCell(node, cache: cache).placement(atWidth: content.width)
                    var items = CellText.items(placement, in: content, cache: cache)
                    if pageSpan != nil {
                        let spanLines = SpanLines(items: items, top: content.minY)
                        items = linesOnPage(spanLines.heights).map(spanLines.items) ?? items
                    }
                    return TableStyleConfiguration.Cell(frame: cellFrame, contentFrame: content, text: items,
                                                        textStyle: textStyle(ofColumn: index, row: row, text: column.text(value)))
                }
                let text = column.text(value)
                let style = textStyle(ofColumn: index, row: row, text: text)
                let font = cellFont(ofColumn: index, style: style)
                if let span = spanOnPage {
                    let laidOut = spanText(of: span, text: text, font: font, width: content.width)
                    let shown = linesOnPage(laidOut.heights) ?? laidOut.lines.indices
                    return TableStyleConfiguration.Cell(
                        frame: cellFrame, contentFrame: content,
                        text: CellText.items(laidOut.lines[shown], direction: laidOut.direction, tabInterval: laidOut.tabInterval,
                                             font: font, in: content, alignment: alignment(index)),
                        textStyle: style)
                }
                let lines = self.lines(of: text, font: font, row: row, width: content.width)
                if alignment(index) == .decimal, lines.count == 1, lines[0].text == text, !text.utf8.contains(9) {
                    return TableStyleConfiguration.Cell(
                        frame: cellFrame, contentFrame: content,
                        text: CellText.decimalItems(text, line: lines[0], reading: reader.read(text),
                                                    extent: decimalExtent(ofColumn: index) ?? DecimalExtent(), font: font,
                                                    in: content),
                        textStyle: style)
                }
                return TableStyleConfiguration.Cell(
                    frame: cellFrame, contentFrame: content,
                    text: CellText.items(lines, of: text, font: font, in: content, alignment: alignment(index), cache: cache),
                    textStyle: style)
            }
            for span in rowSpans.isEmpty ? [] : rowSpans.spans(coveringRow: row) { cells[span.column].spannedRows = span.rows }
            return TableStyleConfiguration.Row(index: row, frame: frame, cells: cells,
                                               isFooter: settings.lastRowIsFooter && row == rowCount - 1)
        }
        return TableStyleConfiguration(columns: columns, rows: rows, headerGroups: headerGroupCells(starts: starts, widths: widths))
    }

    /// The header groups' cells: each over its columns, `headerHeight` tall, in the row its level
    /// puts it in, its title on one line, centred, cut to the columns' width less the padding
    /// (a group split between column bands may have less room than its title). O(groups).
    func headerGroupCells(starts: [Double], widths: [Double]) -> [TableStyleConfiguration.HeaderGroup] {
        let settings = configuration, padding = settings.cellPadding, font = settings.resolvedHeaderFont
        return headerGroups.map { group in
            let x = starts[group.columns.lowerBound]
            let width = group.columns.reduce(0) { $0 + widths[$1] }
            let frame = Rect(x: x, y: settings.headerHeight * Double(headerGroupRowCount - group.level), width: width,
                             height: settings.headerHeight)
            let inner = max(0, width - padding.horizontal)
            let line = font.singleLine(group.title, width: inner, cache: cache).lines
            let lineHeight = line.reduce(0) { $0 + $1.height }
            let content = Rect(x: x + padding.leading, y: frame.minY + (frame.height - lineHeight) / 2, width: inner, height: lineHeight)
            return TableStyleConfiguration.HeaderGroup(
                title: group.title, columns: group.columns, level: group.level,
                cell: TableStyleConfiguration.Cell(frame: frame, contentFrame: content,
                                                   text: CellText.items(line, of: group.title, font: font, in: content,
                                                                        alignment: .center, cache: cache)))
        }
    }

    /// Where a cell spanning rows is drawn when its span began above the rows drawn.
    enum SpanDrawing {
        /// Only at the span's first row (a part of a table that others continue: the layout
        /// document's and HTML's chunks of rows).
        case atFirstRow
        /// At the first row drawn, but where the span starts, for a clip to cut (PNG bands).
        case whereItStarts
        /// Again at the first row drawn, as tall as its part of the page, which starts and ends
        /// where the page cuts its rows (a page continuing it).
        case repeated
    }

    /// The lines of `text`, a text of row `row` in `font` (the cell's), laid out as measuring laid
    /// them out in a content box `width` wide: cut to one line, or wrapped.
    func lines(of text: String, font: FontStack, row: Int, width: Double) -> [TextLine] {
        #if DEBUG
        CellText.probe?.count(row: row)
        #endif
        switch configuration.textLayout {
        case .singleLine: return font.singleLine(text, width: width, cache: cache).lines
        case .wrap: return font.prepare(text, cache: cache).layout(width: width).lines
        }
    }

    /// The table drawn in `style`: rows `rows` (default: all) under the header, as
    /// `styleConfiguration(rows:alignments:)` lays them out.
    ///
    /// - Complexity: as `styleConfiguration(rows:alignments:)`, plus the style's `makeBody` and
    ///   its `drawing` (O(cells + text items) for the shipped styles but the grid's).
    public func drawing(style: some TableStyle = .plain, rows: Range<Int>? = nil,
                        alignments: [ColumnAlignment] = []) -> Drawing {
        style.makeBody(configuration: styleConfiguration(rows: rows, alignments: alignments)).drawing
    }
}

extension DataTableLayout {
    /// The bounds `drawing(style:alignments:)` of every row would have, found without drawing
    /// the rows: the style's chrome around the header alone, grown by the rows' height. For
    /// checking an output's size (`Drawing.imageSize(of:scale:)`, `Drawing.checkSVG(width:height:)`)
    /// before drawing a table too large for it.
    ///
    /// - Complexity: O(rows) after measuring every row (which the drawing needs anyway), plus the
    ///   header drawn alone.
    public func drawingBounds(style: some TableStyle = .plain, alignments: [ColumnAlignment] = []) -> Rect {
        measureRows(0..<rowCount)
        let header = style.makeBody(configuration: styleConfiguration(rows: 0..<0, alignments: alignments)).drawing.bounds
        // The content height holds the header row too.
        return Rect(x: header.minX, y: header.minY, width: header.width,
                    height: header.height - headerBlockHeight + contentHeight)
    }
}
