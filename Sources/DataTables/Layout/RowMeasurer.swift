import CellLayout
import TextMeasure

/// Measures rows' cells (`RowCells`) at their columns' widths, on any thread: what
/// `DataTableLayout.measure(row:)` does once a row's cells are read.
struct RowMeasurer: Sendable {
    /// Each column's width less the horizontal padding, at least 0.
    let innerWidths: [Double]
    let padding: DataTableCellPadding
    let textLayout: DataTableTextLayout
    let cache: WidthCache?

    /// The row of `row`'s cells measured: the tallest of its cells at their columns' widths,
    /// plus the vertical padding; the lines of its wrapped text cells kept; a cell spanning
    /// rows kept in `spanning` instead. O(cells), plus measuring them.
    func measure(_ row: RowCells) -> MeasuredRow {
        var tallest = 0.0
        var cells: [MeasuredRowCell] = []
        cells.reserveCapacity(row.cells.count)
        var lines: [KeptLine] = []
        var spanning: [SpanningCell] = []
        for (index, cell) in row.cells.enumerated() {
            let inner = innerWidths[index]
            let height: Double, stable: Double
            switch cell.content {
            case .covered:
                cells.append(MeasuredRowCell(heightFixedFrom: 0, linesEnd: lines.count))
                continue
            case .node(let node):
                let measuredCell = MeasuredCell(node, cache: cache)
                (height, stable) = (measuredCell.height(atWidth: inner), measuredCell.fittingWidth)
            case .text(let text, let font):
                switch textLayout {
                case .singleLine:
                    (height, stable) = (font.singleLine(text, width: inner, cache: cache).height, 0)
                case .wrap:
                    let prepared = font.prepare(text, cache: cache)
                    let kept = prepared.keptLines(atWidth: inner)
                    (height, stable) = (kept.height, prepared.maxContentWidth)
                    lines += kept.lines ?? []
                }
            }
            if cell.isSpanning {
                spanning.append(SpanningCell(column: index, height: height + padding.vertical))
            } else {
                tallest = max(tallest, height)
            }
            cells.append(MeasuredRowCell(heightFixedFrom: stable, linesEnd: lines.count))
        }
        return MeasuredRow(height: tallest + padding.vertical, spanning: spanning, cells: cells, lines: lines)
    }
}
