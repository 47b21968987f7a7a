import TextMeasure

/// A cell's or a column's two intrinsic widths, in points: min-content, the narrowest it takes
/// without breaking inside an unbreakable segment, and max-content, its widest hard line on one
/// line. A measurement that does not look for min-content has min-content = max-content.
struct IntrinsicWidths: Hashable {
    var minContent: Double
    var maxContent: Double

    /// The same width for both.
    init(_ width: Double) { (minContent, maxContent) = (width, width) }

    init(minContent: Double, maxContent: Double) { (self.minContent, self.maxContent) = (minContent, maxContent) }

    /// Each of the two reduced over `widths` by `reduce` (0 for none).
    static func reduced(_ widths: [IntrinsicWidths], _ reduce: ([Double]) -> Double) -> IntrinsicWidths {
        IntrinsicWidths(minContent: reduce(widths.map(\.minContent)), maxContent: reduce(widths.map(\.maxContent)))
    }
}

extension FontStack {
    /// The grapheme count of the longest word of `text` (a stretch between whitespace or line
    /// ends): what an estimate of its min-content width counts. O(length).
    static func longestWordGraphemeCount(of text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).reduce(0) { max($0, $1.count) }
    }
}

extension IntrinsicWidths: ContentWidth {
    func larger(_ other: IntrinsicWidths) -> IntrinsicWidths {
        IntrinsicWidths(minContent: Swift.max(minContent, other.minContent), maxContent: Swift.max(maxContent, other.maxContent))
    }
}
