public import FoundationEssentials

/// A number read from a cell's text: its exact value, how it was written, and where its parts are.
///
/// The ranges index `text` and are what decimal alignment measures: everything before
/// ``alignmentIndex`` stands left of the column's separator line, everything from it on stands right.
public struct WrittenNumber: Sendable, Hashable {
    /// The cell's text, as given (surrounding spaces included).
    public let text: String
    /// The exact value, read digit by digit (never through `Double`). "12 %" is 12; "(12.00)" is −12.
    public let value: Decimal
    /// How the number is written: currency, grouping, fraction digits, negative style, percent.
    public let format: NumberFormat
    /// The integer digits and their grouping separators: "1,234" in "$1,234.56".
    public let integerPart: Range<String.Index>
    /// The decimal separator, or `nil` when the number has none.
    public let separator: Range<String.Index>?
    /// The fraction digits: "56" in "$1,234.56"; `nil` when the number has no separator.
    public let fractionPart: Range<String.Index>?

    /// Where decimal alignment splits the text: the decimal separator's start or, for a number
    /// without one, the end of its integer digits (so "5 €" and "(12)" put " €" and ")" right
    /// of the line, where a fraction would be).
    public var alignmentIndex: String.Index { separator?.lowerBound ?? integerPart.upperBound }

    /// The text left of the alignment line ("$1,234" in "$1,234.56").
    public var leadingText: Substring { text[..<alignmentIndex] }
    /// The text from the alignment line on (".56" in "$1,234.56", " €" in "5 €").
    public var trailingText: Substring { text[alignmentIndex...] }

    init(
        text: String, value: Decimal, format: NumberFormat, integerPart: Range<String.Index>,
        separator: Range<String.Index>?, fractionPart: Range<String.Index>?
    ) {
        self.text = text
        self.value = value
        self.format = format
        self.integerPart = integerPart
        self.separator = separator
        self.fractionPart = fractionPart
    }
}
