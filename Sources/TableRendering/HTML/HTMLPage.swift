/// The parts every HTML table shares: the rules that make the browser only draw (fixed layout,
/// lines placed, fonts as measured), the chrome, the fonts, and the page around them.
struct HTMLPage {
    let body: TableBody
    let options: HTMLOptions
    let fonts: HTMLFonts
    /// A body cell, whose padding every body cell has (nil: none in the body).
    let sampleCell: TableStyleConfiguration.Cell?

    init(body: TableBody, options: HTMLOptions, sampleCell: TableStyleConfiguration.Cell?) {
        (self.body, self.options, self.sampleCell) = (body, options, sampleCell)
        fonts = HTMLFonts(id: options.id)
    }

    /// Whether the style stripes rows.
    var isStriped: Bool { body.contentChrome.contains { if case .rowStripes = $0 { true } else { false } } }

    /// The selector of the table's `<div>`.
    var scope: String { "[id=\(HTMLMarkup.cssString(options.id))]" }

    /// The `<colgroup>`: each column's width on the 1/64 px grid, summing to the table's.
    var columnGroup: String {
        "<colgroup>" + body.columns.map { "<col style=\"width:\(HTMLMarkup.span(from: $0.header.frame.minX, to: $0.header.frame.maxX))\">" }
            .joined() + "</colgroup>"
    }

    /// `style` for a `<table>` at `left`, `top`, as wide as the columns.
    func tableStyle(left: String, top: String) -> String {
        "left:\(left);top:\(top);width:\(HTMLMarkup.span(from: body.tableFrame.minX, to: body.tableFrame.maxX))"
    }

    /// The whole page or fragment: `table` inside the chrome, the rules, and `script`.
    func document(gap: Double, table: (_ left: String, _ top: String) -> String, script: String? = nil,
                  rowDataURL: String? = nil) throws(RenderError) -> HTMLTable {
        let chrome = HTMLChrome(body: body, scope: scope)
        let bounds = body.bounds
        let content = chrome.markup(chrome.layers, origin: Point(x: bounds.minX, y: bounds.minY), table: table)
        let (fontRules, files) = try fonts.rules(options.fonts, selector: scope)
        let css = baseRules(bounds: bounds, gap: gap) + chrome.contentRules(gap: gap) + fontRules
        let division = "<div id=\"\(HTMLMarkup.escaped(options.id))\">\(content)</div>"
        let fragment = "<style>\n\(css)</style>\n\(division)\n" + (script.map { "<script>\n\($0)</script>\n" } ?? "")
        // The row data starts loading with the page, not once the script runs.
        let preload = rowDataURL.map { "\n<link rel=\"preload\" href=\"\(HTMLMarkup.escaped($0))\" as=\"fetch\" crossorigin=\"anonymous\">" } ?? ""
        let html = options.isFragment ? fragment : """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>\(HTMLMarkup.escaped(options.title))</title>\(preload)
            <style>html,body{margin:0;padding:0}</style>
            \(fragment)</html>

            """
        return HTMLTable(html: html, rowData: nil, rowDataURL: rowDataURL, fonts: files)
    }

    /// The rules that leave the browser nothing to decide: a fixed table layout; cells whose
    /// padding is the layout's, so their content box is the measured one; each line placed in
    /// its cell, never broken (`white-space: pre`), its baseline set by an inline block `--b`
    /// tall (no font metric moves it); runs and boxes of runs each in its own direction, ordered
    /// by it alone (`isolate-override`), each run but the visually last a box as wide as the
    /// layout says (`.g`); and nothing the browser would add to HarfBuzz's defaults (synthesised bold
    /// or italic, optical sizes, CJK autospace), and the fullwidth punctuation trimmed as the default stack measured it.
    private func baseRules(bounds: Rect, gap: Double) -> String {
        let s = scope
        let padding = HTMLMarkup.padding
        var css = """
            \(s){position:relative;isolation:isolate;width:\(HTMLMarkup.span(from: bounds.minX, to: bounds.maxX));height:\(HTMLMarkup.span(from: bounds.minY, to: bounds.maxY))}
            \(s) table{position:absolute;table-layout:fixed;border-collapse:separate;border-spacing:0;margin:0}
            \(s) th,\(s) td{position:relative;vertical-align:top;text-align:left;font-weight:normal;overflow:visible;border:0;box-sizing:border-box}
            \(s) thead th{padding:\(padding(body.columns.first?.header))}
            \(s) tbody td{padding:\(padding(sampleCell))}
            \(s) .c,\(s) .k,\(s) .t{position:absolute;box-sizing:border-box}
            \(s) .k{overflow:clip}
            \(s) .v{z-index:4}
            \(s) .l{position:absolute;z-index:2;white-space:pre;line-height:0;direction:ltr;unicode-bidi:bidi-override;font-style:normal;font-weight:normal;font-stretch:normal;font-variant:normal;font-kerning:normal;font-synthesis:none;font-optical-sizing:none;letter-spacing:0;word-spacing:0;text-transform:none;text-rendering:geometricPrecision;text-spacing-trim:normal;text-autospace:no-autospace}
            \(s) .l::before{content:"";display:inline-block;height:var(--b)}
            \(s) .l span{unicode-bidi:isolate-override;direction:ltr}
            \(s) .l .r,\(s) .l .q,\(s) .l.q{direction:rtl}
            \(s) .l .g,\(s) .l .b{display:inline-block;text-align:left}
            \(s) .l .h{unicode-bidi:normal;direction:inherit;font-feature-settings:"halt"}

            """
        css += stickyRules(bounds: bounds)
        if gap > 0 {
            css += "\(s) tbody td{border-bottom:\(HTMLMarkup.px(HTMLMarkup.snapped(gap))) solid transparent}\n\(s) tbody tr.z>td,\(s) tbody td.z{border-bottom:0}\n"
        }
        return css
    }
}

extension HTMLPage {
    /// The first `options.stickyColumns` columns' cells stay where they are when the page scrolls
    /// sideways (`position: sticky`, `left` their place from the page's left edge), above the
    /// other cells (of the header, the header row's; not the header groups'), on the style's background (white if it has none) unless a header fill or
    /// stripe paints them (`:where` gives the background no specificity, so those win). The
    /// chrome's clip is `overflow: clip`, which, unlike `hidden`, makes no scroll container that
    /// would hold them. O(sticky columns + wrappers).
    func stickyRules(bounds: Rect) -> String {
        let s = scope
        var background = "#fff"
        for case .under(.fill(let path, let color)) in body.wrappers where path.bounds.width > 0 && color.opacity >= 1 {
            background = HTMLMarkup.css(color)
        }
        var css = ""
        // Under header groups a group row's n-th cell need not be the n-th column's: only the
        // header row's cells stick.
        let header = body.headerGroups.isEmpty ? "thead th" : "thead tr:last-child th"
        for (index, column) in body.columns.prefix(max(0, options.stickyColumns)).enumerated() {
            // Below a span, a row's cells after the ones it covers name their column.
            let cells = "\(s) \(header):nth-child(\(index + 1)),\(s) tbody td:nth-child(\(index + 1)):not([data-c]),\(s) tbody td[data-c=\"\(index)\"]"
            css += "\(cells){position:sticky;z-index:3;left:\(HTMLMarkup.span(from: bounds.minX, to: column.header.frame.minX))}\n"
            css += ":where(\(cells)){background-color:\(background)}\n"
        }
        return css
    }
}

extension TableBody {
    /// The table as HTML whose text the browser draws exactly as it was measured, every row in
    /// the page (for many rows, see `DataTableLayout.html(style:alignments:options:)`).
    ///
    /// - A `<table>` with `table-layout: fixed`, the columns' widths in a `<colgroup>` and each
    ///   row's height, all from the layout, on Chromium's 1/64 px grid as differences of snapped
    ///   positions, so no row drifts from its offset.
    /// - Each line of a cell its own element with `white-space: pre`, at the layout's place,
    ///   with the layout's breaks and ellipsis; each glyph run a span in the face that shaped
    ///   it, in its direction. No script.
    /// - The style's chrome as CSS: its background, stroke and clip as boxes around the table;
    ///   header fills, stripes, separators and grid lines as rules on the cells.
    /// - The fonts as `@font-face` rules, embedded or by URL (`options.fonts`).
    ///
    /// - Throws: `RenderError.fontNotServable` naming a font that cannot go into the page as asked.
    /// - Complexity: O(cells + lines + runs + sticky columns), plus subsetting each
    ///   embedded font once.
    public func html(options: HTMLOptions = HTMLOptions()) throws(RenderError) -> HTMLTable {
        let page = HTMLPage(body: self, options: options, sampleCell: rows.first?.cells.first)
        let writer = HTMLRows(fonts: page.fonts, striped: page.isStriped)
        let header = writer.header(columns, groups: headerGroups)
        var markup = ""
        let shown = (rows.first?.index ?? 0)..<((rows.last?.index ?? -1) + 1)
        for (index, row) in rows.enumerated() {
            let next = index + 1 < rows.count ? rows[index + 1].frame.minY : row.frame.maxY
            markup += writer.row(row, next: next, shown: shown, rows: rows[index...])
        }
        let gap = rows.count > 1 ? rows[1].frame.minY - rows[0].frame.maxY : 0
        return try page.document(gap: gap) { left, top in
            "<table style=\"\(page.tableStyle(left: left, top: top))\">\(page.columnGroup)<thead>\(header)</thead><tbody>\(markup)</tbody></table>"
        }
    }
}
