public import CellLayout
public import DataTables
import TextMeasure

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
    ///   page's width at full size, and every band shows the first `n` (key) columns, and the
    ///   column the rows are grouped by (`groupRows(byColumn:)`), besides columns of its own; a
    ///   column that does not fit beside the key columns gets a band without them. A header
    ///   group's columns stay in one band when they fit in one, else each part shows its title.
    ///   Pages go down, then across: every page of the first band, then every page of the next.
    /// - Each band is a layout of its own (`band(_:room:)`): its rows are measured from
    ///   its cells alone, so a row is as tall as the band's tallest cell in it and each band's
    ///   pages break where its rows do; only its cells are laid out. Under automatic table layout
    ///   the bands are cut at the columns' min-content widths and each band's columns share the
    ///   page's width again among themselves (key columns included, so their width can differ
    ///   from band to band); under SwiftDataTables' rules every column keeps its width. A table
    ///   that fits the page at its widths is drawn as laid out.
    /// - With `fit: .scale`, a table wider than the page is scaled down to the page's width
    ///   instead. It stays vector: the scale is a transform, not a raster.
    /// - A row is never split from its span's first line: a page that ends inside a row span
    ///   begun below its first row, with less room from the span's first row to its end than the
    ///   spanning cell's top padding and first line, ends above that row instead (and again for
    ///   any span that leaves short, never above the page's first row).
    /// - A row span crossing a page break is drawn again at the top of the next page, as tall
    ///   as its part of that page (to the page's cut, for a row split between pages); its lines
    ///   (a compound cell's: its text items, a line of those that overlap in height) go on
    ///   from the first that ended below the page before, and a row's own cell under the
    ///   span is not drawn. A page continuing a span whose lines were all shown repeats it from
    ///   its first line, only if that line fits there with the padding above and below it.
    ///   On the page where such a span ends, its last row grows by what the
    ///   breaks cost its text (`PageRowGrowth`), so that every line left fits inside its rows;
    ///   the layout's own rows keep their heights.
    /// - When a split row's tallest line and the cell's top padding would not fit below the
    ///   header, the table is scaled down (further), until they do.
    /// - `furniture` adds a title above the table on the first page and "Page N of M" below it
    ///   on every page, each taking its room from the table (see `PageFurniture`).
    /// - Each page is drawn by `style` from its own rows, so a page's chrome (a border, stripes
    ///   by row index) surrounds that page's rows.
    ///
    /// - Throws: `RenderError.pageTooLarge` for a page past Cairo's largest coordinate
    ///   (`Drawing.maximumVectorSide`); `.titleTooTall` when the title leaves the first page no
    ///   room for the header; `.pageTooSmall` when the margins and furniture leave no
    ///   room, or when the header and a split row's tallest line would need a scale below 1/10;
    ///   `.textTooSmall` when the scale would draw the text (the smaller of the cell and header
    ///   fonts' sizes) below `TablePages.minimumTextSize`; `.columnTooWide` with `.bands` for a
    ///   column wider than the page's width by itself (narrow it with `maxColumnWidth`, wrapping
    ///   its text, or use `.scale`). All before any page is drawn.
    /// - Cancellation: called in a task that is cancelled, it stops measuring after the batch of
    ///   rows it is measuring (see `measureRows(_:)`) and paginates nothing: the pages are none.
    ///
    /// - Complexity: O(rows × bands + columns) to paginate, plus measuring every row of every
    ///   band from the band's cells (and laying out the lines of the rows taller than a page,
    ///   once or, with page numbers, twice); a page costs its band's cells when it is read, and
    ///   of a row split between pages only the lines on the page (O(log lines) to find them).
    public func pages(style: some TableStyle = .plain, page: PageSize = .a4, margins: EdgeInsets = EdgeInsets(36),
                      alignments: [ColumnAlignment] = [], fit: PageFit = .bands(),
                      furniture: PageFurniture = PageFurniture()) throws(RenderError) -> TablePages {
        try pages(style: style, page: page, margins: margins, alignments: alignments, fit: fit, furniture: furniture) { _, _ in }
    }

    /// `pages(style:page:margins:alignments:fit:furniture:)`, telling `progress` the rows of the
    /// column bands measured so far, and how many there are.
    package func pages(style: some TableStyle, page: PageSize, margins: EdgeInsets, alignments: [ColumnAlignment],
                       fit: PageFit, furniture: PageFurniture,
                       progress: (_ measured: Int, _ of: Int) -> Void) throws(RenderError) -> TablePages {
        try page.checkCairosLimit()
        let chrome = chrome(style: style, alignments: alignments)
        let available = (width: page.width - margins.horizontal, height: page.height - margins.vertical)
        guard available.width > 0, available.height > 0 else {
            throw .pageTooSmall(page: page, needed: chrome.vertical + headerBlockHeight, available: available.height)
        }
        let tableWidth = columnWidths.totalWidth, room = available.width - chrome.horizontal
        let bands: [(layout: DataTableLayout, columns: [Int], scale: Double)]
        switch fit {
        case .scale:
            bands = [(self, Array(columns.indices), min(1, available.width / (tableWidth + chrome.horizontal)))]
        case .bands where tableWidth <= room + 1e-9 * max(1, room):
            bands = [(self, Array(columns.indices), 1)]
        case .bands(let keys):
            let keys = Set(0..<max(0, keys)).union(groupColumn.map { [$0] } ?? [])
            bands = try ColumnBands.split(widths: narrowestWidths, keys: keys,
                                          groups: headerGroups.map(\.columns), room: room)
                .map { (band($0, room: room), $0, 1) }
        }
        // Every band's rows, measured together (`bandPages` finds them measured).
        Self.measureAllRows(of: bands.map(\.layout), progress: progress)
        let furnished = FurnitureLayout(furniture, page: page, margins: margins, font: configuration.font,
                                        headerFont: configuration.headerFont, cache: cache)
        func paginate(below: Double) throws(RenderError) -> ([TablePages.Page], [TablePages.Band]) {
            var pages: [TablePages.Page] = [], drawn: [TablePages.Band] = []
            for (index, band) in bands.enumerated() where !Task.isCancelled {
                let above = index == 0 ? furnished.titleHeight : 0
                let (slices, made) = try band.layout.bandPages(
                    style: style, page: page, margins: margins, alignments: band.columns.map { $0 < alignments.count ? alignments[$0] : alignment(ofColumn: $0) },
                    columns: band.columns, scale: band.scale, chrome: chrome, above: above, below: below)
                pages += slices.enumerated().map { TablePages.Page(slice: $1, band: index, shift: $0 == 0 ? above : 0) }
                drawn.append(made)
            }
            return (pages, drawn)
        }
        // Numbered when there is more than one page: a table in several bands has a page a band
        // at least, so it is paginated once, with its numbers; another is paginated without them
        // first, to find out.
        let several = bands.count > 1
        var (pages, drawn) = try paginate(below: furniture.pageNumbers && several ? furnished.numberHeight : 0)
        let numbered = furniture.pageNumbers && pages.count > 1
        if numbered, !several { (pages, drawn) = try paginate(below: furnished.numberHeight) }
        // Cancelled while measuring or paginating: no band's pages, not some.
        guard !Task.isCancelled else { return TablePages(pages: [], bands: [], size: page, furniture: furnished, numbered: false) }
        return TablePages(pages: pages, bands: drawn, size: page, furniture: furnished, numbered: numbered)
    }

    /// This layout's pages as the column band `band` (indices in the table) at `scale`, the
    /// table `above` points lower on the first page (under the title) and ending `below` points
    /// higher on every page (above its number); and the band, to draw them.
    private func bandPages(style: some TableStyle, page: PageSize, margins: EdgeInsets, alignments: [ColumnAlignment],
                           columns band: [Int], scale: Double, chrome: EdgeInsets, above: Double,
                           below: Double) throws(RenderError) -> ([TablePages.Slice], TablePages.Band) {
        measureRows(0..<rowCount)
        let headerHeight = headerBlockHeight
        // The page's height for the table, from the top margin (the title's) to its number.
        let tableHeight = page.height - margins.vertical - below
        var scale = scale
        func rooms() -> (first: Double, rest: Double) {
            ((tableHeight - above) / scale - chrome.vertical - headerHeight, tableHeight / scale - chrome.vertical - headerHeight)
        }
        var room = rooms()
        // The furniture, the chrome and the header leave the first page some room for rows.
        if room.first <= 0, above > 0, tableHeight - above < scale * (chrome.vertical + headerHeight), room.rest > 0 {
            throw .titleTooTall(height: above, needed: scale * (chrome.vertical + headerHeight) + below,
                                available: page.height - margins.vertical)
        }
        guard room.first > 0 || above + below == 0 && tableHeight > 0 else {
            throw .pageTooSmall(page: page, needed: above + below + scale * (chrome.vertical + headerHeight),
                                available: page.height - margins.vertical)
        }
        // The rows to split, laid out once for all their pages; the tallest line (after the top
        // padding) must fit.
        var split: [Int: SplitRow] = [:]
        for row in 0..<rowCount where height(ofRow: row) > room.first + 1e-9 { split[row] = splitRow(row) }
        let blocks = split.mapValues(\.blocks)
        // A page holds at least 1 pt of a split row, so that pages always make headway.
        let piece = max(1, blocks.values.joined().reduce(0) { max($0, $1.upperBound - $1.lowerBound) } + configuration.cellPadding.top)
        if !blocks.isEmpty, room.first < piece {
            let needed = chrome.vertical + headerHeight + piece
            scale = min(scale, (tableHeight - above) / needed)
            guard scale >= 0.1 else { throw .pageTooSmall(page: page, needed: needed + above + below, available: page.height - margins.vertical) }
            room = rooms()
        }
        let fontSize = min(configuration.font.size, configuration.headerFont.size)
        guard scale * fontSize >= TablePages.minimumTextSize || scale >= 1 else {
            throw .textTooSmall(scale: scale, fontSize: fontSize, tableWidth: columnWidths.totalWidth + chrome.horizontal,
                                pageWidth: page.width - margins.horizontal)
        }
        let origin = Point(x: margins.leading + chrome.leading * scale, y: margins.top + chrome.top * scale)
        let plan = PagePlan(self, room: room.rest, firstRoom: room.first, blocks: blocks)
        let drawn = TablePages.Band(columns: band, widths: columnWidths.widths, height: { self.pageHeight(ofRow: $0, plan.growth) }) { slice, shift in
            let configuration = self.styleConfiguration(rows: slice.rows, alignments: alignments, skipping: slice.top,
                                                        split: split, bottom: slice.bottom, spans: .repeated,
                                                        pageStarts: plan.pageStarts, growth: plan.growth)
            var rows = configuration.rows
            // The last row ends where the page cuts it; then the first starts where the page does
            // (cutting the bottom first keeps the row's top, from which both are measured), its
            // cells kept down to the page's end (a spanning cell reaches past the row).
            if let bottom = slice.bottom, let last = rows.indices.last { rows[last] = rows[last].slice(from: 0, to: bottom) }
            if slice.top > 0, let first = rows.first, let last = rows.last {
                rows[0] = first.slice(from: slice.top, to: last.frame.maxY - first.frame.minY)
            }
            // Columns by their index in the table, not the band.
            let columns = configuration.columns.map {
                TableStyleConfiguration.Column(index: band[$0.index], title: $0.title, alignment: $0.alignment, header: $0.header)
            }
            let body = style.makeBody(configuration: TableStyleConfiguration(columns: columns, rows: rows,
                                                                              headerGroups: configuration.headerGroups))
            return [.transformed(scale: scale, offset: Point(x: origin.x, y: origin.y + shift), body.drawing.items)]
        }
        return (plan.slices, drawn)
    }

    /// What `style` draws around the table, outside the columns and the header: the header
    /// drawn alone, less the header's frame. O(columns).
    func chrome(style: some TableStyle, alignments: [ColumnAlignment]) -> EdgeInsets {
        let header = style.makeBody(configuration: styleConfiguration(rows: 0..<0, alignments: alignments)).drawing.bounds
        let tableWidth = columnWidths.columns.reduce(0) { $0 + $1.width }
        return EdgeInsets(top: -header.minY, leading: -header.minX, bottom: header.maxY - headerBlockHeight,
                          trailing: header.maxX - tableWidth)
    }

    /// The lines of a spanning cell as the span rules count them (`SpanLines`): its text's lines
    /// as measuring laid them out, or a compound cell's text items placed at the column's width.
    /// O(the cell's layout), once for all its pages (`SpanTexts`); a compound cell is placed and
    /// shaped again.
    func spanLines(of span: DataTableRowSpan) -> SpanLines {
        let column = columns[span.column], value = rows[span.row]
        let width = max(0, columnWidths.columns[span.column].width - configuration.cellPadding.horizontal)
        if let node = column.cell?(value) {
            let placement = MeasuredCell(node, cache: cache).placement(atWidth: width)
            return SpanLines(items: CellText.items(placement, in: Rect(x: 0, y: 0, width: width, height: 0), cache: cache), top: 0)
        }
        let text = column.text(value)
        let font = cellFont(ofColumn: span.column, style: textStyle(ofColumn: span.column, row: span.row, text: text))
        return SpanLines(heights: spanText(of: span, text: text, font: font, width: width).heights)
    }

    /// A spanning cell's `text` in `font` at `width`, laid out once for all the pages it goes on
    /// over (`SpanTexts`). O(its length) the first time, O(1) after (its text hashed).
    func spanText(of span: DataTableRowSpan, text: String, font: FontStack, width: Double) -> SpanText {
        SpanTexts.spanText(text, font: font, width: width, wraps: configuration.textLayout == .wrap) {
            let lines = lines(of: text, font: font, row: span.row, width: width)
            return SpanText(lines: lines, heights: lines.map(\.height), direction: TextDirection.resolved(for: text),
                            tabInterval: font.defaultTabInterval(for: text, cache))
        }
    }
}
