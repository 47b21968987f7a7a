/// How tall each line of a layout is.
///
/// A line's height is a length: clamped to `0...maximumLength`, NaN as 0, so a negative or NaN
/// factor or height (or a font whose ascender is below its descender) gives lines of height 0,
/// never a negative, infinite or NaN height.
public enum LineHeight: Sendable, Hashable {
    /// From the fonts used on the line: the largest ascender, plus the largest descent, plus the
    /// largest line gap among them (a line with no visible text uses the primary font).
    case font
    /// The font line height times a factor, as `NSParagraphStyle.lineHeightMultiple`.
    case multiple(Double)
    /// Every line this many points tall.
    case points(Double)
}

/// Where the text is cut when it needs more lines than allowed, or more width than a
/// single-line cell has. Cuts fall on grapheme boundaries; the result always fits.
public enum Truncation: Sendable, Hashable {
    /// "The quick brown f…": the start stays.
    case end
    /// "The quick…lazy dog": both ends stay.
    case middle
    /// "…over the lazy dog": the end stays.
    case start
}

/// One laid-out line.
public struct TextLine: Sendable, Hashable {
    /// The part of the source text the line stands for, including the whitespace that hangs at
    /// its end and the hard break that ends it. The ranges of a layout's lines cover the text
    /// without gaps or overlaps; a truncated last line's range runs to the end of the text.
    public let range: Range<String.Index>
    /// The line as displayed: without hanging whitespace and the hard break, with a hyphen when
    /// it ends at a soft hyphen, and with the ellipsis when truncated. Built when asked for.
    ///
    /// - Complexity: O(length) of the line.
    public var text: String { String(displayed) + suffix }
    let displayed: Substring
    let suffix: String
    /// The width of `text` in points: where its last glyph ends, hanging whitespace excluded.
    public let width: Double
    /// The line's height in points and the distance from its top to its baseline.
    public let height: Double
    public let baseline: Double
    /// The line ends at a soft hyphen and shows a hyphen there.
    public let isHyphenated: Bool
    /// The line ends in the ellipsis because text was cut.
    public let isTruncated: Bool
    /// How much narrower `width` is than `text` shaped alone: the blank half of a fullwidth
    /// closing bracket or quote that ends a line it would not otherwise fit, trimmed there as
    /// Chromium trims it (under `LineBreakRules.chromium`, in a font with `halt`); 0 for every
    /// other line. `FontStack.glyphRuns(of:direction:)` given the line draws it so.
    public internal(set) var endTrim: Double = 0
}

/// Text broken into lines at a width.
public struct TextLayout: Sendable, Hashable {
    /// The lines from top to bottom; at least one (an empty text is one empty line).
    public let lines: [TextLine]
    /// The width it was laid out at.
    public let maxWidth: Double

    /// How many lines.
    public var lineCount: Int { lines.count }
    /// The sum of the line heights.
    ///
    /// - Complexity: O(lines).
    public var height: Double { lines.reduce(0) { $0 + $1.height } }
    /// The widest line's width.
    ///
    /// - Complexity: O(lines).
    public var width: Double { lines.reduce(0) { max($0, $1.width) } }
    /// Some text did not fit in the lines allowed.
    public var isTruncated: Bool { lines.last?.isTruncated ?? false }
}
