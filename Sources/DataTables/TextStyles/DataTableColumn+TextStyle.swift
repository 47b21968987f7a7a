public import TextMeasure

/// Text styles as SwiftUI's modifiers give them: each returns the column with one setting changed.
///
/// ```swift
/// let columns: [DataTableColumn<Payment>] = [
///     DataTableColumn("Payee", \.payee).fontWeight(.bold),
///     DataTableColumn("Amount", \.amount) { format($0) }
///         .cellStyle { _, text in text.hasPrefix("-") ? DataTableTextStyle(color: .red) : nil },
/// ]
/// ```
extension DataTableColumn {
    /// The column with its cells' text in `weight` (nil: regular). Bold cells are measured bold.
    public func fontWeight(_ weight: FontWeight?) -> Self {
        var column = self
        column.textStyle.weight = weight
        return column
    }

    /// The column with its cells' text in `color` (nil: black).
    public func foregroundColor(_ color: Color?) -> Self {
        var column = self
        column.textStyle.color = color
        return column
    }

    /// The column with its cells filled with `color` (nil: none), over the table style's row fill.
    public func background(_ color: Color?) -> Self {
        var column = self
        column.textStyle.background = color
        return column
    }

    /// The column with `style(row, text)` over its own style for each cell (nil: the column's).
    /// Called wherever a cell is measured or drawn, on the thread that asks, so keep it cheap
    /// and pure: the same row and text must give the same style.
    public func cellStyle(_ style: @escaping @Sendable (Row, String) -> DataTableTextStyle?) -> Self {
        var column = self
        column.cellStyle = style
        return column
    }

    /// The style of the cell showing `text` for `row`: the cell style's settings over the column's.
    ///
    /// - Complexity: one call of `cellStyle`, when the column has one.
    public func textStyle(for row: Row, text: @autoclosure () -> String) -> DataTableTextStyle {
        guard let cellStyle else { return textStyle }
        return textStyle.merging(cellStyle(row, text()))
    }

    /// The style of the cell showing `text` for `row` in a table whose footer it is or is not
    /// (`isFooter`, ``DataTableConfiguration/lastRowIsFooter``): the footer's text is bold, as a
    /// total line is (the stack's bold faces; a stack without them draws regular), whatever its
    /// column's or cell's weight; their colours stay.
    ///
    /// - Complexity: as `textStyle(for:text:)`.
    @inlinable
    public func textStyle(for row: Row, text: @autoclosure () -> String, isFooter: Bool) -> DataTableTextStyle {
        var style = textStyle(for: row, text: text())
        if isFooter { style.weight = .bold }
        return style
    }
}
