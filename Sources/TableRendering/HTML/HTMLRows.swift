import TextMeasure

/// The markup of a table's header and rows: each cell's lines at the layout's places, each line
/// its own element, each glyph run a span in the font that shaped it.
struct HTMLRows {
    let fonts: HTMLFonts
    /// Whether the style stripes rows: a cell spanning rows then holds their stripes
    /// (`stripes(under:from:)`).
    var striped = false

    /// The header: a row of each level of `groups` from the top, a group a `<th colspan>` over
    /// its columns and a column no group of that level covers an empty `<th class="e">`; then the
    /// header row, `<tr>` of `<th>`s. Each row as tall as its cells. O(columns × levels + groups).
    func header(_ columns: [TableStyleConfiguration.Column], groups: [TableStyleConfiguration.HeaderGroup] = []) -> String {
        var markup = ""
        for level in stride(from: groups.map(\.level).max() ?? 0, to: 0, by: -1) {
            let row = groups.filter { $0.level == level }
            let height = row.first?.cell.frame.height ?? columns.first?.header.frame.height ?? 0
            markup += "<tr style=\"height:\(HTMLMarkup.span(from: 0, to: height))\">"
            var column = 0
            while column < columns.count {
                if let group = row.first(where: { $0.columns.lowerBound == column }) {
                    markup += "<th scope=\"colgroup\" colspan=\"\(group.columns.count)\">"
                        + HTMLLine.lines(of: group.cell, shift: 0, fonts: fonts).map(\.html).joined() + "</th>"
                    column = group.columns.upperBound
                } else {
                    markup += "<th class=\"e\"></th>"
                    column += 1
                }
            }
            markup += "</tr>"
        }
        return markup + headerRow(columns)
    }

    /// The header row: `<tr>` of `<th>`s, `height` points tall. A header whose content box is
    /// not the first one's (the page's rule), as a number column's whose title ends where its
    /// numbers do, has its own padding.
    private func headerRow(_ columns: [TableStyleConfiguration.Column]) -> String {
        let height = columns.first?.header.frame.height ?? 0
        let usual = HTMLMarkup.padding(columns.first?.header)
        var markup = "<tr style=\"height:\(HTMLMarkup.span(from: 0, to: height))\">"
        for column in columns {
            let padding = HTMLMarkup.padding(column.header)
            markup += (padding == usual ? "<th scope=\"col\">" : "<th scope=\"col\" style=\"padding:\(padding)\">")
                + HTMLLine.lines(of: column.header, shift: 0, fonts: fonts).map(\.html).joined() + "</th>"
        }
        return markup + "</tr>"
    }

    /// Row `row` as a `<tr>` from its top to `next` (where the next row starts, or its own
    /// bottom for the last), of a table whose rows are `shown`. Classes: `o` for an odd index
    /// (stripes), `z` for the table's last row and a spanning cell reaching it (no line under
    /// them), `s` for the footer (the header's separator above it), `m` for a cell first in its
    /// row but not in the first column (a span covers those
    /// left of it: its column line is drawn). A cell spanning rows is a `<td rowspan>` at the
    /// first of its rows shown; below, its rows omit it, and the cells after it there name their
    /// column (`data-c`, from 0: sticky columns find their cells by it). `rows` holds this row
    /// and those after it (the stripes under a spanning cell are theirs).
    func row(_ row: TableStyleConfiguration.Row, next: Double, shown: Range<Int>,
             rows: ArraySlice<TableStyleConfiguration.Row>) -> String {
        let classes = [row.index % 2 == 1 ? "o" : nil, row.index == shown.upperBound - 1 ? "z" : nil,
                       row.isFooter ? "s" : nil].compactMap { $0 }
        var markup = "<tr data-row=\"\(row.index)\"" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")
            + " style=\"height:\(HTMLMarkup.span(from: row.frame.minY, to: next))\">"
        var isFirst = true, position = 0
        for (column, cell) in row.cells.enumerated() {
            var attributes = "", stripes = ""
            var classes: [String] = isFirst && column > 0 ? ["m"] : []
            let isMoved = position != column
            if let span = cell.spannedRows {
                guard row.index == span.lowerBound || row.index == shown.lowerBound else { continue }
                let end = min(span.upperBound, shown.upperBound)
                attributes += " rowspan=\"\(end - row.index)\""
                if end == shown.upperBound { classes.append("z") }
                if striped, cell.textStyle.background == nil { stripes = Self.stripes(under: rows.prefix(end - row.index), from: row.frame.minY) }
            }
            if !classes.isEmpty { attributes += " class=\"\(classes.joined(separator: " "))\"" }
            if isMoved { attributes += " data-c=\"\(column)\"" }
            isFirst = false
            position += 1
            markup += "<td" + attributes + (Self.style(of: cell).map { " style=\"\($0)\"" } ?? "") + ">" + stripes
                + HTMLLine.lines(of: cell, shift: 0, fonts: fonts).map(\.html).joined() + "</td>"
        }
        return markup + "</tr>"
    }

    /// The stripes of `rows` (the rows a cell spans, from its own) under the cell, whose top is
    /// at `top`: a box over the cell (`.y`, filled as striped rows are) masked to the rows of odd
    /// index, each from its top to its bottom, on the 1/64 px grid; "" when none is odd. The
    /// `<td rowspan>` itself is not filled, so each row under it is striped or not, as the style
    /// draws rows. O(rows).
    static func stripes(under rows: some Sequence<TableStyleConfiguration.Row>, from top: Double) -> String {
        let bands = rows.filter { $0.index % 2 == 1 }.map { row in
            let (start, end) = (HTMLMarkup.span(from: top, to: row.frame.minY), HTMLMarkup.span(from: top, to: row.frame.maxY))
            return "#0000 \(start),#000 \(start) \(end),#0000 \(end)"
        }
        return bands.isEmpty ? "" : "<div class=\"y\" style=\"mask-image:linear-gradient(\(bands.joined(separator: ",")))\"></div>"
    }

    /// The inline CSS of a cell's text style (`color`, `background`), nil for none.
    static func style(of cell: TableStyleConfiguration.Cell) -> String? {
        let style = cell.textStyle
        let rules = [style.color.map { "color:" + HTMLMarkup.css($0) }, style.background.map { "background:" + HTMLMarkup.css($0) }]
            .compactMap { $0 }
        return rules.isEmpty ? nil : rules.joined(separator: ";")
    }

    /// Row `row`'s cells as JSON, its frame moved down by `shift` (rows of a part of the table
    /// placed in the whole): `[[line, …], …]`, one array of lines (`HTMLLine.json`) a cell, led
    /// by the cell's inline style as a string when it has one. A cell spanning rows is led by
    /// their count at its first row, and below is the number of that row. The script makes the
    /// `<tr>` of `row` from it and the offsets.
    func json(_ row: TableStyleConfiguration.Row, shift: Double) -> String {
        let cells = row.cells.map { cell -> String in
            if let span = cell.spannedRows, span.lowerBound != row.index { return String(span.lowerBound) }
            var parts: [String] = cell.spannedRows.map { [String($0.count)] } ?? []
            parts += Self.style(of: cell).map { [jsonString($0)] } ?? []
            parts += HTMLLine.lines(of: cell, shift: shift, fonts: fonts).map(\.json)
            return "[" + parts.joined(separator: ",") + "]"
        }
        return "[" + cells.joined(separator: ",") + "]"
    }
}
