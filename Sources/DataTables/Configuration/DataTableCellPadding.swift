/// Space between a cell's edges and its content, in points: each side from 0 to `maximumLength`
/// (10⁹), checked with the rest of the configuration (`DataTableConfigurationError.Field.cellPadding`).
public struct DataTableCellPadding: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
    }

    /// `horizontal` on the leading and trailing sides, `vertical` on the top and bottom.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// Leading + trailing: what a column adds to its content width.
    public var horizontal: Double { leading + trailing }

    /// Top + bottom: what a row adds to its content height.
    public var vertical: Double { top + bottom }
}
