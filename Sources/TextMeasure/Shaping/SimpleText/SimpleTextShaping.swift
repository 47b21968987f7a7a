internal import CHarfBuzz

/// The simple-text path of one face with one set of feature settings: which characters can be
/// measured without shaping, and the plans that measure them (see `SimpleTextPlan`).
///
/// Built on first use and kept with the face (`FontFace.simpleText`). A face with AAT layout
/// (`morx`, `kerx`, `trak`), variation coordinates away from the default, a legacy `kern`
/// subtable whose effect is not a sum over adjacent pairs, or features set on part of a text
/// only, is never measured this way: `measure` returns nil and HarfBuzz shapes.
/// `@unchecked Sendable`: immutable but for its lazily built plans (atomic references); an
/// immutable hb-ot font shapes from any number of threads.
final class SimpleTextShaping: @unchecked Sendable {
    /// Characters below this code point can be candidates: Latin, Latin-1, Latin Extended,
    /// general punctuation, currency, letterlike symbols, arrows, mathematical operators.
    static let scalarLimit: UInt32 = 0x3000
    static let candidateBit: UInt32 = 1 << 16
    static let latinBit: UInt32 = 1 << 17

    /// By scalar below `scalarLimit`: 0, or its nominal glyph | `candidateBit` (| `latinBit`).
    let characters: [UInt32]
    /// The face's hb-ot font, referenced (not the `FontFace`, which holds this object).
    let font: OpaquePointer
    let features: [hb_feature_t]
    /// User features that decide whether the fraction features' lookups count (see `SimpleTextPlan`).
    let featureTags: Set<UInt32>
    /// The left glyphs of the legacy `kern` table's pairs; nil when any glyph may be one.
    let kernLeftGlyphs: [UInt16]?
    let glyphCount: Int
    let isUsable: Bool

    private let latin = LazyReference<SimpleTextPlan.Slot>()
    private let common = LazyReference<SimpleTextPlan.Slot>()
    private let unknown = LazyReference<SimpleTextPlan.Slot>()

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
        let kern = Self.kernTable(of: face.face)
        self.kernLeftGlyphs = kern.left
        self.isUsable = atDefault && global && !aat && kern.isUsable
        self.characters = isUsable ? Self.characters(of: face) : []
    }

    deinit { hb_font_destroy(font) }

    /// The width of `range` of `utf8` in font units and the part of it from clusters at or after
    /// `hangingStart`, as `hb_shape` gives them for a left-to-right buffer in `script` (nil:
    /// HarfBuzz's guess); nil when the text does not qualify (then it must be shaped).
    func measure(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?,
                 hangingStart: Int) -> (units: Int, hanging: Int)? {
        plan(for: utf8, range, script: script)?.measure(utf8, range, characters: characters, hangingStart: hangingStart)
    }

    /// The content width in font units of each piece of `utf8` (see `SimpleTextPlan.contentUnits`),
    /// all of it measured as one left-to-right buffer whose script HarfBuzz guesses; nil when
    /// the text does not qualify, or a ligature straddles two pieces.
    func contentUnits(_ utf8: UnsafeBufferPointer<UInt8>, pieces: [(start: Int, contentEnd: Int)]) -> [Int]? {
        plan(for: utf8, utf8.indices, script: nil)?.contentUnits(utf8, utf8.indices, characters: characters, pieces: pieces)
    }

    /// The glyphs of `range` of `utf8` as `hb_shape` places them for a left-to-right buffer in
    /// `script` (nil: HarfBuzz's guess), `scale` points a font unit, and the run's width in font
    /// units; nil when the text does not qualify.
    func glyphs(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?,
                scale: Double) -> (glyphs: [PositionedGlyph], units: Int)? {
        plan(for: utf8, range, script: script)?.glyphs(utf8, range, characters: characters, scale: scale)
    }

    /// The plan that measures `range` of `utf8` in `script`: Latin when a character is Latin (or
    /// the buffer is), else Common's; nil when a character is no candidate or the face not usable.
    private func plan(for utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, script: hb_script_t?) -> SimpleTextPlan? {
        guard isUsable, !range.isEmpty else { return nil }
        var hasLatin = false
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = Self.decode(utf8, at: index)
            guard scalar < Self.scalarLimit else { return nil }
            let entry = characters[Int(scalar)]
            guard entry != 0 else { return nil }
            if entry & Self.latinBit != 0 { hasLatin = true }
            index += length
        }
        switch script {
        case nil: return (hasLatin ? plan(HB_SCRIPT_LATIN) : plan(HB_SCRIPT_INVALID)).plan
        case HB_SCRIPT_LATIN?: return plan(HB_SCRIPT_LATIN).plan
        case HB_SCRIPT_COMMON? where !hasLatin: return plan(HB_SCRIPT_COMMON).plan
        default: return nil
        }
    }

    /// The plan for buffers of `script` (Latin, Common, or invalid for HarfBuzz's guess over
    /// common characters), built on first use.
    func plan(_ script: hb_script_t) -> SimpleTextPlan.Slot {
        func slot(_ reference: borrowing LazyReference<SimpleTextPlan.Slot>) -> SimpleTextPlan.Slot {
            if let slot = reference.load() { return slot }
            return reference.storeIfNil(SimpleTextPlan.Slot(plan: SimpleTextPlan(self, script: script)))
        }
        return script == HB_SCRIPT_LATIN ? slot(latin) : script == HB_SCRIPT_COMMON ? slot(common) : slot(unknown)
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
        return (UInt32.max, 4)
    }

    /// Candidate characters: mapped by the cmap, script Latin or Common, a glyph of GDEF class 0
    /// or 1, not a mark, a control, a format character, a default-ignorable, unassigned, or a
    /// separator of lines or paragraphs; not U+2044 or U+2215, around which HarfBuzz turns on the
    /// fraction features.
    private static func characters(of face: FontFace) -> [UInt32] {
        let unicode = hb_unicode_funcs_get_default()
        return (0..<scalarLimit).map { value -> UInt32 in
            guard value != 0x2044, value != 0x2215, let scalar = Unicode.Scalar(value),
                  let glyph = face.nominalGlyph(scalar), glyph > 0 else { return 0 }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .control, .format, .unassigned, .privateUse,
                 .surrogate, .lineSeparator, .paragraphSeparator: return 0
            default: break
            }
            guard !scalar.properties.isDefaultIgnorableCodePoint else { return 0 }
            let script = hb_unicode_script(unicode, value)
            guard script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON else { return 0 }
            let glyphClass = hb_ot_layout_get_glyph_class(face.face, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH else { return 0 }
            return glyph | candidateBit | (script == HB_SCRIPT_LATIN ? latinBit : 0)
        }
    }

    private static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, -1))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// Whether the face's legacy `kern` table (if any) adjusts only adjacent pairs, and the left glyphs of its pairs.
    private static func kernTable(of face: OpaquePointer) -> (isUsable: Bool, left: [UInt16]?) {
        let blob = hb_face_reference_table(face, hb_tag_t(0x6B65_726E))  // 'kern'
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return (true, []) }
        do {
            return (true, try LayoutTables.kernLeftGlyphs(of: UnsafeRawBufferPointer(start: data, count: Int(length))))
        } catch {
            return (false, nil)
        }
    }
}

/// The simple-text analyses of one face, one per feature settings, built on first use.
final class SimpleTextAnalyses: Sendable {
    private let withoutFeatures = LazyReference<SimpleTextShaping>()
    private let withFeatures = Lock<[[FontFeature]: SimpleTextShaping]>([:])

    init() {}

    func shaping(of face: FontFace, features: [FontFeature]) -> SimpleTextShaping {
        if features.isEmpty {
            if let shaping = withoutFeatures.load() { return shaping }
            return withoutFeatures.storeIfNil(SimpleTextShaping(face: face, features: []))
        }
        if let shaping = withFeatures.withLock({ $0[features] }) { return shaping }
        let shaping = SimpleTextShaping(face: face, features: features)
        return withFeatures.withLock { table in
            if let existing = table[features] { return existing }
            table[features] = shaping
            return shaping
        }
    }
}
