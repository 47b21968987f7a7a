/// The width of one column and what it was made of, in points.
public struct DataTableColumnWidth: Sendable, Hashable {
    /// The column's header title.
    public let title: String
    /// The mode that sized the column (the provider's or the configuration's).
    public let mode: DataTableColumnWidthMode
    /// The final width, after scale to fill.
    public let width: Double
    /// The width before scale to fill.
    public let fittedWidth: Double
    /// What the strategy found for the content, before padding and clamping; `nil` for a
    /// `.fixed` mode, which reads no content.
    public let contentWidth: Double?
    /// The header's minimum: title width in the header font + sort indicator + horizontal padding.
    public let headerWidth: Double
    /// Automatic table layout only (else nil): the column's min-content width, its widest
    /// unbreakable segment + horizontal padding, clamped and raised to the header as the fitted
    /// width is (a `.fixed` column's width).
    public let minContentWidth: Double?
    /// Automatic table layout only (else nil): the column's max-content width, its widest line +
    /// horizontal padding, clamped and raised to the header: the same as `fittedWidth`.
    public let maxContentWidth: Double?

    public init(title: String, mode: DataTableColumnWidthMode, width: Double, fittedWidth: Double,
                contentWidth: Double?, headerWidth: Double, minContentWidth: Double? = nil, maxContentWidth: Double? = nil) {
        self.title = title
        self.mode = mode
        self.width = width
        self.fittedWidth = fittedWidth
        self.contentWidth = contentWidth
        self.headerWidth = headerWidth
        self.minContentWidth = minContentWidth
        self.maxContentWidth = maxContentWidth
    }
}

/// The widths of a table's columns, in column order.
public struct DataTableColumnWidths: Sendable, Hashable {
    public let columns: [DataTableColumnWidth]

    public init(columns: [DataTableColumnWidth]) {
        self.columns = columns
    }

    /// The final width of each column.
    ///
    /// - Complexity: O(columns).
    public var widths: [Double] { columns.map(\.width) }

    /// The sum of the final widths, added left to right.
    ///
    /// - Complexity: O(columns).
    public var totalWidth: Double { columns.reduce(0) { $0 + $1.width } }
}
