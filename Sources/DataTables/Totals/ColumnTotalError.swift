/// A total that cannot be computed, naming the cell.
///
/// The description reads like `row 3, column "Price": "12 apples" is not a number`.
public struct ColumnTotalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Sendable, Hashable {
        /// The cell's text is not a number (see ``NumberReader``).
        case notANumber(String)
        /// The sum needs more than the 38 significant digits `Decimal` holds exactly, at this row.
        case tooManyDigits
        /// The cell's currency symbol (the second string) differs from the column's first one:
        /// amounts in two currencies do not add up.
        case mixedCurrencies(String, String)
        /// The cell (its text) is a percent in a column of plain numbers, or a plain number in a
        /// column of percents: the two do not add up ("50%" and "51" are not "50.5%").
        case mixedPercents(String)
        /// The mean, to the column's `fractionDigits` decimal places, needs more than the 38
        /// significant digits `Decimal` holds exactly (the row is the last one totalled).
        case meanTooManyDigits(fractionDigits: Int)
    }

    /// The row (0-based, in the rows given) of the cell.
    public let row: Int
    /// The column's title.
    public let column: String
    public let problem: Problem

    public init(row: Int, column: String, problem: Problem) {
        (self.row, self.column, self.problem) = (row, column, problem)
    }

    public var description: String {
        let cell = "row \(row + 1), column \"\(column)\""
        return switch problem {
        case .notANumber(let text): "\(cell): \"\(text)\" is not a number, so the column cannot be totalled"
        case .tooManyDigits: "\(cell): the sum needs more than 38 significant digits"
        case .mixedCurrencies(let first, let other):
            "\(cell): \(other) amounts in a column of \(first) amounts cannot be totalled"
        case .mixedPercents(let text):
            "\(cell): \"\(text)\" mixes percents and plain numbers, which cannot be totalled together"
        case .meanTooManyDigits(let digits):
            "column \"\(column)\": the mean to \(digits) decimal places needs more than 38 significant digits"
        }
    }
}
