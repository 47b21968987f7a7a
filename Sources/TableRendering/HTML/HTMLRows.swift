import TextMeasure

/// The markup of a table's header and rows: each cell's lines at the layout's places, each line
/// its own element, each glyph run a span in the font that shaped it.
struct HTMLRows {
    let fonts: HTMLFonts

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

    /// The header row: `<tr>` of `<th>`s, `height` points tall.
    private func headerRow(_ columns: [TableStyleConfiguration.Column]) -> String {
        let height = columns.first?.header.frame.height ?? 0
        var markup = "<tr style=\"height:\(HTMLMarkup.span(from: 0, to: height))\">"
        for column in columns {
            markup += "<th scope=\"col\">" + HTMLLine.lines(of: column.header, shift: 0, fonts: fonts).map(\.html).joined() + "</th>"
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
    /// column (`data-c`, from 0: sticky columns find their cells by it).
    func row(_ row: TableStyleConfiguration.Row, next: Double, shown: Range<Int>) -> String {
        let classes = [row.index % 2 == 1 ? "o" : nil, row.index == shown.upperBound - 1 ? "z" : nil,
                       row.isFooter ? "s" : nil].compactMap { $0 }
        var markup = "<tr data-row=\"\(row.index)\"" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")
            + " style=\"height:\(HTMLMarkup.span(from: row.frame.minY, to: next))\">"
        var isFirst = true, position = 0
        for (column, cell) in row.cells.enumerated() {
            var attributes = ""
            var classes: [String] = isFirst && column > 0 ? ["m"] : []
            let isMoved = position != column
            if let span = cell.spannedRows {
                guard row.index == span.lowerBound || row.index == shown.lowerBound else { continue }
                let end = min(span.upperBound, shown.upperBound)
                attributes += " rowspan=\"\(end - row.index)\""
                if end == shown.upperBound { classes.append("z") }
            }
            if !classes.isEmpty { attributes += " class=\"\(classes.joined(separator: " "))\"" }
            if isMoved { attributes += " data-c=\"\(column)\"" }
            isFirst = false
            position += 1
            markup += "<td" + attributes + (Self.style(of: cell).map { " style=\"\($0)\"" } ?? "") + ">"
                + HTMLLine.lines(of: cell, shift: 0, fonts: fonts).map(\.html).joined() + "</td>"
        }
        return markup + "</tr>"
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
