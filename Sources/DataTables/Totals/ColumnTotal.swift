/// What a footer shows for a column: a total computed from its numbers (see ``NumberReader``).
///
/// Sums are exact decimal arithmetic (`Decimal`, never `Double`): "$8,619,510.47" stays that.
/// A result is written as the column's cells are (``NumberFormat/init(column:)``: the same
/// currency symbol and place, grouping and negative style, the largest fraction-digit count in the
/// column). Empty cells are skipped; a cell that is not a number is a ``ColumnTotalError``.
public enum ColumnTotal: String, Sendable, Hashable, CaseIterable {
    /// The sum of the numbers (0 for none).
    case sum
    /// Their mean, rounded half-even (ties to the even digit, as Python's `decimal` does) to the
    /// column's largest fraction-digit count; empty for no numbers.
    case mean
    /// The smallest number; empty for none.
    case min
    /// The largest number; empty for none.
    case max
    /// How many numbers there are (non-empty cells), as a whole number with the column's grouping.
    case count
}
