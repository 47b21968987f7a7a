/// A currency symbol as a number writes it: the symbol, on which side, and the space between.
///
/// The symbol is one Unicode currency symbol (general category Sc: "$", "€", "£", "¥", "₹", …),
/// optionally led by up to three ASCII letters ("US$", "R$", "CHF" alone is not one).
public struct CurrencySymbol: Sendable, Hashable {
    /// Where the symbol stands.
    public enum Placement: String, Sendable, Hashable, Codable {
        /// Before the digits: "$5", "€ 5".
        case before
        /// After the digits: "5 €", "5€".
        case after
    }

    /// The symbol as written, for example "$", "€" or "US$".
    public var symbol: String
    /// Before or after the digits.
    public var placement: Placement
    /// The space between the symbol and the digits (" ", U+00A0 or U+202F), or `nil` for none.
    public var space: Character?
    /// For a symbol before the digits, whether a minus sign stands before the symbol ("-$5", the
    /// default) or between the symbol and the digits ("$-5"). Ignored for other placements.
    public var signBeforeSymbol: Bool

    /// A currency symbol written `symbol`, at `placement`, separated by `space`.
    public init(_ symbol: String, placement: Placement, space: Character? = nil, signBeforeSymbol: Bool = true) {
        self.symbol = symbol
        self.placement = placement
        self.space = space
        self.signBeforeSymbol = signBeforeSymbol
    }
}
