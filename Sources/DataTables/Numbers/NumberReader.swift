/// Reads the numbers people write in tables: "1,234.56", "(12.00)", "−3", "+7", "12 %", "€5",
/// "5 €", "$-5", "1 234,56".
///
/// A number is, after white space at either end is trimmed:
/// - an optional sign ("-", "−" U+2212 or "+") or accounting parentheses around the whole number;
/// - an optional currency symbol (``CurrencySymbol``) before or after the digits, with or without
///   a space (" ", U+00A0, U+202F) between; a sign stands before the symbol or after it;
/// - integer digits (ASCII 0–9), grouped in threes by one grouping separator or not at all;
///   the first digit is not a 0 unless it is the only one ("02134" is a code, not a number);
/// - optionally the decimal separator and one or more fraction digits;
/// - an optional percent sign, with or without a space (not together with a currency symbol).
///
/// "1.2.3", "1,23" (with `.period`), "1.", ".5", "--3" and "N/A" are text. A numeral of more than
/// 38 digits (more than `Decimal` holds exactly) is text too, never a rounded number.
///
/// - Complexity: O(n) in the text's length.
public struct NumberReader: Sendable, Hashable {
    /// The decimal separator numbers are written with.
    public var decimalSeparator: DecimalSeparator

    /// A reader of numbers written with `decimalSeparator`.
    public init(decimalSeparator: DecimalSeparator = .period) {
        self.decimalSeparator = decimalSeparator
    }

    /// Texts that stand for a missing value among numbers: "-", "–", "—", "N/A", "n/a" and "NA".
    /// A total skips them as it skips empty cells (``ColumnTotal``), and a column of numbers
    /// with them is still a column of numbers in a workbook. They read as text here.
    public static let nullMarkers: Set<String> = ["-", "\u{2013}", "\u{2014}", "N/A", "n/a", "NA"]

    /// What `text` is: empty, a number, or text.
    ///
    /// - Complexity: O(n) in the text's length.
    public func read(_ text: String) -> NumberReading {
        var scanner = NumberScanner(text: text, decimalSeparator: decimalSeparator)
        if scanner.isBlank { return .empty }
        guard let number = scanner.scan() else { return .text }
        return .number(number)
    }
}
