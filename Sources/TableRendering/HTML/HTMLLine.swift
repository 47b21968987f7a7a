import TextMeasure

/// A line of a cell as the page places it: its left edge, top and baseline in the cell (on the
/// 1/64 px grid), and its runs in the order the page writes them.
///
/// The browser rounds each run's width up to 1/64 px and would add those up along the line; so
/// each run but the last ends where the layout's next run starts:
/// - a line in one direction, or with a tab's room, is written in visual order with the bidi
///   algorithm overridden, every run but the last a box of the layout's width (`room`);
/// - a line mixing directions is written in logical order (as it reads and copies), in its
///   paragraph's direction, for the browser's bidi algorithm (ICU's, as ours) to order; each run
///   but the visually last takes back the browser's rounding with its right margin (`room`).
struct HTMLLine {
    enum Order: Int {
        case visual = 0
        case logicalLeftToRight = 1
        case logicalRightToLeft = 2
    }

    struct Run {
        /// The font class (`f3`).
        let fontClass: Int
        let isRightToLeft: Bool
        let text: Substring
        /// Visual order: the run's box width; logical order: its right margin; nil for the
        /// (visually) last run.
        let room: Double?
    }

    let left: Double
    let top: Double
    let baseline: Double
    let order: Order
    let runs: [Run]

    /// The lines of `cell`, its frame moved down by `shift`, their runs' fonts noted in `fonts`.
    static func lines(of cell: TableStyleConfiguration.Cell, shift: Double, fonts: HTMLFonts) -> [HTMLLine] {
        var lines: [HTMLLine] = []
        let items = cell.text
        var start = 0
        while start < items.count {
            // A line: the consecutive runs with the same top and baseline.
            var end = start + 1
            while end < items.count, items[end].origin.y == items[start].origin.y, items[end].frame.minY == items[start].frame.minY {
                end += 1
            }
            lines.append(HTMLLine(Array(items[start..<end]), in: cell, shift: shift, fonts: fonts))
            start = end
        }
        return lines
    }

    private init(_ items: [TextItem], in cell: TableStyleConfiguration.Cell, shift: Double, fonts: HTMLFonts) {
        let first = items[0]
        let top = first.frame.minY + shift
        left = HTMLMarkup.snapped(first.frame.minX) - HTMLMarkup.snapped(cell.frame.minX)
        self.top = HTMLMarkup.snapped(top) - HTMLMarkup.snapped(cell.frame.minY + shift)
        baseline = HTMLMarkup.snapped(first.origin.y + shift) - HTMLMarkup.snapped(top)
        let contiguous = zip(items, items.dropFirst()).allSatisfy { abs($1.frame.minX - ($0.frame.minX + $0.run.width)) < 1e-6 }
        let isMixed = items.count > 1 && contiguous && items.contains { $0.run.isRightToLeft } && items.contains { !$0.run.isRightToLeft }
        // A right-to-left paragraph puts even its left-to-right text at level 2.
        let isRightToLeft = (items.map(\.run.level).min() ?? 0) >= 1
        order = !isMixed ? .visual : isRightToLeft ? .logicalRightToLeft : .logicalLeftToRight
        let written = isMixed ? items.indices.sorted { items[$0].run.text.startIndex < items[$1].run.text.startIndex } : Array(items.indices)
        runs = written.map { index in
            let item = items[index]
            var room: Double?
            if index + 1 < items.count {
                let distance = HTMLMarkup.snapped(items[index + 1].frame.minX) - HTMLMarkup.snapped(item.frame.minX)
                room = isMixed ? distance - (item.run.width * 64).rounded(.up) / 64 : max(0, distance)
            }
            return Run(fontClass: fonts.className(for: item.run), isRightToLeft: item.run.isRightToLeft, text: item.run.text, room: room)
        }
    }

    /// The line as HTML: `<div class="l">` of `<span>`s.
    var html: String {
        let classes = switch order {
        case .visual: "l"
        case .logicalLeftToRight: "l n"
        case .logicalRightToLeft: "l n q"
        }
        var markup = "<div class=\"\(classes)\" style=\"left:\(HTMLMarkup.px(left));top:\(HTMLMarkup.px(top));--b:\(HTMLMarkup.px(baseline))\">"
        for run in runs {
            markup += "<span class=\"f\(run.fontClass)\(run.isRightToLeft ? " r" : "")"
            switch (run.room, order) {
            case (nil, _): markup += "\""
            case (let room?, .visual): markup += " g\" style=\"width:\(HTMLMarkup.px(room))\""
            case (let room?, _): markup += "\" style=\"margin-right:\(HTMLMarkup.px(room))\""
            }
            markup += ">\(HTMLMarkup.escaped(run.text))</span>"
        }
        return markup + "</div>"
    }

    /// The line as JSON for the virtualised table's script, which writes the same HTML:
    /// `[left, top, baseline, order, class × 2 + isRightToLeft, "text", room, …, class, "text"]`
    /// (each run's room but the last written's).
    var json: String {
        var json = "[\(HTMLMarkup.number(left)),\(HTMLMarkup.number(top)),\(HTMLMarkup.number(baseline)),\(order.rawValue)"
        for (index, run) in runs.enumerated() {
            json += ",\(run.fontClass * 2 + (run.isRightToLeft ? 1 : 0)),\(jsonString(run.text))"
            // In logical order the visually last run may come first: its room is 0 (no margin).
            if index + 1 < runs.count { json += "," + HTMLMarkup.number(run.room ?? 0) }
        }
        return json + "]"
    }
}
