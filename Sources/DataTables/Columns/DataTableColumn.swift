public import CellLayout
public import TextMeasure

/// One column of a table of `Row`s: its header title and how a row's value reads as text.
///
/// ```swift
/// let columns: [DataTableColumn<Product>] = [
///     .init("#") { String($0.rowNumber) },
///     .init("SKU", \.sku),
///     .init("Price", \.price) { "$" + String($0.rounded(toPlaces: 2)) },
/// ]
/// ```
///
/// The text closure is called only for the rows a width strategy needs, on the thread that
/// asks for the widths. The initializers are inlinable, so the closures they make are
/// specialized for `Row` where the column is made.
public struct DataTableColumn<Row>: Sendable {
    /// The header title.
    public let title: String
    /// The text shown in this column for a row.
    public let text: @Sendable (Row) -> String
    /// The compound cell shown for a row, when the column has one: what
    /// `.fitContentAutoLayout` measures (and the row heights of cells, later).
    public let cell: (@Sendable (Row) -> CellNode)?
    /// The text style of every cell of the column (see `fontWeight(_:)`, `foregroundColor(_:)`,
    /// `background(_:)`). Default: none (regular, black, no fill). The header keeps the
    /// configuration's `headerWeight`.
    public var textStyle = DataTableTextStyle()
    /// A style for one cell, from its row and text, over the column's (see `cellStyle(_:)`);
    /// nil for none. Default: nil.
    public var cellStyle: (@Sendable (Row, String) -> DataTableTextStyle?)?
    /// How the column's texts sit in their cells; `nil` (the default) aligns them by content:
    /// trailing when every non-empty cell is a number, else leading. `.decimal` is also a
    /// measuring rule (see ``ColumnAlignment/decimal``).
    public var alignment: ColumnAlignment?
    /// What the table's footer shows for this column (see ``footerText(for:reader:)``); `nil`
    /// (the default) for nothing.
    public var total: ColumnTotal?

    /// A column whose cell text is `text(row)`.
    @inlinable
    public init(_ title: String, _ text: @escaping @Sendable (Row) -> String) {
        self.title = title
        self.text = text
        self.cell = nil
    }

    /// A column whose rows show compound cells: `cell(row)`, described with CellLayout
    /// (`text(row)` is the cell's text for sorting, searching and the text modes).
    @inlinable
    public init(_ title: String, text: @escaping @Sendable (Row) -> String, cell: @escaping @Sendable (Row) -> CellNode) {
        self.title = title
        self.text = text
        self.cell = cell
    }

    /// The cell shown for `row`: the column's own, or a one-line text cell of its text in
    /// `font` (what `.fitContentAutoLayout` measures for a column without a cell).
    @inlinable
    public func cellNode(for row: Row, font: FontStack) -> CellNode {
        cell?(row) ?? .text(text(row), stack: font, wraps: false)
    }

    /// The cell shown for `row`: the column's own, or a one-line text cell of its text in
    /// `configuration`'s font in the cell's weight (`textStyle(for:text:)`).
    @inlinable
    public func cellNode(for row: Row, configuration: DataTableConfiguration) -> CellNode {
        cellNode(for: row, styledIn: configuration.font)
    }

    /// The cell shown for `row`: the column's own, or a one-line text cell of its text in
    /// `font` in the cell's weight (`textStyle(for:text:isFooter:)`, bold in the footer row) — a
    /// layout's `font(ofColumn:)`, which has tabular figures for a numeric column.
    @inlinable
    public func cellNode(for row: Row, styledIn font: FontStack, isFooter: Bool = false) -> CellNode {
        if let cell { return cell(row) }
        let text = text(row)
        return .text(text, stack: font.weight(textStyle(for: row, text: text, isFooter: isFooter).weight ?? .regular), wraps: false)
    }

    /// A column showing a string property.
    @inlinable
    public init(_ title: String, _ keyPath: KeyPath<Row, String> & Sendable) {
        self.init(title) { $0[keyPath: keyPath] }
    }

    /// A column showing a property as its `description`.
    @inlinable
    public init<Value: CustomStringConvertible & SendableMetatype>(_ title: String, _ keyPath: KeyPath<Row, Value> & Sendable) {
        self.init(title) { $0[keyPath: keyPath].description }
    }

    /// A column showing a property formatted by `format`.
    @inlinable
    public init<Value>(_ title: String, _ keyPath: KeyPath<Row, Value> & Sendable,
                       _ format: @escaping @Sendable (Value) -> String) {
        self.init(title) { format($0[keyPath: keyPath]) }
    }

    /// This column aligned `alignment` (`nil`: by content).
    public func aligned(_ alignment: ColumnAlignment?) -> Self {
        var column = self
        column.alignment = alignment
        return column
    }

    /// This column with `total` in the footer.
    public func total(_ total: ColumnTotal?) -> Self {
        var column = self
        column.total = total
        return column
    }
}
