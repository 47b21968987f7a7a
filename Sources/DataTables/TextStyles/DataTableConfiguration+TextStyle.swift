public import TextMeasure

extension DataTableConfiguration {
    /// The stack a cell of `style` is measured and drawn in: `font` in the style's weight.
    ///
    /// - Complexity: as `FontStack.weight(_:)`.
    public func font(for style: DataTableTextStyle) -> FontStack { font.weight(style.weight ?? .regular) }

    /// The stack the headers are measured and drawn in: `headerFont` in `headerWeight`.
    ///
    /// - Complexity: as `FontStack.weight(_:)`.
    public var resolvedHeaderFont: FontStack { headerFont.weight(headerWeight) }

    /// The index of the footer row of a table of `rowCount` rows: the last when `lastRowIsFooter`,
    /// else −1 (none).
    @inlinable
    public func footerRow(rowCount: Int) -> Int { lastRowIsFooter ? rowCount - 1 : -1 }
}
