/// Fonts in fallback order, measured at one size: the primary first.
///
/// Text is itemized by grapheme cluster: each cluster goes to the first font whose cmap (for a
/// family stack, whose fontconfig charset) covers all of its scalars (emoji presentation
/// sequences try colour fonts first); runs are then split by script. Text no font covers is
/// measured with the primary font's .notdef glyph, and `uncoveredScalars(in:)` says which —
/// unless the stack falls back to the system's fonts (``FontFallback/system``). Fallback fonts
/// are used at the stack's size, as CSS and Pango do.
public struct FontStack: Sendable, Hashable {
    let fontSet: FontSet
    /// The size in points every font of the stack is measured at.
    public let size: Double
    /// The fonts of its bold text, when it was given them (`withBold(_:)`).
    let boldSet: FontSet?
    /// The rules its text breaks into lines by (`prepare(_:)`, the intrinsic widths). Default:
    /// `.chromium`.
    public let lineBreaks: LineBreakRules

    /// A stack of `fontSet` whose spaces are drawn as `lineBreaks`' browser draws them
    /// (`LineBreakRules.spaceFonts`).
    init(fontSet: FontSet, size: Double, bold: FontSet? = nil, lineBreaks: LineBreakRules = .chromium) {
        self.fontSet = fontSet.withSpaces(lineBreaks.spaceFonts)
        self.size = size
        self.boldSet = bold?.withSpaces(lineBreaks.spaceFonts)
        self.lineBreaks = lineBreaks
    }

    /// The same fonts at the same size, breaking lines by `rules`, and drawing spaces as their
    /// browser does: under `.chromium` a space is drawn in the first font that has one, under
    /// `.pango` in the font of the text around it.
    public func withLineBreaks(_ rules: LineBreakRules) -> FontStack {
        FontStack(fontSet: fontSet, size: size, bold: boldSet, lineBreaks: rules)
    }

    /// A stack of `fonts`, measured at `size` (default: the primary font's size).
    /// Each font keeps its own OpenType features.
    ///
    /// `language` (BCP 47, e.g. `"ja"`, `"zh-Hant"`) is what HarfBuzz shapes in, so a font's
    /// `locl` forms for it apply (default: none, the fonts' default language system);
    /// `fallback` says where text no font covers goes (default ``FontFallback/none``: the
    /// primary's .notdef, the same on every machine). Throws `FontError.invalidLanguageTag`
    /// for a tag that is not well-formed.
    ///
    /// - Complexity: O(fonts).
    public init(_ fonts: [Font], size: Double? = nil, language: String? = nil,
                fallback: FontFallback = .none) throws(FontError) {
        guard let primary = fonts.first else { throw .emptyStack }
        let size = size ?? primary.size
        try Font.validate(size)
        let language = try language.map { (tag) throws(FontError) in try LanguageTag(tag) }
        let members = fonts.map { FontSet.Member(face: $0.face, features: $0.features) }
        self.init(fontSet: FontSet.of(members, language: language, fallback: try fallback.resolved()), size: size)
    }

    /// The stack's own fonts in fallback order, each at the stack's size. A family stack's
    /// fonts are loaded here, all of them (measuring loads only those a text needs).
    /// Fonts of a family stack whose file fails to load are left out.
    ///
    /// - Complexity: O(fonts), plus loading each font not loaded yet.
    public var fonts: [Font] {
        fontSet.members.indices.compactMap { fontSet.members[$0].face == nil ? nil : font(at: $0) }
    }

    /// The first font of the stack.
    public var primary: Font { font(at: 0) }

    /// The BCP 47 language the stack shapes in, if one was given.
    public var language: String? { fontSet.language?.tag }

    /// The font at `index` of the stack's fonts or, past them, of the fonts its system fallback
    /// found (a `FontRun`'s or `GlyphRun`'s `fontIndex`), at the stack's size.
    public func font(at index: Int) -> Font { Font(fontSet: fontSet.singleFontSet(index), size: size) }

    /// `font` followed by this stack's fonts, with its language and fallback (a header font
    /// over a body stack). The stack's fonts keep loading lazily. `font` is used at the stack's size.
    /// The result has no bold fonts (`weight(.bold)` is itself): `font` was chosen for its face.
    ///
    /// - Complexity: O(fonts).
    public func prepending(_ font: Font) -> FontStack {
        let members = [FontSet.Member(face: font.face, features: font.features)]
            + fontSet.members.indices.map { FontSet.Member(font: fontSet.members[$0], features: fontSet.featureSettings[$0]) }
        return FontStack(fontSet: FontSet.of(members, language: fontSet.language, fallback: fontSet.fallback?.configuration),
                         size: size, lineBreaks: lineBreaks)
    }

    /// The same fonts, language and fallback with `features` after each font's own feature
    /// settings (a later setting of a tag wins, as in HarfBuzz): `[FontFeature("tnum")]` for
    /// tabular figures. The bold fonts get them too, so `weight(.bold)` of the result keeps them
    /// (a family stack's bold faces are found here, once). Fonts the system fallback finds for
    /// characters the stack lacks get none.
    ///
    /// - Complexity: O(fonts); a family stack's first bold lookup as `weight(_:)`.
    public func addingFeatures(_ features: [FontFeature]) -> FontStack {
        FontStack(fontSet: fontSet.addingFeatures(features), size: size,
                  bold: (boldSet ?? fontSet.boldFamily())?.addingFeatures(features), lineBreaks: lineBreaks)
    }

    /// The same fonts (and bold fonts) at another size.
    public func withSize(_ size: Double) throws(FontError) -> FontStack {
        try Font.validate(size)
        return FontStack(fontSet: fontSet, size: size, bold: boldSet, lineBreaks: lineBreaks)
    }

    /// Vertical metrics of the primary font at the stack's size.
    public var metrics: FontMetrics { fontSet.primary.unscaledMetrics.scaled(to: size) }

    public static func == (a: FontStack, b: FontStack) -> Bool {
        a.fontSet === b.fontSet && a.size == b.size && a.boldSet === b.boldSet && a.lineBreaks == b.lineBreaks
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontSet.id)
        hasher.combine(size)
    }
}
