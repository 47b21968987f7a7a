extension FontStack {
    /// The stack text of `weight` is measured and drawn in, at this stack's size.
    ///
    /// For `.bold`: the bold fonts given with `withBold(_:)` (the bundled stack has Noto's bold
    /// faces), or, for a stack of font families, the families' bold faces as fontconfig finds
    /// them for Pango (`FontStack.init(families:…weight:…)`, resolved the first time bold text
    /// needs them). A stack with no bold fonts gives itself: its text is drawn regular, never
    /// emboldened. A character no bold font covers falls back as the bold stack's order says
    /// (the bundled one goes on to the regular CJK and emoji faces).
    ///
    /// - Complexity: O(1); a family stack's first bold request sorts its families once.
    public func weight(_ weight: FontWeight) -> FontStack {
        guard weight == .bold, let bold = boldSet ?? fontSet.boldFamily() else { return self }
        return FontStack(fontSet: bold, size: size, bold: bold, lineBreaks: lineBreaks)
    }

    /// Whether `weight(.bold)` starts with a font of its own (false: bold text is drawn in the
    /// regular primary, as when a family has no bold face).
    ///
    /// - Complexity: as `weight(_:)`.
    public var hasBoldFonts: Bool { weight(.bold).fontSet.members[0].key != fontSet.members[0].key }

    /// These fonts, with `bold`'s fonts for bold text (`weight(.bold)`), used at this stack's size.
    ///
    /// Make `bold` from the bold files followed by the regular ones, so that text the bold faces
    /// do not cover falls back to a regular face rather than to .notdef:
    ///
    /// ```swift
    /// let regular = try FontStack([Font(path: "Inter-Regular.ttf")])
    /// let stack = regular.withBold(try FontStack([Font(path: "Inter-Bold.ttf")] + regular.fonts))
    /// ```
    public func withBold(_ bold: FontStack) -> FontStack {
        FontStack(fontSet: fontSet, size: size, bold: bold.fontSet, lineBreaks: lineBreaks)
    }
}
