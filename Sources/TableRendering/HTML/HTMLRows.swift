import TextMeasure

/// The markup of a table's header and rows: each cell's lines at the layout's places, each line
/// its own element, each glyph run a span in the font that shaped it.
struct HTMLRows {
    let fonts: HTMLFonts

    /// The header row: `<tr>` of `<th>`s, `height` points tall.
    func header(_ columns: [TableStyleConfiguration.Column]) -> String {
        let height = columns.first?.header.frame.height ?? 0
        var markup = "<tr style=\"height:\(HTMLMarkup.span(from: 0, to: height))\">"
        for column in columns { markup += cell(column.header, tag: "th scope=\"col\"", shift: 0) }
        return markup + "</tr>"
    }

    /// Row `row` as a `<tr>` from its top to `next` (where the next row starts, or its own
    /// bottom for the last), its frame moved down by `shift` (rows of a page of the table
    /// placed in the whole table). Classes: `o` for an odd index (stripes), `z` for the
    /// table's last row (no line under it).
    func row(_ row: TableStyleConfiguration.Row, next: Double, isLast: Bool, shift: Double) -> String {
        let classes = [row.index % 2 == 1 ? "o" : nil, isLast ? "z" : nil].compactMap { $0 }
        var markup = "<tr data-row=\"\(row.index)\"" + (classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\"")
            + " style=\"height:\(HTMLMarkup.span(from: row.frame.minY + shift, to: next + shift))\">"
        for cell in row.cells { markup += self.cell(cell, tag: "td", shift: shift) }
        return markup + "</tr>"
    }

    /// A cell: its lines, each absolutely placed in the cell at the layout's left edge and top,
    /// its baseline `--b` below that top.
    private func cell(_ cell: TableStyleConfiguration.Cell, tag: String, shift: Double) -> String {
        var markup = "<\(tag)>"
        var start = 0
        let items = cell.text
        while start < items.count {
            // A line: the consecutive runs with the same top and baseline.
            var end = start + 1
            while end < items.count, items[end].origin.y == items[start].origin.y, items[end].frame.minY == items[start].frame.minY {
                end += 1
            }
            let first = items[start]
            let top = first.frame.minY + shift
            markup += "<div class=\"l\" style=\"left:\(HTMLMarkup.span(from: cell.frame.minX, to: first.frame.minX));"
                + "top:\(HTMLMarkup.span(from: cell.frame.minY + shift, to: top));"
                + "--b:\(HTMLMarkup.span(from: top, to: first.origin.y + shift))\">"
            // Every run but the last is a box from its start to the next run's (the room of a tab
            // included): the browser rounds each run's width up to 1/64 px, and would add them up.
            for index in start..<end {
                let item = items[index]
                var attributes = " class=\"f\(fonts.className(for: item.run))\(item.run.isRightToLeft ? " r" : "")"
                if index + 1 < end {
                    let width = max(0, HTMLMarkup.snapped(items[index + 1].frame.minX) - HTMLMarkup.snapped(item.frame.minX))
                    attributes += " g\" style=\"width:\(HTMLMarkup.px(width))\""
                } else {
                    attributes += "\""
                }
                markup += "<span\(attributes)>\(HTMLMarkup.escaped(item.run.text))</span>"
            }
            markup += "</div>"
            start = end
        }
        return markup + "</\(tag.prefix { $0 != " " })>"
    }
}
