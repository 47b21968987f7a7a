internal import ICULineBreaks

/// The base direction of a paragraph (UAX #9): the level its text starts from, and the order a
/// line of it lays its runs out in.
public enum TextDirection: Sendable, Hashable {
    /// The direction of the text's first strong character (a letter: L reads left to right, R
    /// and AL right to left); left to right when it has none (UAX #9 rules P2 and P3, over the
    /// whole text).
    case auto
    case leftToRight
    case rightToLeft

    /// `.leftToRight` or `.rightToLeft`: the direction `.auto` gives `text` (see `auto`), so
    /// leading alignment can follow the text.
    ///
    /// - Complexity: O(length); no ICU call for text without right-to-left scalars.
    public static func resolved(for text: String) -> TextDirection {
        var bytes = text
        return bytes.withUTF8 { BidiLevels.firstStrongIsRightToLeft($0) } ? .rightToLeft : .leftToRight
    }

    /// The direction to measure every part of the paragraph `utf8` with, so that each part is
    /// shaped in the direction the whole paragraph gives it: `.auto` when no level of it can
    /// rise above 0 (then every part is one left-to-right run whatever it is measured with:
    /// the common case, which stays keyed as before in the width cache), else this direction
    /// resolved for the whole text.
    func paragraph(of utf8: UnsafeBufferPointer<UInt8>) -> TextDirection {
        switch self {
        case .rightToLeft: .rightToLeft
        case .leftToRight: BidiLevels.mayRiseAboveZero(utf8) ? .leftToRight : .auto
        case .auto:
            !BidiLevels.mayRiseAboveZero(utf8) ? .auto
                : BidiLevels.firstStrongIsRightToLeft(utf8) ? .rightToLeft : .leftToRight
        }
    }

    /// What `BidiLevels` takes: whether the paragraph reads right to left, nil for auto.
    var isRightToLeft: Bool? {
        switch self {
        case .auto: nil
        case .leftToRight: false
        case .rightToLeft: true
        }
    }
}
