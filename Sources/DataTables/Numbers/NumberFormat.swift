/// How a number is written: everything about a numeric cell's text except its value.
///
/// The number reader (``NumberReader``) gives each number's format as it finds it; the same format
/// writes any other value the same way (``string(for:)``), so a total looks like the cells it sums
/// and a spreadsheet can show a number exactly as the CSV file wrote it. "$8,619,510.47" is
///
/// ```swift
/// NumberFormat(decimalSeparator: .period, groupingSeparator: ",", fractionDigits: 2,
///              currency: CurrencySymbol("$", placement: .before))
/// ```
public struct NumberFormat: Sendable, Hashable {
    /// The character between the integer part and the fraction.
    public var decimalSeparator: DecimalSeparator
    /// The separator between groups of three integer digits ("," in "1,234"), or `nil` when the
    /// number was written without one. A number below 1,000 shows none, so its format has `nil`.
    public var groupingSeparator: Character?
    /// How many digits follow the decimal separator (0: no separator is written).
    public var fractionDigits: Int
    /// How a negative value is written.
    public var negativeStyle: NegativeNumberStyle
    /// Whether a positive value is written with "+".
    public var showsPlusSign: Bool
    /// The currency symbol and its place, or `nil`.
    public var currency: CurrencySymbol?
    /// The percent sign, or `nil`. The value of "12 %" is 12, as written; a spreadsheet, whose
    /// percent formats multiply by 100, stores 0.12.
    public var percent: PercentSign?

    /// A format; by default a plain integer ("1234", "-5").
    public init(
        decimalSeparator: DecimalSeparator = .period, groupingSeparator: Character? = nil, fractionDigits: Int = 0,
        negativeStyle: NegativeNumberStyle = .hyphenMinus, showsPlusSign: Bool = false,
        currency: CurrencySymbol? = nil, percent: PercentSign? = nil
    ) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.fractionDigits = fractionDigits
        self.negativeStyle = negativeStyle
        self.showsPlusSign = showsPlusSign
        self.currency = currency
        self.percent = percent
    }
}
