/// Where a column's texts sit between the cell's padding.
///
/// A column without one (``DataTableColumn/alignment`` `nil`) is aligned by its content: trailing
/// when every non-empty cell is a number (see ``NumberReader``), else leading
/// (``DataTableLayout/alignment(ofColumn:)``).
public enum ColumnAlignment: String, Sendable, Hashable, CaseIterable {
    /// At the start of the text's direction: left for left-to-right text, right for right-to-left.
    case leading
    /// Centred.
    case center
    /// At the end of the text's direction (suits numbers).
    case trailing
    /// Every number's decimal separator on one line, and a number without one ending there
    /// (the fraction side of the widest fraction at the content box's trailing edge). A cell
    /// that is not a number ends at the line too. The column is measured for it: its content
    /// width is the widest text left of the line plus the widest right of it
    /// (``DecimalExtent``). The header is aligned trailing.
    case decimal
}
