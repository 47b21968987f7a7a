/// How a number shows that it is below zero.
public enum NegativeNumberStyle: String, Sendable, Hashable, Codable, CaseIterable {
    /// An ASCII hyphen-minus before the number: "-3".
    case hyphenMinus
    /// The minus sign U+2212 before the number: "−3".
    case minusSign
    /// Accounting parentheses around the number, currency symbol and percent sign included:
    /// "(12.00)", "($5)".
    case parentheses

    /// The sign written before a negative number; `nil` for `.parentheses`.
    public var sign: Character? {
        switch self {
        case .hyphenMinus: "-"
        case .minusSign: "\u{2212}"
        case .parentheses: nil
        }
    }
}
