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

    /// A column whose cell text is `text(row)`.
    @inlinable
    public init(_ title: String, _ text: @escaping @Sendable (Row) -> String) {
        self.title = title
        self.text = text
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
}
