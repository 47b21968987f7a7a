/// A row as measuring found it (see `DataTableLayout.measure(row:)`).
struct MeasuredRow: Sendable {
    /// The height its own cells need: the tallest, less any cell spanning rows, plus the padding.
    var height: Double
    /// What a cell spanning rows and ending here adds, so it is not taller than its rows.
    var growth = 0.0
    /// The cells spanning rows that start here: their column and height, padding included.
    var spanning: [SpanningCell] = []
    /// Per column, the inner width from which on the cell's height no longer changes: its widest
    /// line (a compound cell's fitting width), or 0 when its height never changes (one-line text);
    /// infinite when measuring did not look (a column band's wrapped text, see `findsStableWidths`).
    /// Empty when measuring looked at no cell for it (`findsStableWidths` off): any width may
    /// change the row's height, and the row keeps no array (a live table's million rows).
    var heightFixedFrom: [Double]
}
