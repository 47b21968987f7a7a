import CellLayout
import TextMeasure

/// Measures rows' cells (`RowCells`) at their columns' widths, on any thread: what
/// `DataTableLayout.measure(row:)` does once a row's cells are read.
struct RowMeasurer: Sendable {
    /// Each column's width less the horizontal padding, at least 0.
    let innerWidths: [Double]
    let padding: EdgeInsets
    let textLayout: DataTableTextLayout
    let cache: WidthCache?
    /// Whether to find each wrapped text's max-content width, the width from which on its height
    /// stays (see `MeasuredRow.heightFixedFrom`); else it is infinite: the height holds at no
    /// other width, which is always true, and costs nothing to find.
    var findsStableWidths = true

    /// The cells of a row measured: the tallest of its cells at their columns' widths,
    /// plus the vertical padding; a cell spanning rows kept in `spanning` instead. Only heights
    /// are kept, never lines: a drawing lays its rows' lines out again. O(cells), plus measuring
    /// them.
    func measure(_ row: RowCells) -> MeasuredRow {
        var prepared = PreparedTexts(remembering: false)  // no other layout shares its texts
        return measure(row, prepared: &prepared)
    }

    /// The same, taking each wrapped text from `prepared` (prepared there when it is not yet):
    /// the same row of several layouts (a table's column bands) prepares a text they share once.
    func measure(_ row: RowCells, prepared texts: inout PreparedTexts) -> MeasuredRow {
        var tallest = 0.0
        var heightFixedFrom: [Double] = []
        heightFixedFrom.reserveCapacity(row.cells.count)
        var spanning: [SpanningCell] = []
        for (column, cell) in row.cells.enumerated() {
            let inner = innerWidths[column]
            let height: Double, stable: Double
            switch cell.content {
            case .covered:
                heightFixedFrom.append(0)
                continue
            case .node(let node):
                let measuredCell = MeasuredCell(node, cache: cache)
                (height, stable) = (measuredCell.height(atWidth: inner), measuredCell.fittingWidth)
            case .text(let text, let font):
                switch textLayout {
                case .singleLine:
                    (height, stable) = (font.singleLine(text, width: inner, cache: cache).height, 0)
                case .wrap:
                    let prepared = texts.prepared(text, in: font, cache: cache)
                    height = prepared.height(atWidth: inner)
                    stable = findsStableWidths ? prepared.maxContentWidth : .infinity
                }
            }
            if cell.isSpanning {
                spanning.append(SpanningCell(column: column, height: height + padding.vertical))
            } else {
                tallest = max(tallest, height)
            }
            heightFixedFrom.append(stable)
        }
        return MeasuredRow(height: tallest + padding.vertical, spanning: spanning, heightFixedFrom: findsStableWidths ? heightFixedFrom : [])
    }
}
