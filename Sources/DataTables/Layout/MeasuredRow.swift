/// A row as measuring found it (see `DataTableLayout.measure(row:)`); a layout keeps them in
/// `MeasuredRows`, 8 bytes a row for a row that is only a height.
struct MeasuredRow: Sendable {
    /// The height its own cells need: the tallest, less any cell spanning rows, plus the padding.
    var height: Double
    /// Per column, the inner width from which on the cell's height no longer changes: its widest
    /// line (a compound cell's fitting width), or 0 when its height never changes (one-line text);
    /// infinite when measuring did not look (a column band's wrapped text, see `findsStableWidths`).
    /// Empty when measuring looked at no cell for it (`findsStableWidths` off): any width may
    /// change the row's height, and the row keeps no array (a live table's million rows).
    var heightFixedFrom: [Double]
    /// What spans of cells over rows add; nil (no storage) for a row no span touches.
    private var spans: Spans?

    /// The cells spanning rows that start at a row, and what a span ending there adds to it.
    private final class Spans: Sendable {
        let growth: Double
        let spanning: [SpanningCell]
        init(growth: Double, spanning: [SpanningCell]) { (self.growth, self.spanning) = (growth, spanning) }
    }

    /// A row measured at `height`, with no more to keep (see `MeasuredRows`).
    init(height: Double) {
        self.height = height
        heightFixedFrom = []
        spans = nil
    }

    /// Whether the row is its height alone: no widths its height holds from, no spans.
    var isHeightOnly: Bool { heightFixedFrom.isEmpty && spans == nil }

    init(height: Double, spanning: [SpanningCell] = [], heightFixedFrom: [Double]) {
        self.height = height
        self.heightFixedFrom = heightFixedFrom
        spans = Self.spans(growth: 0, spanning: spanning)
    }

    /// What a cell spanning rows and ending here adds, so it is not taller than its rows.
    var growth: Double {
        get { spans?.growth ?? 0 }
        set { spans = Self.spans(growth: newValue, spanning: spanning) }
    }

    /// The cells spanning rows that start here: their column and height, padding included.
    var spanning: [SpanningCell] { spans?.spanning ?? [] }

    private static func spans(growth: Double, spanning: [SpanningCell]) -> Spans? {
        growth == 0 && spanning.isEmpty ? nil : Spans(growth: growth, spanning: spanning)
    }
}
