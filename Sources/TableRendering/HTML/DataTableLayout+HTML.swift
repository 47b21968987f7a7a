internal import AtomicFiles
public import DataTables
import TextMeasure

extension DataTableLayout {
    /// The table in `style` as HTML the browser only draws (see `TableBody.html(options:)`).
    ///
    /// Past `options.virtualizedRowCount` rows it is virtualised: the page holds the chrome, the
    /// header, a container exactly `contentHeight` tall (the scroll bar never jumps) and a few
    /// dozen lines of script, which fetches `HTMLTable.rowData` from `options.rowDataURL` (its
    /// `{hash}` replaced by the row data's hash: `HTMLTable.rowDataURL`) and keeps
    /// the rows in the viewport ± `options.prefetchRows` in the DOM, each at the layout's offset.
    /// Every row is measured here first.
    ///
    /// - Throws: `RenderError.fontNotServable` naming a font that cannot go into the page as asked.
    /// - Complexity: O(cells + lines + runs), plus measuring the rows not measured yet, shaping
    ///   each line once and subsetting each embedded font once (HarfBuzz's hb-subset).
    public func html(style: some TableStyle = .plain, alignments: [ColumnAlignment] = [],
                     options: HTMLOptions = HTMLOptions()) throws(RenderError) -> HTMLTable {
        guard isVirtualized(options) else {
            return try style.makeBody(configuration: styleConfiguration(alignments: alignments)).html(options: options)
        }
        var rowData = ""
        var (table, _) = try virtualizedHTML(style: style, alignments: alignments, options: options) { rowData += $0 }
        table.rowData = rowData
        return table
    }

    /// Writes the table in `style` as HTML to the page at `path`, as `html(style:alignments:options:)`
    /// makes it and `HTMLTable.write(toPage:)` writes it, but a virtualised table's row data goes to
    /// its file as it is made, 64 KiB at a time: never held whole (a million rows of six columns
    /// make some 300 MB of it).
    ///
    /// - Throws: `RenderError.fontNotServable` as `html` does; `RenderError.cannotWrite` naming a
    ///   file, as `HTMLTable.write(toPage:)` does.
    /// - Complexity: as `html`'s, in memory for the page but not the row data.
    public func writeHTML(toPage path: String, style: some TableStyle = .plain, alignments: [ColumnAlignment] = [],
                          options: HTMLOptions = HTMLOptions()) throws(RenderError) {
        guard isVirtualized(options) else { return try html(style: style, alignments: alignments, options: options).write(toPage: path) }
        let folder = RowDataFile.folder(ofPage: path)
        guard let draft = HTMLMarkup.fileName(fromURLPathSegment: options.rowDataURL.replacing(HTMLOptions.hashPlaceholder, with: "0")) else {
            throw .cannotWrite(path: path, reason: "the row data URL \(options.rowDataURL) is not a file name beside the page")
        }
        let file = try AtomicFile(writing: folder + draft, failure: RenderError.cannotWrite)
        defer { file.discard() }
        let (table, hash) = try virtualizedHTML(style: style, alignments: alignments, options: options) { (piece) throws(RenderError) in
            try file.append(piece)
        }
        try table.write(toPage: path, rowDataHash: hash, rowDataAt: { (name) throws(RenderError) in try file.commit(renamedTo: folder + name) }, writing: writeAtomically)
    }

    /// Whether `options` make the table a virtualised page.
    private func isVirtualized(_ options: HTMLOptions) -> Bool {
        guard let limit = options.virtualizedRowCount else { return false }
        return rowCount > max(0, limit)
    }

    /// The virtualised page and its row data's hash, the row data given to `rowData` in pieces of
    /// about 64 KiB as it is made (the page's `rowData` left nil). Every row is measured here first.
    private func virtualizedHTML(style: some TableStyle, alignments: [ColumnAlignment], options: HTMLOptions,
                                 rowData: (String) throws(RenderError) -> Void) throws(RenderError) -> (HTMLTable, hash: String) {
        measureRows(0..<rowCount)
        let header = styleConfiguration(rows: 0..<0, alignments: alignments)
        // The style draws its chrome around the whole table: the header and one row as tall as all of them.
        let width = header.columns.last?.header.frame.maxX ?? 0
        let headerHeight = headerBlockHeight
        let all = TableStyleConfiguration.Row(index: 0, frame: Rect(x: 0, y: headerHeight, width: width, height: contentHeight - headerHeight),
                                              cells: [])
        let body = style.makeBody(configuration: TableStyleConfiguration(columns: header.columns, rows: [all],
                                                                                 headerGroups: header.headerGroups))
        let firstRow = styleConfiguration(rows: 0..<1, alignments: alignments).rows.first
        let page = HTMLPage(body: body, options: options, sampleCell: firstRow?.cells.first)
        let writer = HTMLRows(fonts: page.fonts, striped: page.isStriped)

        // The rows are given a thousand at a time as they are laid out: no row's markup is kept
        // on its own, nor the whole joined.
        var hash = RowDataFile.Hash()
        var piece = ""
        func give(_ final: Bool = false) throws(RenderError) {
            guard final || piece.utf8.count >= 1 << 16 else { return }
            hash.add(piece)
            try rowData(piece)
            piece.removeAll(keepingCapacity: true)
        }
        let end = offset(ofRow: rowCount - 1) + height(ofRow: rowCount - 1)
        piece += "{\"offsets\":["
        for row in 0..<rowCount {
            piece += HTMLMarkup.number(HTMLMarkup.snapped(offset(ofRow: row))) + ","
            try give()
        }
        // One row a line, so the script finds a row's JSON without parsing the others.
        piece += HTMLMarkup.number(HTMLMarkup.snapped(end)) + "],\n\"rows\":[\n"
        var start = 0
        while start < rowCount {
            let range = start..<min(rowCount, start + 1024)
            // styleConfiguration places the range's first row right below the header: `shift` puts it back.
            let shift = offset(ofRow: range.lowerBound) - headerHeight
            for row in styleConfiguration(rows: range, alignments: alignments).rows {
                if row.index > 0 { piece += ",\n" }
                piece += writer.json(row, shift: shift)
            }
            try give()
            start = range.upperBound
        }
        piece += "\n]}\n"
        try give(true)

        let url = options.rowDataURL.replacing(HTMLOptions.hashPlaceholder, with: hash.digits)

        let headerRow = writer.header(header.columns, groups: header.headerGroups)
        let script = VirtualRows.script(id: options.id, url: url, prefetch: max(0, options.prefetchRows),
                                        footer: configuration.lastRowIsFooter,
                                        stripes: page.isStriped ? HTMLMarkup.snapped(configuration.rowSpacing) : nil)
        return (try page.document(gap: configuration.rowSpacing, table: { left, top in
            "<div class=\"t\" style=\"left:\(left);top:\(top);width:\(HTMLMarkup.span(from: 0, to: width));height:\(HTMLMarkup.span(from: 0, to: end))\">"
                + "<table style=\"\(page.tableStyle(left: "0", top: "0"))\">\(page.columnGroup)<thead>\(headerRow)</thead></table>"
                + "<table class=\"w\" style=\"\(page.tableStyle(left: "0", top: HTMLMarkup.span(from: 0, to: headerHeight)))\">"
                + "\(page.columnGroup)<tbody></tbody></table></div>"
        }, script: script, rowDataURL: url), hash.digits)
    }
}

/// The script of a virtualised table: a few dozen lines of plain JavaScript, the resource
/// `virtual-rows.js`, called with the table's options.
enum VirtualRows {
    /// Fetches the rows from `url` and keeps those in the viewport ± `prefetch` in the DOM (see
    /// `virtual-rows.js`). With `footer`, the last row gets the class `s`. With `stripes` (the
    /// rows' spacing, for a striped style), a spanning cell holds the stripes of the rows of odd
    /// index under it, as `HTMLRows.stripes(under:from:)` writes them.
    static func script(id: String, url: String, prefetch: Int, footer: Bool, stripes gap: Double? = nil) -> String {
        String(decoding: PackageResources.virtual_rows_js, as: UTF8.self)
            + "({ id: \(jsonString(id, escapingMarkup: true)), url: \(jsonString(url, escapingMarkup: true)), prefetch: \(prefetch), "
            + "footer: \(footer), gap: \(gap.map(HTMLMarkup.number) ?? "null") });\n"
    }
}
