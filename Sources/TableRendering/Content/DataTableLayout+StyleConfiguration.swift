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
        let placed = PlacedColumns(self, alignments: alignments)
        let body = PlacedRows(self, rows: range, columns: placed, skipping: skipped, bottom: bottom, split: split, spans: spans,
                              pageStarts: pageStarts, growth: growth)
        return TableStyleConfiguration(columns: headerCells(placed), rows: range.map(body.row),
                                       headerGroups: headerGroupCells(starts: placed.starts, widths: placed.widths))
    }

    /// The columns with their header cells: each title on one line, cut to the column's width
    /// less the padding and the sort indicator's room, centred vertically, aligned as the column
    /// is. O(columns), plus shaping the titles.
    func headerCells(_ placed: PlacedColumns) -> [TableStyleConfiguration.Column] {
        let settings = configuration
        let padding = settings.cellPadding
        let headerTop = settings.headerHeight * Double(headerGroupRowCount)
        return columns.indices.map { index in
            let frame = Rect(x: placed.starts[index], y: headerTop, width: placed.widths[index], height: settings.headerHeight)
            let inner = max(0, placed.widths[index] - padding.horizontal - settings.sortIndicatorWidth)
            let title = columns[index].title
            let headerFont = settings.resolvedHeaderFont
            let line = headerFont.singleLine(title, width: inner, cache: cache).lines
            let lineHeight = line.reduce(0) { $0 + $1.height }
            let alignment = placed.alignments[index]
            // The sort arrow's room is on the side away from the title's alignment, so that a
            // number column's title ends where its numbers do.
            let arrowRoom = placed.widths[index] - padding.horizontal - inner
            let shift = switch alignment {
            case .leading: 0.0
            case .center: arrowRoom / 2
            case .trailing, .decimal: arrowRoom
            }
            let content = Rect(x: frame.minX + padding.leading + shift, y: frame.minY + (frame.height - lineHeight) / 2,
                               width: inner, height: lineHeight)
            return TableStyleConfiguration.Column(
                index: index, title: title, alignment: alignment,
                header: TableStyleConfiguration.Cell(
                    frame: frame, contentFrame: content,
                    text: CellText.items(line, of: title, font: headerFont, in: content, alignment: alignment, cache: cache)))
        }
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
