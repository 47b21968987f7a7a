import DataTables
/// How a table looks: the chrome around and between its cells. The configuration supplies the
/// content; the style decides what surrounds it, and never moves a cell's text.
///
/// ```swift
/// struct BorderedTableStyle: TableStyle {
///     func makeBody(configuration: Configuration) -> TableBody {
///         TableBody(configuration)
///             .background(Color(white: 0.97))
///             .footerSeparator(Color(white: 0.8), lineWidth: 1)
///             .overlay(RoundedRectangle(cornerRadius: 8), stroke: .blue, lineWidth: 2)
///             .clipShape(RoundedRectangle(cornerRadius: 8))
///     }
/// }
/// ```
public protocol TableStyle: Sendable {
    typealias Configuration = TableStyleConfiguration
    /// The table drawn from `configuration`'s columns and rows, decorated.
    func makeBody(configuration: Configuration) -> TableBody
}

/// Only a thin separator under the header (and above a footer of totals).
public struct PlainTableStyle: TableStyle {
    public init() {}
    /// - Complexity: O(columns + rows + header groups).
    public func makeBody(configuration: Configuration) -> TableBody {
        TableBody(configuration)
            .headerSeparator(Color(white: 0.8), lineWidth: 1)
            .footerSeparator(Color(white: 0.8), lineWidth: 1)
    }
}

/// The reference's bordered style: a background of white 0.97, a 2 pt blue stroke on a rounded
/// rectangle of radius 8, the content clipped to it; a thin separator above a footer of totals.
public struct BorderedTableStyle: TableStyle {
    public init() {}
    /// - Complexity: O(columns + rows + header groups).
    public func makeBody(configuration: Configuration) -> TableBody {
        TableBody(configuration)
            .background(Color(white: 0.97))
            .footerSeparator(Color(white: 0.8), lineWidth: 1)
            .overlay(RoundedRectangle(cornerRadius: 8), stroke: .blue, lineWidth: 2)
            .clipShape(RoundedRectangle(cornerRadius: 8))
    }
}

/// A shaded header with a separator, every other row shaded, and a separator above a footer.
public struct StripedTableStyle: TableStyle {
    public init() {}
    /// - Complexity: O(columns + rows + header groups).
    public func makeBody(configuration: Configuration) -> TableBody {
        TableBody(configuration)
            .headerBackground(Color(white: 0.92))
            .rowStripes(Color(white: 0.96))
            .headerSeparator(Color(white: 0.7), lineWidth: 1)
            .footerSeparator(Color(white: 0.7), lineWidth: 1)
    }
}

/// A line between every two columns and rows, and around the table; a darker one above a footer.
public struct GridTableStyle: TableStyle {
    public init() {}
    /// - Complexity: as `TableBody.gridLines(_:lineWidth:)`.
    public func makeBody(configuration: Configuration) -> TableBody {
        TableBody(configuration)
            .headerBackground(Color(white: 0.95))
            .gridLines(Color(white: 0.75), lineWidth: 1)
            .footerSeparator(Color(white: 0.45), lineWidth: 1)
            .overlay(Rectangle(), stroke: Color(white: 0.75), lineWidth: 1)
    }
}

extension TableStyle where Self == PlainTableStyle {
    /// Only a thin separator under the header.
    public static var plain: PlainTableStyle { PlainTableStyle() }
}

extension TableStyle where Self == BorderedTableStyle {
    /// A light background in a rounded blue border.
    public static var bordered: BorderedTableStyle { BorderedTableStyle() }
}

extension TableStyle where Self == StripedTableStyle {
    /// A shaded header and every other row shaded.
    public static var striped: StripedTableStyle { StripedTableStyle() }
}

extension TableStyle where Self == GridTableStyle {
    /// Lines between all cells.
    public static var grid: GridTableStyle { GridTableStyle() }
}
