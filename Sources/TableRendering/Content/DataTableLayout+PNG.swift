internal import DocumentStreams
public import DataTables

extension DataTableLayout {
    /// `drawing(style:alignments:)`'s PNG (see `Drawing.pngData(scale:)`) written to `path` a
    /// strip of rows at a time, whole or not at all, without the whole table's display list: each
    /// strip draws the style's body of the rows near it (and of the last row, so that the body's
    /// frame, its background, border and clip, is the whole table's). Memory holds the layout,
    /// one strip's rows and one strip's pixels. The pixels are the whole drawing's.
    ///
    /// - Throws: `RenderError.imageTooLarge` before anything is drawn; `.cannotWrite` naming the
    ///   path; `.cairo` or `.png` when Cairo or libpng fails.
    /// - Complexity: measures every row; then per strip O(log rows) to find its rows and the
    ///   cells of those rows.
    public func writePNG(to path: String, style: some TableStyle = .plain, alignments: [ColumnAlignment] = [],
                         scale: Double = 1) throws(RenderError) {
        let bounds = drawingBounds(style: style, alignments: alignments)
        _ = try Drawing.imageSize(of: bounds, scale: scale)
        try Drawing.writeFile(path) { sink throws(RenderError) in
            try writePNG(bounds: bounds, style: style, alignments: alignments, scale: scale, stripHeight: nil, to: sink)
        }
    }

    /// `writePNG(to:style:alignments:scale:)`'s bytes, in strips of `stripHeight` pixels: for tests.
    package func pngData(style: some TableStyle, alignments: [ColumnAlignment] = [], scale: Double,
                         stripHeight: Int?) throws(RenderError) -> [UInt8] {
        let (sink, bytes) = OutputSink.collecting()
        try writePNG(bounds: drawingBounds(style: style, alignments: alignments), style: style, alignments: alignments,
                     scale: scale, stripHeight: stripHeight, to: sink)
        return bytes()
    }

    private func writePNG(bounds: Rect, style: some TableStyle, alignments: [ColumnAlignment], scale: Double,
                          stripHeight: Int?, to sink: OutputSink) throws(RenderError) {
        // How far a row's ink and chrome can reach past its frame: glyphs of a tall font, the
        // grid lines at its edges.
        let reach = 4 * max(configuration.font.size, configuration.headerFont.size) + 16
        var split: [Int: SplitRow] = [:]  // rows taller than a strip, laid out once for all of them
        let fonts = CairoFonts()
        // The rows of the strips before and their items indexed by height, while none of them is
        // split: strips of a few pixels (a table many tiles wide) share their rows, laid out once.
        var drawn: (rows: Range<Int>, index: StripIndex)?
        try Drawing.writePNG(bounds: bounds, scale: scale, stripHeight: stripHeight, tileWidth: Drawing.tileWidth,
                             fonts: fonts, to: sink) { strip in
            guard rowCount > 0 else { return drawing(style: style, rows: 0..<0, alignments: alignments).items }
            // The rows whose frames come within `reach` of the strip, and one more each side.
            let first = max(0, (row(atOffset: strip.lowerBound - reach) ?? 0) - 1)
            let last = min(rowCount - 1, (row(atOffset: strip.upperBound + reach) ?? rowCount - 1) + 1)
            let window = strip.lowerBound - reach...strip.upperBound + reach
            let rows = first..<last + 1
            if let drawn, drawn.rows == rows { return drawn.index.items(in: strip) }
            let items = stripDrawing(rows: rows, window: window, split: &split, style: style, alignments: alignments).items
            guard rows.allSatisfy({ split[$0] == nil }) else { drawn = nil; return items }
            let index = StripIndex(items, fonts: fonts)
            drawn = (rows, index)
            return index.items(in: strip)
        }
    }

    /// The style's body of rows `rows` and the last row, each where the whole table has it. A
    /// row taller than `window` (drawing coordinates) is laid out once (`split`) and shows only
    /// its lines inside the window, so that a cell of many lines costs its lines once, not once
    /// a strip.
    private func stripDrawing(rows: Range<Int>, window: ClosedRange<Double>, split: inout [Int: SplitRow],
                             style: some TableStyle, alignments: [ColumnAlignment]) -> Drawing {
        func placed(_ rows: Range<Int>, spans: SpanDrawing) -> TableStyleConfiguration {
            // Rows start below the header by their offset less the first's: undo that.
            styleConfiguration(rows: rows, alignments: alignments,
                               skipping: headerBlockHeight - offset(ofRow: rows.lowerBound), spans: spans)
        }
        /// Row `row`'s lines within the window, the row placed where the whole table has it.
        func part(of row: Int, split: SplitRow) -> TableStyleConfiguration.Row {
            let top = offset(ofRow: row)  // where the whole drawing has the row (see `placed`)
            let from = max(0, window.lowerBound - top), to = max(from, window.upperBound - top)
            // Placed with its top `from` above the header's bottom, then moved down to where it is.
            let part = styleConfiguration(rows: row..<row + 1, alignments: alignments, skipping: from, split: [row: split],
                                          bottom: to, spans: .whereItStarts)
            return part.rows[0].moved(by: top - (headerBlockHeight - from))
        }
        var configuration: TableStyleConfiguration?
        var placedRows: [TableStyleConfiguration.Row] = []
        var start = rows.lowerBound
        for row in rows where height(ofRow: row) > window.upperBound - window.lowerBound {
            if start < row {
                let before = placed(start..<row, spans: .whereItStarts)
                configuration = configuration ?? before
                placedRows += before.rows
            }
            if split[row] == nil {
                split = split.filter { $0.key >= rows.lowerBound }  // strips go down: the rows above are done
                split[row] = splitRow(row)
            }
            placedRows.append(part(of: row, split: split[row]!))
            start = row + 1
        }
        if start < rows.upperBound || configuration == nil {
            let after = placed(start..<max(start, rows.upperBound), spans: .whereItStarts)
            configuration = configuration ?? after
            placedRows += after.rows
        }
        // A cell spanning rows from above the strip is drawn where it starts, for the strip to cut.
        let header = configuration!
        let last = rows.upperBound == rowCount ? [] : placed(rowCount - 1..<rowCount, spans: .atFirstRow).rows
        return style.makeBody(configuration: TableStyleConfiguration(columns: header.columns, rows: placedRows + last, headerGroups: header.headerGroups)).drawing
    }
}

private extension TableStyleConfiguration.Row {
    /// The row `dy` points lower: its frame, its cells' frames and content boxes, and their text.
    func moved(by dy: Double) -> Self {
        func moved(_ rect: Rect) -> Rect { Rect(x: rect.x, y: rect.y + dy, width: rect.width, height: rect.height) }
        var row = Self(index: index, frame: moved(frame), cells: cells.map { cell in
            var text = cell.text
            for index in text.indices {
                text[index].origin.y += dy
                text[index].frame = moved(text[index].frame)
            }
            var moved = TableStyleConfiguration.Cell(frame: moved(cell.frame), contentFrame: moved(cell.contentFrame), text: text,
                                                     textStyle: cell.textStyle)
            moved.spannedRows = cell.spannedRows
            return moved
        })
        row.isFooter = isFooter
        return row
    }
}
