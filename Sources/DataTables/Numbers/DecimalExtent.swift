public import TextMeasure

/// How far a decimal-aligned column's texts reach either side of its separator line: the widest
/// text left of it and the widest right of it (``WrittenNumber/leadingText`` and
/// ``WrittenNumber/trailingText``, each shaped alone, as they are drawn). A cell that is not a
/// number is all left of the line. The column's content width is ``width``.
public struct DecimalExtent: Sendable, Hashable {
    /// The widest text left of the line, in points.
    public var leading: Double
    /// The widest text right of the line, in points.
    public var trailing: Double

    /// The content width a decimal-aligned column needs: `leading + trailing`.
    public var width: Double { leading + trailing }

    /// An extent `leading` left of the line and `trailing` right of it.
    public init(leading: Double = 0, trailing: Double = 0) {
        self.leading = leading
        self.trailing = trailing
    }

    /// The extent of `texts` read by `reader` and measured in `font`: each number's two sides
    /// shaped apart, each other non-empty text whole, left of the line.
    ///
    /// - Complexity: O(total length), plus shaping each distinct side once (through `cache`).
    public init(of texts: some Sequence<String>, reader: NumberReader, font: FontStack, cache: WidthCache? = .shared) {
        self.init(of: texts, reader: reader, cache: cache) { _, _ in font }
    }

    /// The same with each text measured in its own font: `font(index, text)` (a cell's weight).
    ///
    /// - Complexity: as `init(of:reader:font:cache:)`.
    init(of texts: some Sequence<String>, reader: NumberReader, cache: WidthCache?,
         font: (_ index: Int, _ text: String) -> FontStack) {
        self.init()
        for (index, text) in texts.enumerated() {
            let (leading, trailing) = Self.sides(of: text, reader: reader, font: font(index, text), cache: cache)
            self.leading = max(self.leading, leading)
            self.trailing = max(self.trailing, trailing)
        }
    }

    /// The widths of `text` left and right of the line.
    static func sides(of text: String, reader: NumberReader, font: FontStack, cache: WidthCache?) -> (Double, Double) {
        switch reader.read(text) {
        case .empty: (0, 0)
        case .text: (font.contentWidth(of: text, cache: cache), 0)
        case .number(let number):
            (font.contentWidth(of: String(number.leadingText), cache: cache),
             font.contentWidth(of: String(number.trailingText), cache: cache))
        }
    }
}
