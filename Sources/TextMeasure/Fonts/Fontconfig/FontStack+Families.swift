extension FontStack {
    /// The stack fontconfig resolves `families` to, as Pango resolves a font description's
    /// family list: `configuration`'s substitutions (aliases such as `sans-serif`, metric
    /// aliases, language preferences) applied, then its fonts sorted by how well they match
    /// (`FcFontSort`, trimmed to the fonts that add coverage) — fontconfig's best match first.
    ///
    /// Each font covers what its fontconfig charset says (as in Pango) and is loaded only when
    /// a cluster first needs it. `language` (BCP 47) steers fontconfig's choice — the same Han
    /// character takes a traditional-Chinese face for `zh-Hant`, a Japanese one for `ja` — and
    /// HarfBuzz's `locl` forms. Every font shapes with `features`. `configuration` defaults to
    /// the system's; `fallback` beyond the sort (rarely needed: the sort already covers
    /// everything installed) takes ``FontFallback/fonts(of:)`` to use a private configuration.
    ///
    /// `weight` asks fontconfig for that weight, as Pango's font description does: with `.bold`,
    /// each family's bold face where it has one, sorted by the same rules (a family with no bold
    /// face gives its regular one, never an emboldened one). A regular stack finds its bold
    /// fonts this way when bold text first needs them (`weight(_:)`).
    ///
    /// Throws `FontError.familyNotFound` naming the first family that is neither installed nor
    /// substituted by the configuration, and `FontError.invalidLanguageTag` for a language tag
    /// that is not well-formed.
    ///
    /// ```swift
    /// let stack = try FontStack(families: ["Noto Sans", "sans-serif"], size: 14, language: "zh-Hant")
    /// ```
    ///
    /// - Complexity: one `FcFontSort` over the configuration's fonts, plus loading the first
    ///   font found and O(fonts found) to build the stack.
    public init(families: [String], size: Double = 14, features: [FontFeature] = [], language: String? = nil,
                weight: FontWeight = .regular, fallback: FontFallback = .none,
                configuration: FontConfiguration? = nil) throws(FontError) {
        try Font.validate(size)
        let families = families.map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !families.isEmpty else { throw .emptyStack }
        let language = try language.map { (tag) throws(FontError) in try LanguageTag(tag) }
        let query = FontSet.FamilyQuery(families: families, size: size, weight: weight,
                                        configuration: try FontConfiguration.given(configuration))
        self.init(fontSet: try FontSet.family(query, features: features, language: language, fallback: try fallback.resolved()),
                  size: size)
    }

    /// The stack's own fonts whose faces have been loaded so far, by index (a family stack
    /// loads a font when a cluster first needs it; a stack of files has them all).
    package var loadedFontIndices: [Int] {
        fontSet.members.indices.filter { fontSet.members[$0].isLoaded }
    }

    /// The family name (fontconfig's first) of each of the stack's own fonts, without loading any.
    ///
    /// - Complexity: O(fonts).
    public var familyNames: [String] {
        fontSet.members.map { $0.candidate?.family ?? $0.loadedFace?.familyName ?? "" }
    }
}

extension FontSet {
    /// The set fontconfig resolves `query` to (see `FontStack.init(families:…)`).
    static func family(_ query: FamilyQuery, features: [FontFeature], language: LanguageTag?,
                       fallback: FontConfiguration?, spaces: SpaceFonts = .first) throws(FontError) -> FontSet {
        let found = try Fontconfig.sortedFonts(families: query.families, size: query.size, language: language?.fontconfigLanguage,
                                               weight: query.weight, in: query.configuration)
        // Pango opens the first font at once; the others wait until a cluster needs them.
        var members: [FontSet.Member] = []
        for font in found {
            if members.isEmpty {
                guard let face = try? FontFace.load(path: font.path, faceIndex: font.faceIndex) else { continue }
                members.append(FontSet.Member(font: FallbackFont(font, face: face), features: features))
            } else {
                members.append(FontSet.Member(font: FallbackFont(font), features: features))
            }
        }
        guard !members.isEmpty else { throw .familyNotFound(family: query.families.joined(separator: ", ")) }
        return FontSet.of(members, language: language, fallback: fallback, familyQuery: query, spaces: spaces)
    }
}

private extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }
}
