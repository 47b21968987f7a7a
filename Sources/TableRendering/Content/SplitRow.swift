import CellLayout
import DataTables
import TextMeasure

/// A row taller than a page, laid out once for all the pages that show a part of it: a page
/// shapes only the lines of it that fall on the page, so drawing the row costs its lines once,
/// whatever the number of its pages.
struct SplitRow {
    /// A text cell of the row, laid out.
    struct TextCell {
        let lines: [TextLine]
        /// Where each line starts below the content box's top, then where the last one ends
        /// (`lines.count + 1` values).
        let tops: [Double]
        /// Where the content box starts below the row's top (the cell's top padding).
        let padding: Double
        let direction: TextDirection
        let tabInterval: Double
        /// The cell's text style and the font it is measured and drawn in.
        let style: DataTableTextStyle
        let font: FontStack

        /// The lines that lie between `top` and `bottom` points below the row's top (to within
        /// 1e-9 pt), the lines a page showing that band of the row holds. O(log lines).
        func lines(from top: Double, to bottom: Double) -> Range<Int> {
            let first = lines.indices.partitioningIndex { padding + tops[$0] >= top - 1e-9 }
            let end = lines.indices.partitioningIndex { padding + tops[$0 + 1] > bottom + 1e-9 }
            return first..<max(first, end)
        }
    }

    /// Each column's cell: its text laid out, or nil for a compound cell (placed and shaped again
    /// by each page that shows it) and for a cell under a span begun above the row (the page draws
    /// the spanning cell instead).
    let cells: [TextCell?]
    /// The stretches of the row's height (from its top) that no page may cut: the line boxes
    /// that draw glyphs, of all its cells, overlapping ones merged, top to bottom.
    let blocks: [ClosedRange<Double>]
}

extension DataTableLayout {
    /// Row `row` (measured) laid out for splitting between pages. O(its lines), plus placing and
    /// shaping its compound cells. A cell under a span begun above the row is not the row's: it
    /// has no lines and no blocks (its text, the span's, is the spanning cell's to draw).
    func splitRow(_ row: Int) -> SplitRow {
        let padding = configuration.cellPadding
        let value = rows[row]
        var boxes: [ClosedRange<Double>] = []
        let cells = columns.indices.map { index -> SplitRow.TextCell? in
            if !rowSpans.isEmpty, let span = rowSpans.span(column: index, coveringRow: row), span.row != row { return nil }
            let frame = Rect(x: 0, y: 0, width: columnWidths.columns[index].width, height: height(ofRow: row))
            let content = frame.inset(by: padding)
            if let node = columns[index].cell?(value) {
                let placement = MeasuredCell(node, cache: cache).placement(atWidth: content.width)
                boxes += CellText.items(placement, in: content, cache: cache).map { $0.frame.minY...$0.frame.maxY }
                return nil
            }
            let text = columns[index].text(value)
            let style = textStyle(ofColumn: index, row: row, text: text)
            let font = cellFont(ofColumn: index, style: style)
            let lines = self.lines(of: text, font: font, row: row, width: content.width)
            var tops = [0.0]
            tops.reserveCapacity(lines.count + 1)
            for line in lines { tops.append(tops[tops.count - 1] + line.height) }
            // A line draws glyphs unless it is empty or only tabs (see `CellText.items`).
            for (position, line) in lines.enumerated() where line.text.utf8.contains(where: { $0 != 9 }) {
                boxes.append(padding.top + tops[position]...padding.top + tops[position + 1])
            }
            return SplitRow.TextCell(lines: lines, tops: tops, padding: padding.top,
                                     direction: TextDirection.resolved(for: text),
                                     tabInterval: font.defaultTabInterval(for: text, cache), style: style, font: font)
        }
        return SplitRow(cells: cells, blocks: SplitRow.merged(boxes))
    }
}

extension SplitRow {
    /// `boxes` (stretches of height) top to bottom, overlapping ones merged (boxes that only
    /// touch stay apart). O(boxes × log boxes).
    static func merged(_ boxes: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var blocks: [ClosedRange<Double>] = []
        for box in boxes.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = blocks.last, box.lowerBound < last.upperBound - 1e-9 {
                blocks[blocks.count - 1] = last.lowerBound...max(last.upperBound, box.upperBound)
            } else {
                blocks.append(box)
            }
        }
        return blocks
    }
}
