public import CellLayout
public import DataTables

extension DataTableLayout {
    /// The table drawn on pages of `page` size inside `margins`, each page starting with the
    /// header, for `Drawing.pdfData(pages:)`. Each page's drawing is made when it is read.
    ///
    /// - Rows go onto a page while they fit below its header; a row that fits on a page is
    ///   never split.
    /// - A row taller than a page's room is split between its lines: it starts right after the
    ///   rows before it, each page holds as much of it as fits without cutting a line, and the
    ///   next page, under the header again, goes on from there.
    /// - A table wider than the page (its chrome included) is split into column bands with
    ///   `fit: .bands(repeating: n)` (the default, n = 1): each band is as many columns as fit the
    ///   page's width at full size, and every band after the first starts with the first `n`
    ///   (key) columns again; a column that does not fit beside the key columns gets a band of
    ///   its own without them. Pages go down, then across: every page of the first band, then
    ///   every page of the next. Rows keep their heights in every band (the height of the whole
    ///   row), so a band's pages break where every other band's do.
    /// - With `fit: .scale`, a table wider than the page is scaled down to the page's width
    ///   instead. It stays vector: the scale is a transform, not a raster.
    /// - When a split row's tallest line and the cell's top padding would not fit below the
    ///   header, the table is scaled down (further), until they do.
    /// - Each page is drawn by `style` from its own rows, so a page's chrome (a border, stripes
    ///   by row index) surrounds that page's rows.
    ///
    /// - Throws: `RenderError.pageTooLarge` for a page past Cairo's largest coordinate
    ///   (`Drawing.maximumVectorSide`); `.pageTooSmall` when the margins leave no room, or when
    ///   the header and a split row's tallest line would need a scale below 1/10;
    ///   `.textTooSmall` when the scale would draw the text (the smaller of the cell and header
    ///   fonts' sizes) below `TablePages.minimumTextSize`; `.columnTooWide` with `.bands` for a
    ///   column wider than the page's width by itself (narrow it with `maxColumnWidth`, wrapping
    ///   its text, or use `.scale`). All before any page is drawn.
    ///
    /// O(rows + columns) to paginate, plus measuring every row (and laying out the lines of the rows taller
    /// than a page, once); a page costs its cells when it is read, and of a row split between
    /// pages only the lines on the page (O(log lines) to find them).
    public func pages(style: some TableStyle = .plain, page: PageSize = .a4, margins: EdgeInsets = EdgeInsets(36),
                      alignments: [ColumnAlignment] = [], fit: PageFit = .bands()) throws(RenderError) -> TablePages {
        try page.checkCairosLimit()
        measureRows(0..<rowCount)
        let tableWidth = columnWidths.columns.reduce(0) { $0 + $1.width }
        let headerHeight = configuration.headerHeight
        let chrome = chrome(style: style, alignments: alignments)
        let available = (width: page.width - margins.horizontal, height: page.height - margins.vertical)
        guard available.width > 0, available.height > 0 else {
            throw .pageTooSmall(page: page, needed: chrome.vertical + headerHeight, available: available.height)
        }
        let bands: [[Int]]
        var scale: Double
        switch fit {
        case .scale:
            bands = [Array(columns.indices)]
            scale = min(1, available.width / (tableWidth + chrome.horizontal))
        case .bands(let keys):
            bands = try ColumnBands.split(widths: columnWidths.columns.map(\.width), keys: keys,
                                          room: available.width - chrome.horizontal)
            scale = 1
        }
        var room = available.height / scale - chrome.vertical - headerHeight
        // The rows to split, laid out once for all their pages; the tallest line (after the top
        // padding) must fit.
        var split: [Int: SplitRow] = [:]
        for row in 0..<rowCount where height(ofRow: row) > room + 1e-9 { split[row] = splitRow(row) }
        let blocks = split.mapValues(\.blocks)
        // A page holds at least 1 pt of a split row, so that pages always make headway.
        let piece = max(1, blocks.values.joined().reduce(0) { max($0, $1.upperBound - $1.lowerBound) } + configuration.cellPadding.top)
        if !blocks.isEmpty, room < piece {
            let needed = chrome.vertical + headerHeight + piece
            scale = min(scale, available.height / needed)
            guard scale >= 0.1 else { throw .pageTooSmall(page: page, needed: needed, available: available.height) }
            room = available.height / scale - chrome.vertical - headerHeight
        }
        let fontSize = min(configuration.font.size, configuration.headerFont.size)
        guard scale * fontSize >= TablePages.minimumTextSize || scale >= 1 else {
            throw .textTooSmall(scale: scale, fontSize: fontSize, tableWidth: tableWidth + chrome.horizontal, pageWidth: available.width)
        }
        let offset = Point(x: margins.leading + chrome.leading * scale, y: margins.top + chrome.top * scale)
        let slices = pageSlices(room: room, blocks: blocks)
        let whole = bands.count == 1 && bands[0].count == columns.count
        return TablePages(slices: bands.flatMap { band in slices.map { ($0, band) } }) { slice, band in
            let configuration = self.styleConfiguration(rows: slice.rows, alignments: alignments, skipping: slice.top,
                                                        split: split, bottom: slice.bottom)
            var rows = configuration.rows
            // The last row ends where the page cuts it; then the first starts where the page does
            // (cutting the bottom first keeps the row's top, from which both are measured).
            if let bottom = slice.bottom, let last = rows.indices.last { rows[last] = rows[last].slice(from: 0, to: bottom) }
            if slice.top > 0, let first = rows.first { rows[0] = first.slice(from: slice.top, to: first.frame.height) }
            let full = TableStyleConfiguration(columns: configuration.columns, rows: rows)
            let body = style.makeBody(configuration: whole ? full : full.band(band))
            return Drawing(bounds: Rect(x: 0, y: 0, width: page.width, height: page.height),
                           items: [.transformed(scale: scale, offset: offset, body.drawing.items)])
        }
    }

    /// What `style` draws around the table, outside the columns and the header: the header
    /// drawn alone, less the header's frame. O(columns).
    func chrome(style: some TableStyle, alignments: [ColumnAlignment]) -> EdgeInsets {
        let header = style.makeBody(configuration: styleConfiguration(rows: 0..<0, alignments: alignments)).drawing.bounds
        let tableWidth = columnWidths.columns.reduce(0) { $0 + $1.width }
        return EdgeInsets(top: -header.minY, leading: -header.minX, bottom: header.maxY - configuration.headerHeight,
                          trailing: header.maxX - tableWidth)
    }

    /// What each page shows: as many whole rows as fit in `room` points below the header, then,
    /// if the next row is taller than `room` and its first line fits in what is left, the part of
    /// it that ends at the lowest point within the page that no line of `blocks[row]` crosses; a
    /// page that starts inside a split row goes on from there. One empty page for a table
    /// without rows.
    func pageSlices(room: Double, blocks: [Int: [ClosedRange<Double>]]) -> [TablePages.Slice] {
        guard rowCount > 0 else { return [TablePages.Slice(rows: 0..<0, top: 0, bottom: nil)] }
        var slices: [TablePages.Slice] = []
        var (start, top) = (0, 0.0)
        while start < rowCount {
            let origin = offset(ofRow: start) + top
            var end = start
            // A page's rows end where the next row would end below the room (offsets are exact sums).
            while end < rowCount, offset(ofRow: end) + height(ofRow: end) - origin <= room + 1e-9 { end += 1 }
            if end < rowCount, end == start || blocks[end] != nil {
                // Row `end` is split anyway: it starts on this page if one of its lines fits.
                let lines = blocks[end] ?? []
                let rowTop = end == start ? top : 0
                let limit = rowTop + room - (offset(ofRow: end) + rowTop - origin)
                let bottom = Self.cut(lines, after: rowTop, limit: limit)
                if end == start || (bottom <= limit + 1e-9 && lines.contains { $0.lowerBound >= rowTop && $0.upperBound <= bottom + 1e-9 }) {
                    slices.append(TablePages.Slice(rows: start..<end + 1, top: top, bottom: bottom))
                    (start, top) = (end, bottom)
                    continue
                }
            }
            slices.append(TablePages.Slice(rows: start..<end, top: top, bottom: nil))
            (start, top) = (end, 0)
        }
        return slices
    }

    /// The lowest point at most `limit` and below `top` that lies inside no block (`blocks`:
    /// sorted, disjoint). A block taller than the room (lines of different heights side by side)
    /// is taken whole, past the limit. O(log blocks).
    static func cut(_ blocks: [ClosedRange<Double>], after top: Double, limit: Double) -> Double {
        // The first block ending after the limit: the limit is inside it, or above it.
        var (low, high) = (0, blocks.count)
        while low < high {
            let middle = (low + high) / 2
            if blocks[middle].upperBound <= limit + 1e-9 { low = middle + 1 } else { high = middle }
        }
        guard low < blocks.count, blocks[low].lowerBound < limit - 1e-9 else { return limit }
        return blocks[low].lowerBound > top + 1e-9 ? blocks[low].lowerBound : blocks[low].upperBound
    }
}
