internal import CHarfBuzz

/// The shaping identity of a font or font stack: its fonts in fallback order, each with its
/// feature settings, the language it is shaped in, and where text none of them covers goes.
/// Interned while used, so equal sets share one `id` — the width cache's key — no matter
/// how many `Font`/`FontStack` values, or sizes, refer to them.
///
/// Font indices below `memberCount` are the set's own fonts; those above are fonts found later
/// — by its system fallback (see `SystemFallback`), or in a family stack's fontset for another
/// language (see `faceOrder(for:)`) — which shape with the primary font's features.
final class FontSet: Sendable {
    let id: Int
    let members: [FallbackFont]
    let featureSettings: [[FontFeature]]
    /// The same settings as HarfBuzz structs, ready for `hb_shape`.
    let hbFeatures: [[hb_feature_t]]
    /// Indices of the colour fonts: emoji presentation sequences try them first.
    let colorFaceIndices: [Int]
    /// The first font, always loaded: its units are the set's.
    let primary: FontFace
    /// The language text is shaped in (HarfBuzz's `locl` forms), or nil for "und".
    let language: LanguageTag?
    nonisolated(unsafe) let hbLanguage: hb_language_t
    /// The languages runs of other scripts are shaped in (see `DerivedLanguage`), by script.
    private let derivedLanguages = Lock<[UInt32: HBLanguage]>([:])
    let fallback: SystemFallback?
    /// Which font draws a space (see `SpaceFonts`).
    let spaces: SpaceFonts
    /// The primary face has no bitmap advances and trims no punctuation, so it shapes every text
    /// with its settings alone (see `shapesWithSettingsAlone`): worked out once, as the
    /// simple-text path asks for every word it measures.
    private let primaryShapesWithSettingsAlone: Bool
    /// For a stack of font families: how they were resolved, to resolve them again for the
    /// language of a run of another script (see `faceOrder(for:)`).
    let familyQuery: FamilyQuery?
    /// The index of each member by its key.
    private let memberIndices: [String: Int]
    /// The fonts found beyond the set's own, in the order they were found.
    private let found = Lock(Found())
    private struct Found {
        var fonts: [FallbackFont] = []
        var byKey: [String: Int] = [:]
    }
    /// The member orders `faceOrder(for:)` found, by fontconfig language.
    private let faceOrders = Lock<[String: [Int]]>([:])
    /// The sets of one font each that `singleFontSet(_:)` made, by index.
    private let singleFontSets = Lock<[Int: FontSet]>([:])

    /// Text that shapes without a language: the fonts' default language system, never the
    /// process locale HarfBuzz would otherwise pick, so widths do not change with `LANG`.
    private nonisolated(unsafe) static let neutralLanguage = hb_language_from_string("und", -1)!

    var memberCount: Int { members.count }

    /// The language a run of `script` is shaped in: the set's, or the one Pango derives for a
    /// script the set's language is not written in (see `DerivedLanguage`); "und" without one.
    func hbLanguage(for script: hb_script_t?) -> hb_language_t {
        guard let language, let script, script != HB_SCRIPT_COMMON else { return hbLanguage }
        if let known = derivedLanguages.withLock({ $0[script.rawValue] }) { return known.language }
        let derived = DerivedLanguage.of(language.fontconfigLanguage, script: script)
        let hb = derived == language.fontconfigLanguage ? hbLanguage : hb_language_from_string(derived, -1)!
        derivedLanguages.withLock { $0[script.rawValue] = HBLanguage(language: hb) }
        return hb
    }

    /// The fonts, by index, in the order fontconfig sorts the set's families for the language
    /// Pango derives for a run of `script` (see `DerivedLanguage`), or nil when that is the set's
    /// own order: a family stack whose language is not written in `script`, with families such
    /// as `sans-serif` that fontconfig resolves by language, looks for the run's fonts as Pango
    /// does, in that language's fontset. Fonts the set does not have are added past its own;
    /// its own that the sort does not hold come last. O(fonts) once a language, then a look-up.
    func faceOrder(for script: hb_script_t) -> [Int]? {
        guard let familyQuery, let language, script != HB_SCRIPT_COMMON else { return nil }
        let derived = DerivedLanguage.of(language.fontconfigLanguage, script: script)
        guard derived != language.fontconfigLanguage else { return nil }
        if let known = faceOrders.withLock({ $0[derived] }) { return known }
        let sorted = (try? Fontconfig.sortedFonts(families: familyQuery.families, size: familyQuery.size,
                                                  language: derived, weight: familyQuery.weight,
                                                  in: familyQuery.configuration)) ?? []
        var order: [Int] = []
        var placed = Set<Int>()
        for font in sorted {
            let index = index(of: FallbackFont(font))
            if placed.insert(index).inserted { order.append(index) }
        }
        order += members.indices.filter { !placed.contains($0) }
        faceOrders.withLock { $0[derived] = order }
        return order
    }

    /// The families, size, weight and configuration a family stack was resolved from.
    struct FamilyQuery: Sendable {
        let families: [String]
        let size: Double
        var weight: FontWeight = .regular
        let configuration: FontConfiguration
    }

    /// A family stack's fonts for bold text: the same families resolved again with weight bold,
    /// once (see `FontStack.weight(_:)`); nil for a set that is not a family stack.
    private let boldFamilySet = Lock<FontSet?>(nil)

    /// The family set of the same query at `weight` bold (this set when it is one), resolved
    /// the first time it is asked; nil for a set of files, or when fontconfig finds nothing.
    func boldFamily() -> FontSet? {
        guard let familyQuery else { return nil }
        if familyQuery.weight == .bold { return self }
        if let known = boldFamilySet.withLock({ $0 }) { return known }
        var query = familyQuery
        query.weight = .bold
        guard let bold = try? FontSet.family(query, features: featureSettings[0], language: language,
                                             fallback: fallback?.configuration, spaces: spaces) else { return nil }
        return boldFamilySet.withLock { stored in
            if stored == nil { stored = bold }
            return stored
        }
    }

    /// A HarfBuzz language: an interned pointer, never freed, so it may cross threads.
    private struct HBLanguage: @unchecked Sendable { let language: hb_language_t }

    /// The font at `index` (a member or a found fallback font).
    @inline(__always)
    func font(_ index: Int) -> FallbackFont {
        index < members.count ? members[index] : found.withLock { $0.fonts[index - members.count] }
    }

    /// The face of the font at `index`, one a run was itemized to (so it loads).
    @inline(__always)
    func face(_ index: Int) -> FontFace {
        index == 0 ? primary : font(index).face!
    }

    /// The HarfBuzz feature settings of the font at `index`.
    @inline(__always)
    func features(_ index: Int) -> [hb_feature_t] { hbFeatures[index < members.count ? index : 0] }

    /// The feature settings of the font at `index`.
    func featureSettings(_ index: Int) -> [FontFeature] { featureSettings[index < members.count ? index : 0] }

    /// The HarfBuzz font that shapes with the font at `index`: the face's, or under Chromium's
    /// conventions (`trimsFullwidthPunctuation`) its `bitmapAdvanceFont` where it has one.
    @inline(__always)
    func shapingFont(_ index: Int) -> OpaquePointer {
        let face = face(index)
        return trimsFullwidthPunctuation ? face.bitmapAdvanceFont ?? face.font : face.font
    }

    /// Whether the font at `index` shapes `range` of `utf8` with its settings alone, as the
    /// simple-text analysis of its face assumes: no punctuation trimmed in it, no bitmap advances.
    @inline(__always)
    func shapesWithSettingsAlone(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard trimsFullwidthPunctuation, index != 0 || !primaryShapesWithSettingsAlone else { return true }
        return face(index).bitmapAdvanceFont == nil && punctuationTrims(index, utf8, range).isEmpty
    }

    /// Whether the set trims fullwidth punctuation as Chromium does (see `FullwidthPunctuation`):
    /// a set drawn as Chromium draws, its spaces in the first font that has them.
    var trimsFullwidthPunctuation: Bool { spaces == .first }

    /// Whether the font at `index` trims fullwidth punctuation: the set does, the face has
    /// `halt`, and the font's settings turn on no width feature themselves (Blink's exclusive ones).
    func trimsPunctuation(inFont index: Int) -> Bool {
        trimsFullwidthPunctuation && Self.trimsPunctuation(face(index), settings: featureSettings(index))
    }

    /// Whether `face` with `settings` trims fullwidth punctuation in a set that does.
    private static func trimsPunctuation(_ face: FontFace, settings: [FontFeature]) -> Bool {
        face.fullwidthPunctuation.trims && !settings.contains { $0.value != 0 && FullwidthPunctuation.widthFeatures.contains($0.tag) }
    }

    /// The trimming of fullwidth punctuation that the font at `index` applies to `range` of
    /// `utf8` beyond its settings (see `FullwidthPunctuation`): `chws` where the face has it
    /// and `halt` on the marks it trims; none where `trimsPunctuation(inFont:)` says it does not.
    /// - Complexity: O(length of the range) when it holds a mark; one pass over its bytes else.
    func punctuationTrims(_ index: Int, _ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [hb_feature_t] {
        guard trimsPunctuation(inFont: index), FullwidthPunctuation.mayApply(utf8, range) else { return [] }
        let marks = face(index).fullwidthPunctuation
        let chws = marks.hasContextualSpacing && !featureSettings(index).contains { $0.tag == FullwidthPunctuation.chws }
            ? [hb_feature_t(tag: FullwidthPunctuation.chws, value: 1, start: 0, end: UInt32.max)] : []
        return chws + marks.halts(utf8, range)
    }

    /// Whether the member at `index` covers `scalar` (charset or cmap; never loads a face).
    @inline(__always)
    func covers(_ index: Int, _ scalar: Unicode.Scalar) -> Bool { members[index].covers(scalar) }

    /// The set of the font at `index` alone, with its features (a `GlyphRun`'s font): made
    /// once, so drawing a run takes neither a new `FallbackFont` nor the interning lock. A set of one
    /// font, no language and no fallback is its own.
    func singleFontSet(_ index: Int) -> FontSet {
        if index == 0, members.count == 1, language == nil, fallback == nil { return self }
        if let set = singleFontSets.withLock({ $0[index] }) { return set }
        let set = FontSet.of([Member(face: face(index), features: featureSettings(index))])
        singleFontSets.withLock { $0[index] = set }
        return set
    }

    /// The index of the system fallback font for `scalar`, when the set has system fallback
    /// and an installed font covers it.
    func fallbackIndex(for scalar: Unicode.Scalar) -> Int? {
        fallback?.font(for: scalar).map(index(of:))
    }

    /// The index of `font`: a member's, or one past the members, given the first time it is asked.
    func index(of font: FallbackFont) -> Int {
        let key = font.key
        if let member = memberIndices[key] { return member }
        return found.withLock { found in
            if let index = found.byKey[key] { return index }
            found.fonts.append(font)
            found.byKey[key] = members.count + found.fonts.count - 1
            return members.count + found.fonts.count - 1
        }
    }

    /// `units` of font `index` in the primary face's units (exact when the upems agree).
    @inline(__always)
    func toPrimaryUnits(_ units: Int, from index: Int) -> Double {
        if index == 0 { return Double(units) }
        let upem = face(index).unitsPerEm, primaryUpem = primary.unitsPerEm
        return upem == primaryUpem ? Double(units) : Double(units) * Double(primaryUpem) / Double(upem)
    }

    private init(id: Int, members: [Member], primary: FontFace, language: LanguageTag?, fallback: SystemFallback?,
                 familyQuery: FamilyQuery?, spaces: SpaceFonts) {
        self.id = id
        self.spaces = spaces
        self.members = members.map(\.font)
        self.featureSettings = members.map(\.features)
        self.hbFeatures = members.map { $0.features.map(\.hbFeature) }
        self.colorFaceIndices = members.indices.filter { members[$0].font.isColor }
        self.primary = primary
        self.language = language
        self.hbLanguage = language.map { hb_language_from_string($0.tag, -1) } ?? Self.neutralLanguage
        self.fallback = fallback
        self.familyQuery = familyQuery
        self.primaryShapesWithSettingsAlone = primary.bitmapAdvanceFont == nil
            && !Self.trimsPunctuation(primary, settings: members[0].features)
        let fonts = members.map(\.font)
        self.memberIndices = Dictionary(fonts.indices.map { (fonts[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    struct Member {
        let font: FallbackFont
        let features: [FontFeature]

        init(face: FontFace, features: [FontFeature]) { (font, self.features) = (FallbackFont(face), features) }
        init(font: FallbackFont, features: [FontFeature]) { (self.font, self.features) = (font, features) }
    }

    /// The live sets by content, so that equal sets share one object and one id. Ids are never
    /// reused, so width-cache entries of a freed set can never answer for another.
    ///
    /// A set with a face from bytes is held weakly: it, and the face that only it holds, is
    /// freed with the last `Font` or `FontStack` using it. Every other set (faces from files,
    /// which are kept for the process anyway) is held strongly, and let go by `sweep` once the
    /// table's is the only reference left. A weak reference would move the set's reference
    /// count into a side table, and every copy of a `Font`, on every thread, would pay for that
    /// (4 % of the CPU time of printing 10,000 table rows, run side by side).
    private struct Interned {
        struct Key: Hashable {
            let members: [String]
            let features: [[FontFeature]]
            let language: String?
            let fallback: ObjectIdentifier?
            /// A family stack's families, weight and configuration: they decide `faceOrder(for:)`.
            let families: [String]?
            let weight: FontWeight?
            let configuration: ObjectIdentifier?
            let spaces: SpaceFonts
        }
        /// A set held weakly; its entry stays, empty, from its freeing to the next sweep.
        struct Watched {
            weak var set: FontSet?
        }
        var held: [Key: FontSet] = [:]
        var watched: [Key: Watched] = [:]
        var nextID = 0
        /// How many sets may be held before the next sweep.
        var sweepAt = Interned.firstSweep
        static let firstSweep = 64

        func set(for key: Key) -> FontSet? { held[key] ?? watched[key]?.set }

        /// Drops the held sets nothing but the table refers to, and returns them: the caller
        /// releases them after unlocking, as their `deinit` takes the lock. Under the lock no
        /// other thread can take a new reference from the table, and one holding none cannot
        /// copy one, so a set found unique stays unused. (Each is reached by key from a copy of
        /// the keys: through a view sharing the storage it would be copied, and never unique.) The next
        /// sweep waits until the held sets have doubled: O(1) amortized per set made.
        mutating func sweep() -> [FontSet] {
            let unused = Array(held.keys).filter { isKnownUniquelyReferenced(&held[$0]!) }
            let released = unused.compactMap { held.removeValue(forKey: $0) }
            // The watched sets freed since: their entries go here, not in their `deinit`, which
            // takes no lock (a set may be freed by a thread holding another lock, and a lock taken
            // in `deinit` could then be taken in the opposite order to another thread's).
            watched = watched.filter { $0.value.set != nil }
            sweepAt = max(Self.firstSweep, 2 * (held.count + watched.count))
            return released
        }
    }

    private static let interned = Lock(Interned())

    /// The one live set made of `members` (created when none is), shaped in `language`, with
    /// system fallback from `fallback` when it is given. O(members) under a lock. The first
    /// member's face must be loaded (a face given up front, or a fontconfig font loaded first).
    static func of(_ members: [Member], language: LanguageTag? = nil, fallback: FontConfiguration? = nil,
                   familyQuery: FamilyQuery? = nil, spaces: SpaceFonts = .first) -> FontSet {
        guard let primary = members[0].font.loadedFace else { preconditionFailure("a font set's first face is loaded") }
        let key = Interned.Key(members: members.map(\.font.key), features: members.map(\.features),
                               language: language?.tag, fallback: fallback.map(ObjectIdentifier.init),
                               families: familyQuery?.families, weight: familyQuery?.weight,
                               configuration: familyQuery.map { ObjectIdentifier($0.configuration) }, spaces: spaces)
        let fromFiles = members.allSatisfy { $0.font.loadedFace?.isKept ?? true }
        let (set, released) = interned.withLock { table -> (FontSet, [FontSet]) in
            if let set = table.set(for: key) { return (set, []) }
            let system = fallback.map { SystemFallback(configuration: $0, language: language?.fontconfigLanguage) }
            let set = FontSet(id: table.nextID, members: members, primary: primary, language: language, fallback: system,
                              familyQuery: familyQuery, spaces: spaces)
            table.nextID += 1
            if fromFiles { table.held[key] = set } else { table.watched[key] = Interned.Watched(set: set) }
            return (set, table.held.count + table.watched.count >= table.sweepAt ? table.sweep() : [])
        }
        _ = released  // freed here, outside the lock their deinit takes
        return set
    }

    /// How many sets the table holds now (for tests).
    static var internedCount: Int { interned.withLock { $0.held.count + $0.watched.count } }

    /// `body` run with the table's lock held (for tests: freeing a set must not wait for it).
    static func withTableLocked<Result>(_ body: () -> Result) -> Result { interned.withLock { _ in body() } }

}

extension FontSet {
    /// The same members, language and fallback with `features` after each member's own
    /// (``FontStack/addingFeatures(_:)``). O(members).
    func addingFeatures(_ features: [FontFeature]) -> FontSet {
        let members = self.members.indices.map { Member(font: self.members[$0], features: featureSettings[$0] + features) }
        return FontSet.of(members, language: language, fallback: fallback?.configuration, spaces: spaces)
    }

    /// The same set with its spaces drawn as `spaces` says: itself when they are.
    ///
    /// - Complexity: O(members) when the set is another.
    func withSpaces(_ spaces: SpaceFonts) -> FontSet {
        guard spaces != self.spaces else { return self }
        let members = self.members.indices.map { Member(font: self.members[$0], features: featureSettings[$0]) }
        return FontSet.of(members, language: language, fallback: fallback?.configuration, familyQuery: familyQuery, spaces: spaces)
    }

    /// Which font draws a space (U+0020 and the other space separators) between text of other fonts.
    enum SpaceFonts: Hashable, Sendable {
        /// The first font that has it, as Chromium takes every character from the first font of
        /// the list that has it: "😀 a" draws its space in the text font, not the emoji font.
        case first
        /// The font of the text around it, as Pango's itemizer gives a space no font of its own
        /// (see `Itemizer.runs(of:in:previous:following:direction:uncovered:)`).
        case surrounding
    }
}
