/// A paragraph's base direction. (Placeholder until the bidi work lands: decided by the first
/// letter, Hebrew and Arabic blocks right to left.)
public enum TextDirection: Sendable, Hashable {
    case auto, leftToRight, rightToLeft

    /// The direction of `text` by its first strong character; left to right when it has none.
    public static func resolved(for text: String) -> TextDirection {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return .rightToLeft
            default: if scalar.properties.isAlphabetic { return .leftToRight }
            }
        }
        return .leftToRight
    }
}
