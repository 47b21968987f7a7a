public import CellLayout
public import DataTables

extension DataTableLayout {
    /// The table drawn on pages of `page` size inside `margins`, each page starting with the
    /// header, for `Drawing.pdfData(pages:)`. Each page's drawing is made when it is read.
    ///
    /// - Rows go onto a page while they fit below its header; a row is never split.
    /// - A table wider than the page (its chrome included) is scaled down to the page's width; a
    ///   row taller than a page's room scales the table down further, until it fits with the
    ///   header. It stays vector: the scale is a transform, not a raster.
    /// - Each page is drawn by `style` from its own rows, so a page's chrome (a border, stripes
    ///   by row index) surrounds that page's rows.
    ///
    /// - Throws: `RenderError.pageTooSmall` when the margins leave no room, or when the header and
    ///   the tallest row would need a scale below 1/10.
    ///
    /// O(rows) to paginate, plus measuring every row; a page costs its cells when it is read.
    public func pages(style: some TableStyle = .plain, page: PageSize = .a4, margins: EdgeInsets = EdgeInsets(36),
                      alignments: [ColumnAlignment] = []) throws(RenderError) -> TablePages {
        measureRows(0..<rowCount)
        let header = style.makeBody(configuration: styleConfiguration(rows: 0..<0, alignments: alignments)).drawing.bounds
        let tableWidth = columnWidths.columns.reduce(0) { $0 + $1.width }
        let headerHeight = configuration.headerHeight
        let chrome = EdgeInsets(top: -header.minY, leading: -header.minX, bottom: header.maxY - headerHeight,
                                trailing: header.maxX - tableWidth)
        let available = (width: page.width - margins.horizontal, height: page.height - margins.vertical)
        let tallest = (0..<rowCount).reduce(0) { max($0, height(ofRow: $1)) }
        let needed = chrome.vertical + headerHeight + tallest
        var scale = min(1, available.width / (tableWidth + chrome.horizontal))
        scale = min(scale, available.height / needed)
        guard available.width > 0, available.height > 0, scale >= 0.1 else {
            throw .pageTooSmall(page: page, needed: needed, available: available.height)
        }
        let room = available.height / scale - chrome.vertical - headerHeight
        let offset = Point(x: margins.leading + chrome.leading * scale, y: margins.top + chrome.top * scale)
        return TablePages(rows: pageRanges(room: room)) { rows in
            let body = style.makeBody(configuration: self.styleConfiguration(rows: rows, alignments: alignments))
            return Drawing(bounds: Rect(x: 0, y: 0, width: page.width, height: page.height),
                           items: [.transformed(scale: scale, offset: offset, body.drawing.items)])
        }
    }

    /// The rows of each page: as many whole rows as fit in `room` points below the header (at
    /// least one); one empty page for a table without rows.
    func pageRanges(room: Double) -> [Range<Int>] {
        guard rowCount > 0 else { return [0..<0] }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < rowCount {
            var end = start + 1
            // A page's rows end where the next row would end below the room (offsets are exact sums).
            while end < rowCount, offset(ofRow: end) + height(ofRow: end) - offset(ofRow: start) <= room + 1e-9 { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }
}
