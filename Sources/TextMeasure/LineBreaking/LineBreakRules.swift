internal import ICULineBreaks

/// Which rules place a text's line-break opportunities: both are ICU's UAX #14 iterator, tailored.
///
/// A stack carries its rules (`FontStack.withLineBreaks(_:)`): `prepare(_:)`, the layouts and
/// intrinsic widths made from it, and the tables measured and drawn in it, all follow them.
/// The Wrapping text article lists each rule with a text the two sets break differently.
public enum LineBreakRules: String, Sendable, Hashable, CaseIterable {
    /// Chromium's (Blink's), the default, each rule found by experiment against headless
    /// Chromium: ICU's `line-break: normal` rules for CJK, Blink's table for two adjacent ASCII
    /// characters (no break after "/" in "professional/tax"; "-" before a digit breaks only
    /// after a letter or digit), a break after every run of spaces, and Unicode 15.1's break
    /// after a Hebrew hyphen. A stack of these rules draws each space in the first of its fonts
    /// that has one, as Chromium does.
    case chromium
    /// Pango's: ICU's root-locale rules as they are (what TextMeasure did before `chromium`). A
    /// stack of these rules draws a space in the font of the text around it, as Pango does.
    case pango

    /// Which font draws a space: the first that has one (Chromium), or the text's around it (Pango).
    var spaceFonts: FontSet.SpaceFonts {
        switch self {
        case .chromium: .first
        case .pango: .surrounding
        }
    }

    var tailoring: LineBreakIterator.Tailoring {
        switch self {
        case .chromium: .chromium
        case .pango: .pango
        }
    }
}
