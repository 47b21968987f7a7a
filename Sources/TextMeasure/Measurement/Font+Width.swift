extension Font {
    /// The exact shaped width of `text` in points (see `FontStack.width(of:cache:)`); text the
    /// font does not cover measures as its .notdef glyph.
    ///
    /// - Complexity: as `FontStack.width(of:cache:)`: O(length) to shape, O(length) to hash when
    ///   `cache` holds it.
    public func width(of text: String, cache: WidthCache? = .shared) -> Double {
        exact.width(of: text, cache: cache)
    }

    /// The width of `text` in points from nominal advances, without shaping.
    ///
    /// - Complexity: O(length).
    public func nominalWidth(of text: String) -> Double { exact.nominalWidth(of: text) }

    /// The shaped widths of `texts` in input order, measured on every core.
    ///
    /// - Complexity: as `FontStack.widths(of:cache:)`.
    public func widths(of texts: [String], cache: WidthCache? = .shared) -> [Double] {
        exact.widths(of: texts, cache: cache)
    }

    /// The scalars of `text` this font does not cover.
    ///
    /// - Complexity: O(length).
    public func uncoveredScalars(in text: String) -> [Unicode.Scalar] { exact.uncoveredScalars(in: text) }

    /// The face alone, as HarfBuzz shapes it: for a face Chromium measures otherwise (one that
    /// trims punctuation, or has bitmap advances), a stack of it under Pango's rules, which for
    /// one face are only hb-shape's (see `Font`).
    private var exact: FontStack {
        face.fullwidthPunctuation.trims || face.bitmapAdvanceFont != nil ? FontStack(fontSet: fontSet, size: size, lineBreaks: .pango) : stack
    }
}
