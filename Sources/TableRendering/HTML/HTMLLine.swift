import TextMeasure

/// A line of a cell as the page places it: its left edge, top and baseline in the cell (on the
/// 1/64 px grid), and its runs in logical order, as it reads, copies and is spoken.
///
/// The runs are nested as the bidi algorithm nests them: the runs at the line's lowest level in
/// its direction, each stretch at a higher level a box in the direction of that level, and so on
/// up; every element is ordered by its box's direction alone, so the browser puts the runs where
/// the layout's visual order has them, with no bidi resolution of its own. Every run but the
/// visually last is a box as wide as from its start to the next run's start: the browser rounds
/// each run's width up to 1/64 px, and these roundings never add up along the line.
///
/// A line with a tab's room between its runs is written in visual order, left to right.
struct HTMLLine {
    struct Run {
        /// The font class (`f3`).
        let fontClass: Int
        let isRightToLeft: Bool
        let text: Substring
        /// Its box's width, nil for the visually last run (its own width).
        let width: Double?
        /// Its last character is a closing mark trimmed at the line's end (`GlyphRun.endTrim`),
        /// drawn with the font's `halt` (class `h`), as it was measured.
        let trimsEnd: Bool
    }

    indirect enum Node {
        case run(Run)
        case box(isRightToLeft: Bool, [Node])
    }

    let left: Double
    let top: Double
    let baseline: Double
    let isRightToLeft: Bool
    let nodes: [Node]

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
        let runs = items.indices.map { index in
            let item = items[index]
            let width = index + 1 < items.count ? HTMLMarkup.snapped(items[index + 1].frame.minX) - HTMLMarkup.snapped(item.frame.minX) : nil
            return (level: item.run.level,
                    run: Run(fontClass: fonts.className(for: item.run), isRightToLeft: item.run.isRightToLeft, text: item.run.text,
                             width: width.map { max(0, $0) }, trimsEnd: item.run.endTrim > 0))
        }
        let contiguous = zip(items, items.dropFirst()).allSatisfy { abs($1.frame.minX - ($0.frame.minX + $0.run.width)) < 1e-6 }
        guard contiguous else {
            // Runs of different tab-separated stretches: left to right, as drawn.
            (isRightToLeft, nodes) = (false, runs.map { .run($0.run) })
            return
        }
        // One stretch: its runs are slices of one string, in logical order by where they start.
        let logical = runs.sorted { $0.run.text.startIndex < $1.run.text.startIndex }
        let base = logical.map(\.level).min() ?? 0
        isRightToLeft = base % 2 == 1
        nodes = Self.nested(logical[...], level: base)
    }

    /// `runs` (all at `level` or above) as the runs at `level`, and a box for each stretch above it.
    private static func nested(_ runs: ArraySlice<(level: Int, run: Run)>, level: Int) -> [Node] {
        var nodes: [Node] = []
        var index = runs.startIndex
        while index < runs.endIndex {
            if runs[index].level <= level {
                nodes.append(.run(runs[index].run))
                index += 1
            } else {
                var end = index
                while end < runs.endIndex, runs[end].level > level { end += 1 }
                nodes.append(.box(isRightToLeft: (level + 1) % 2 == 1, nested(runs[index..<end], level: level + 1)))
                index = end
            }
        }
        return nodes
    }

    /// The line as HTML: `<div class="l">` of `<span>`s (runs `f3`, right to left `r`, with a
    /// width `g`; boxes `b`, right to left `q`).
    var html: String {
        func markup(_ nodes: [Node]) -> String {
            nodes.map { node in
                switch node {
                case .run(let run):
                    "<span class=\"f\(run.fontClass)\(run.isRightToLeft ? " r" : "")"
                        + (run.width.map { " g\" style=\"width:\(HTMLMarkup.px($0))\"" } ?? "\"") + ">" + text(of: run) + "</span>"
                case .box(let isRightToLeft, let inner):
                    "<span class=\"b\(isRightToLeft ? " q" : "")\">" + markup(inner) + "</span>"
                }
            }.joined()
        }
        return "<div class=\"l\(isRightToLeft ? " q" : "")\" style=\"left:\(HTMLMarkup.px(left));top:\(HTMLMarkup.px(top));"
            + "--b:\(HTMLMarkup.px(baseline))\">" + markup(nodes) + "</div>"
    }

    /// The run's text as HTML, a trimmed last character (its last scalar) in a `<span class="h">`.
    private func text(of run: Run) -> String {
        guard run.trimsEnd, !run.text.isEmpty else { return HTMLMarkup.escaped(run.text) }
        let last = run.text.unicodeScalars.index(before: run.text.endIndex)  // as the script splits it
        return HTMLMarkup.escaped(run.text[..<last]) + "<span class=\"h\">" + HTMLMarkup.escaped(run.text[last...]) + "</span>"
    }

    /// The line as JSON for the virtualised table's script, which writes the same HTML:
    /// `[left, top, baseline, right-to-left (0 or 1), node, …]`, a run as three values
    /// (`class × 2 + right-to-left, "text", width or null`; the first negated and less one,
    /// `-1 - (class × 2 + right-to-left)`, when its last character is trimmed), a box as an
    /// array (`[right-to-left, node, …]`).
    var json: String {
        func json(_ nodes: [Node]) -> String {
            nodes.map { node in
                switch node {
                case .run(let run):
                    ",\((run.trimsEnd ? -1 : 0) + (run.trimsEnd ? -1 : 1) * (run.fontClass * 2 + (run.isRightToLeft ? 1 : 0))),"
                        + "\(jsonString(run.text)),\(run.width.map(HTMLMarkup.number) ?? "null")"
                case .box(let isRightToLeft, let inner):
                    ",[\(isRightToLeft ? 1 : 0)" + json(inner) + "]"
                }
            }.joined()
        }
        return "[\(HTMLMarkup.number(left)),\(HTMLMarkup.number(top)),\(HTMLMarkup.number(baseline)),\(isRightToLeft ? 1 : 0)" + json(nodes) + "]"
    }
}
