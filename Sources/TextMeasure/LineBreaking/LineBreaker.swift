internal import ICULineBreaks

/// A place where a line may end, or must.
public struct LineBreakOpportunity: Sendable, Hashable {
    /// A line may end before this index (the end index for the end of text).
    public let index: String.Index
    /// A hard break (after LF, CR, CR LF, NEL, LS, PS, VT or FF): the line must end here.
    public let isMandatory: Bool
}

/// Line-break opportunities by Unicode's line breaking algorithm (UAX #14) as ICU implements it,
/// under `LineBreakRules` (Chromium's tailoring by default, or Pango's: ICU's root-locale rules).
///
/// That gives what tables need with no extra rules: a break after a soft hyphen (which layout
/// shows as a hyphen when it takes the break), none at a no-break space or word joiner, one at a
/// zero-width space, and breaks between CJK ideographs and kana. Thai, Lao, Khmer and Burmese,
/// written without spaces, break between words from ICU's dictionaries.
public enum LineBreaker {
    /// The break opportunities of `text` under `rules`, in order; the last is the end of the text
    /// (a text that ends with a hard break has its last opportunity there, mandatory). None for
    /// empty text.
    ///
    /// - Complexity: O(length).
    public static func opportunities(in text: String, rules: LineBreakRules = .chromium) -> [LineBreakOpportunity] {
        var bytes = text
        let found = bytes.withUTF8 { LineBreakIterator.opportunities(in: $0, tailoring: rules.tailoring) }
        let utf8 = text.utf8
        return found.map {
            LineBreakOpportunity(index: utf8.index(utf8.startIndex, offsetBy: $0.offset), isMandatory: $0.isHard)
        }
    }

}
