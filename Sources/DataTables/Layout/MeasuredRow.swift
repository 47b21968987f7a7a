import TextMeasure

/// A row as measuring found it (see `DataTableLayout.measure(row:)`).
struct MeasuredRow: Sendable {
    /// The height its own cells need: the tallest, less any cell spanning rows, plus the padding.
    var height: Double
    /// What a cell spanning rows and ending here adds, so it is not taller than its rows.
    var growth = 0.0
    /// The cells spanning rows that start here: their column and height, padding included.
    var spanning: [SpanningCell] = []
    var cells: [MeasuredRowCell]
    /// The kept lines of the row's wrapped text cells at the current column widths (24 bytes
    /// a line), column after column; emptied when a column's width changes.
    var lines: [KeptLine]
}
