/// A configuration value that cannot size columns, with where it came from.
///
/// The description reads like `column 2 "Price" (from columnWidthModeProvider): sampleSize is
/// 0; it must be at least 1`, or for a header group `header group 2 "Stock": it must be nested
/// in or apart from group 1 "Price"` (groups counted from 1, as given).
public struct DataTableConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The setting that holds the bad value.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The width of `.fixed(width:)`, the mode or the strategy.
        case width
        case sampleSize
        case percentile
        case averageCharWidth
        case minColumnWidth
        case maxColumnWidth
        /// A side of `cellPadding` set out of 0...10⁹ (`EdgeInsets`' initializers clamp).
        case cellPadding
        case sortIndicatorWidth
        case frameWidth
        case rowHeight
        case prefetchWindow
        case headerHeight
        case rowSpacing
        /// A header group (`DataTableConfiguration.headerGroups`); `value` is its index,
        /// `columnTitle` its title.
        case headerGroup
    }

    /// Where a column's mode came from.
    public enum Source: String, Sendable, Hashable {
        /// A table-wide setting: no column of its own.
        case configuration
        /// `DataTableConfiguration.columnWidthMode`, for a column the provider left alone.
        case columnWidthMode
        /// `DataTableConfiguration.columnWidthModeProvider`.
        case columnWidthModeProvider
    }

    /// The index of the column whose mode holds the value; `nil` for a table-wide setting.
    public let column: Int?
    /// That column's title.
    public let columnTitle: String?
    public let source: Source
    public let field: Field
    /// The value given (a sample size as a whole number).
    public let value: Double
    /// What the value must be, e.g. "at least 1", "in (0, 1]".
    public let requirement: String

    public init(column: Int?, columnTitle: String?, source: Source, field: Field, value: Double, requirement: String) {
        self.column = column
        self.columnTitle = columnTitle
        self.source = source
        self.field = field
        self.value = value
        self.requirement = requirement
    }

    /// A header group that cannot stand: the group at `index` (0-based; described from 1) titled `title`.
    init(headerGroup index: Int, title: String, requirement: String) {
        self.init(column: nil, columnTitle: title, source: .configuration, field: .headerGroup, value: Double(index),
                  requirement: requirement)
    }

    public var description: String {
        if field == .headerGroup {
            return "header group \(Int(value) + 1) \"\(columnTitle ?? "")\": it must be \(requirement)"  // counted from 1, as people do
        }
        let place: String
        if let column {
            place = "column \(column)" + (columnTitle.map { " \"\($0)\"" } ?? "") + " (from \(source.rawValue))"
        } else {
            place = "configuration"
        }
        let shown = value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        return "\(place): \(field.rawValue) is \(shown); it must be \(requirement)"
    }
}
