internal import CHarfBuzz

/// The simple-text analysis of one face with one set of feature settings: which characters can
/// be measured without shaping, and the plans that measure them (see `ScriptPlan`).
///
/// Built on first use and kept with the face (`FontFace.simpleText`). A face with AAT layout
/// (`morx`, `kerx`, `trak`), variation coordinates away from the default, a legacy `kern`
/// subtable whose effect is not a sum over adjacent pairs, or features set on part of a text
/// only, is never measured this way: `measure` returns nil and HarfBuzz shapes.
/// `@unchecked Sendable`: immutable but for its lazily built plans (atomic references); an
/// immutable hb-ot font shapes from any number of threads.
final class SimpleTextAnalysis: @unchecked Sendable {
    /// Characters below this code point can be candidates: Latin, Latin-1, Latin Extended, Greek,
    /// Cyrillic, general punctuation, currency, letterlike symbols, arrows, mathematical operators.
    static let scalarLimit: UInt32 = 0x3000

    /// A character simple text may hold: its nominal glyph, and its script: Latin, Greek,
    /// Cyrillic, or Common (`isCommon`).
    struct Candidate {
        let glyph: UInt16
        let script: hb_script_t

        var isCommon: Bool { script == HB_SCRIPT_COMMON }
    }

    /// The scripts whose plans simple text is measured with besides Common's: alphabets of the
    /// default shaper, whose letters stand alone (a precomposed letter has its own glyph).
    static let alphabets = [HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC]

    /// By scalar below `scalarLimit`: the candidate, or nil.
    let characters: [Candidate?]
    /// The face's hb-ot font, referenced (not the `FontFace`, which holds this object).
    let font: OpaquePointer
    let features: [hb_feature_t]
    /// User features that decide whether the fraction features' lookups count (see `PlanLookups`).
    let featureTags: Set<UInt32>
    let kern: KernTable
    let glyphCount: Int
    let isUsable: Bool

    private let latin = LazyReference<ScriptPlan.Outcome>()
    private let greek = LazyReference<ScriptPlan.Outcome>()
    private let cyrillic = LazyReference<ScriptPlan.Outcome>()
    private let common = LazyReference<ScriptPlan.Outcome>()
    private let unknown = LazyReference<ScriptPlan.Outcome>()

    init(face: FontFace, features: [FontFeature]) {
        self.font = hb_font_reference(face.font)
        self.features = features.map(\.hbFeature)
        self.featureTags = Set(features.map(\.tag))
        self.glyphCount = Int(hb_face_get_glyph_count(face.face))
        var coordinateCount: UInt32 = 0
        let coordinates = hb_font_get_var_coords_normalized(face.font, &coordinateCount)
        let atDefault = (0..<Int(coordinateCount)).allSatisfy { coordinates![$0] == 0 }
        let global = features.allSatisfy { $0.start == 0 && $0.end == UInt32.max }
        let aat = ["morx", "mort", "kerx", "trak"].contains { Self.hasTable(face.face, $0) }
        self.kern = KernTable(of: face.face)
        self.isUsable = atDefault && global && !aat && kern != .unusable
        self.characters = isUsable ? Self.characters(of: face) : []
    }

    deinit { hb_font_destroy(font) }

    /// The width of `range` of `utf8` in font units and the part of it from clusters at or after
    /// `hangingStart`, as `hb_shape` gives them for a left-to-right buffer in `script` (nil:
    /// HarfBuzz's guess); nil when the text does not qualify (then it must be shaped).
    func measure(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?,
                 hangingStart: Int) -> (units: Int, hanging: Int)? {
        plan(for: utf8, range, script: script)?.measure(utf8, range, hangingStart: hangingStart)
    }

    /// The content width in font units of each piece of `utf8` (see `ScriptPlan.contentUnits`),
    /// all of it measured as one left-to-right buffer whose script HarfBuzz guesses; nil when
    /// the text does not qualify, or a ligature straddles two pieces.
    func contentUnits(_ utf8: UnsafeBufferPointer<UInt8>, pieces: [(start: Int, contentEnd: Int)]) -> [Int]? {
        plan(for: utf8, utf8.indices, script: nil)?.contentUnits(utf8, utf8.indices, pieces: pieces)
    }

    /// The glyphs of `range` of `utf8` as `hb_shape` places them for a left-to-right buffer in
    /// `script` (nil: HarfBuzz's guess), `scale` points a font unit, and the run's width in font
    /// units; nil when the text does not qualify.
    func glyphs(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?,
                scale: Double) -> (glyphs: [PositionedGlyph], units: Int)? {
        plan(for: utf8, range, script: script)?.glyphs(utf8, range, scale: scale)
    }

    /// The plan that measures `range` of `utf8` in `script`: the buffer's script when it is one of
    /// `alphabets`; with no script, that of its first character of such a script (HarfBuzz's
    /// guess), else the plan for a guess over common characters; Common's when no character is
    /// of a script. Nil when a character is no candidate or the face not usable.
    private func plan(for utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?) -> ScriptPlan? {
        guard isUsable, !range.isEmpty else { return nil }
        var first = HB_SCRIPT_COMMON
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = Self.decode(utf8, at: index)
            guard scalar < Self.scalarLimit, let candidate = characters[Int(scalar)] else { return nil }
            if first == HB_SCRIPT_COMMON { first = candidate.script }
            index += length
        }
        switch script {
        case nil: return plan(first == HB_SCRIPT_COMMON ? HB_SCRIPT_INVALID : first).plan
        case HB_SCRIPT_COMMON? where first == HB_SCRIPT_COMMON: return plan(HB_SCRIPT_COMMON).plan
        case let script? where Self.alphabets.contains(script): return plan(script).plan
        default: return nil
        }
    }

    /// The plan for buffers of `script` (one of `alphabets`, Common, or invalid for HarfBuzz's
    /// guess over common characters), built on first use.
    func plan(_ script: hb_script_t) -> ScriptPlan.Outcome {
        func outcome(_ reference: borrowing LazyReference<ScriptPlan.Outcome>) -> ScriptPlan.Outcome {
            if let outcome = reference.load() { return outcome }
            // Greek's and Cyrillic's plans are Latin's when their lookups are.
            let shared = script != HB_SCRIPT_LATIN && Self.alphabets.contains(script) && sharesLatinPlan(script)
            return reference.storeIfNil(shared ? plan(HB_SCRIPT_LATIN) : ScriptPlan.Outcome(plan: ScriptPlan(self, script: script)))
        }
        switch script {
        case HB_SCRIPT_LATIN: return outcome(latin)
        case HB_SCRIPT_GREEK: return outcome(greek)
        case HB_SCRIPT_CYRILLIC: return outcome(cyrillic)
        case HB_SCRIPT_COMMON: return outcome(common)
        default: return outcome(unknown)
        }
    }

    /// Whether the face's plan for `script` has the lookups of its Latin plan (as in most fonts
    /// that cover Greek and Cyrillic): then Latin's analysis measures it, and no second one is
    /// built (building one shapes every pair of ASCII characters).
    private func sharesLatinPlan(_ script: hb_script_t) -> Bool {
        let face = hb_font_get_face(font)!
        func lookups(_ script: hb_script_t) -> [[Int]]? {
            PlanLookups.lookups(face: face, features: features, userFeatureTags: featureTags, script: script)
        }
        guard let own = lookups(script) else { return false }
        return own == lookups(HB_SCRIPT_LATIN)
    }

    /// The scalar at `index` of valid UTF-8 and its length in bytes.
    @inline(__always)
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(utf8[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
                    | UInt32(utf8[index + 3] & 0x3F), 4)
    }

    /// Candidate characters: mapped by the cmap, script Latin, Greek, Cyrillic or Common, a glyph of GDEF class 0
    /// or 1, not a mark, a control, a format character, a default-ignorable, unassigned, or a
    /// separator of lines or paragraphs; not U+2044 or U+2215, around which HarfBuzz turns on the
    /// fraction features.
    private static func characters(of face: FontFace) -> [Candidate?] {
        let unicode = hb_unicode_funcs_get_default()
        return (0..<scalarLimit).map { value -> Candidate? in
            guard value != 0x2044, value != 0x2215, let scalar = Unicode.Scalar(value),
                  let glyph = face.nominalGlyph(scalar), glyph > 0 else { return nil }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .unassigned, .privateUse,
                 .surrogate, .lineSeparator, .paragraphSeparator: return nil
            default: break
            }
            guard !scalar.properties.isDefaultIgnorableCodePoint else { return nil }
            let script = hb_unicode_script(unicode, value)
            guard script == HB_SCRIPT_COMMON || alphabets.contains(script) else { return nil }
            let glyphClass = hb_ot_layout_get_glyph_class(face.face, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { return nil }
            return Candidate(glyph: UInt16(truncatingIfNeeded: glyph), script: script)
        }
    }

    private static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, -1))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }
}

extension SimpleTextAnalysis {
    /// The simple-text analyses of one face, one per feature settings, built on first use.
    final class Cache: Sendable {
        private let withoutFeatures = LazyReference<SimpleTextAnalysis>()
        private let withFeatures = Lock<[[FontFeature]: SimpleTextAnalysis]>([:])

        init() {}

        /// The analysis of `face` (the face holding this cache) with `features`.
        func analysis(of face: FontFace, features: [FontFeature]) -> SimpleTextAnalysis {
            if features.isEmpty {
                if let analysis = withoutFeatures.load() { return analysis }
                return withoutFeatures.storeIfNil(SimpleTextAnalysis(face: face, features: []))
            }
            if let analysis = withFeatures.withLock({ $0[features] }) { return analysis }
            let analysis = SimpleTextAnalysis(face: face, features: features)
            return withFeatures.withLock { table in
                if let existing = table[features] { return existing }
                table[features] = analysis
                return analysis
            }
        }
    }
}
