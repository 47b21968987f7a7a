/// The character that separates a number's integer part from its fraction, and the grouping
/// separators that may go with it.
///
/// `.period` ("1,234.56", the default) groups with a comma; `.comma` ("1.234,56") groups with a
/// period. Either also accepts a space, a no-break space (U+00A0) or a narrow no-break space
/// (U+202F) as the grouping separator ("1 234.56", "1 234,56").
public enum DecimalSeparator: String, Sendable, Hashable, Codable, CaseIterable {
    /// "." separates the fraction; "," groups.
    case period = "."
    /// "," separates the fraction; "." groups.
    case comma = ","

    /// The separator itself.
    public var character: Character { self == .period ? "." : "," }

    /// The grouping separators a number written with this decimal separator may use.
    public var groupingSeparators: [Character] {
        [self == .period ? "," : ".", " ", "\u{00A0}", "\u{202F}"]
    }
}
