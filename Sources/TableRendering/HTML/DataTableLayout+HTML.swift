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

/// The script of a virtualised table: a few dozen lines of plain JavaScript.
enum VirtualRows {
    /// Fetches the rows from `url` and keeps those in the viewport ± `prefetch` in the DOM: on
    /// every scroll or resize, a binary search of the offsets finds the first and last rows
    /// shown, and when they change the window's `<tbody>` gets their rows, written from the
    /// JSON as the page writes rows, and its table moves to the first one's offset. When the rows are in, the table's `<div>` gets
    /// `data-rows="ready"` and fires `rowsready`. With `footer`, the last row gets the class `s`.
    /// With `stripes` (the rows' spacing, for a striped style), a spanning cell holds the stripes
    /// of the rows of odd index under it, as `HTMLRows.stripes(under:from:)` writes them.
    static func script(id: String, url: String, prefetch: Int, footer: Bool, stripes gap: Double? = nil) -> String {
        """
        (() => {
          const root = document.getElementById(\(jsonString(id, escapingMarkup: true)));
          const frame = root.querySelector(".t"), table = root.querySelector("table.w"), body = table.tBodies[0];
          // The row data, one row a line (lines 2 to n + 1), each parsed when it is shown.
          let offsets = [], text = "", starts = [], count = 0, shown = "";
          const last = \(footer ? "\" s\"" : "\"\"");
          const cells = i => JSON.parse(text.slice(starts[i + 2], starts[i + 3] - (i + 1 < count ? 2 : 1)));
          const escape = text => text.replace(/[&<>]/g, c => c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;");
          // A line: [left, top, baseline, right-to-left, node, …]; a run: class × 2 + right-to-left (negated, less
          // one, when its last character is trimmed), text, width or null; a box: [right-to-left, node, …].
          // Written as the page writes lines.
          const nodes = (l, from) => {
            let html = "";
            for (let i = from; i < l.length; i += 3) {
              if (Array.isArray(l[i])) { html += '<span class="b' + (l[i][0] ? " q" : "") + '">' + nodes(l[i], 1) + "</span>"; i -= 2; continue; }
              const run = l[i] < 0 ? -1 - l[i] : l[i], text = [...l[i + 1]];
              html += '<span class="f' + (run >> 1) + (run & 1 ? " r" : "")
                + (l[i + 2] === null ? '"' : ' g" style="width:' + l[i + 2] + 'px"') + ">"
                + (l[i] < 0 ? escape(text.slice(0, -1).join("")) + '<span class="h">' + escape(text.slice(-1).join("")) + "</span>"
                   : escape(l[i + 1])) + "</span>";
            }
            return html;
          };
          const line = l => '<div class="l' + (l[3] ? " q" : "") + '" style="left:' + l[0] + "px;top:" + l[1] + "px;--b:" + l[2] + 'px">'
            + nodes(l, 4) + "</div>";
          // The stripes under a cell spanning rows i to end - 1: their odd rows, each less the spacing after it.
          const stripes = (i, end) => {
            const bands = [];
            for (let k = i | 1; k < end; k += 2) {
              const a = offsets[k] - offsets[i], b = offsets[k + 1] - offsets[i] - (k + 1 < count ? \(HTMLMarkup.number(gap ?? 0)) : 0);
              bands.push("#0000 " + a + "px,#000 " + a + "px " + b + "px,#0000 " + b + "px");
            }
            return bands.length ? '<div class="y" style="mask-image:linear-gradient(' + bands.join(",") + ')"></div>' : "";
          };
          // Rows first to end - 1 are shown. A cell spanning rows ([count, …] at its first row, that
          // row's number below) is a rowspan at the first of its rows shown, omitted below.
          const row = (i, first, end) => {
            let html = '<tr data-row="' + i + '"' + (i % 2 ? i === count - 1 ? ' class="o z' + last + '"' : ' class="o"' : i === count - 1 ? ' class="z' + last + '"' : "")
              + ' style="height:' + (offsets[i + 1] - offsets[i]) + 'px">', position = 0;
            cells(i).forEach((cell, column) => {
              let start = i, attributes = "";
              if (typeof cell === "number") {
                if (i !== first) return;
                start = cell;
                cell = cells(start)[column];
              }
              let from = 0, spanEnd = 0;
              if (typeof cell[0] === "number") {
                spanEnd = Math.min(start + cell[0], end);
                attributes = ' rowspan="' + (spanEnd - i) + '"' + (start + cell[0] === count ? ' class="z' + (!position && column ? ' m"' : '"') : "");
                from = 1;
              }
              if (!position && column && !attributes.includes("class")) attributes += ' class="m"';
              if (position++ !== column) attributes += ' data-c="' + column + '"';
              const style = typeof cell[from] === "string" ? cell[from++] : null;
              const under = \(gap == nil ? "false" : "true") && spanEnd && !(style && style.includes("background:")) ? stripes(i, spanEnd) : "";
              html += "<td" + attributes + (style ? ' style="' + style + '"' : "") + ">" + under + cell.slice(from).map(line).join("") + "</td>";
            });
            return html + "</tr>";
          };
          // The last row whose top is at or above y (0 above the first).
          const rowAt = y => {
            let low = 0, high = count - 1;
            while (low < high) {
              const middle = (low + high + 1) >> 1;
              if (offsets[middle] <= y) low = middle; else high = middle - 1;
            }
            return low;
          };
          const update = () => {
            if (!count) return;
            const top = -frame.getBoundingClientRect().top;
            const first = Math.max(0, rowAt(top) - \(prefetch));
            const end = Math.min(count, rowAt(top + innerHeight) + 1 + \(prefetch));
            if (shown === first + ":" + end) return;
            shown = first + ":" + end;
            table.style.top = offsets[first] + "px";
            let html = "";
            for (let i = first; i < end; i++) html += row(i, first, end);
            body.innerHTML = html;
          };
          fetch(\(jsonString(url, escapingMarkup: true))).then(response => response.text()).then(data => {
            text = data;
            for (let at = 0; at >= 0; at = text.indexOf("\\n", at) + 1 || -1) starts.push(at);
            offsets = JSON.parse(text.slice(text.indexOf("["), starts[1] - 2));
            count = offsets.length - 1;
            addEventListener("scroll", update, { passive: true, capture: true });
            addEventListener("resize", update);
            update();
            root.dataset.rows = "ready";
            root.dispatchEvent(new Event("rowsready"));
          });
        })();

        """
    }
}
