internal import CHarfBuzz

/// What the simple-text analysis reads from a face for one shape plan: the plan's GSUB and GPOS
/// lookups as typed effects over the glyphs simple text may hold (`LayoutTableReader`), and
/// GDEF's classes of the glyphs ligatures make.
///
/// The lookups are the plan's, less those only the fraction features use: HarfBuzz enables them
/// around U+2044 only (unless the user turns them on), and those characters are never
/// candidates. The tables are read over the characters' glyphs, then again with the glyphs
/// their ligatures make, so that what may touch those glyphs is known too.
struct PlanLookups {
    /// The effects of the plan's lookups over `candidates`, GSUB's first.
    let summary: LookupSummary
    /// By glyph id, where S starts: the characters' glyphs and the ligature glyphs that may be
    /// simple.
    let candidates: [Bool]
    /// The glyphs only ligatures make, of a class that may be simple: unclassified or base
    /// glyphs (a mark or component never is), or ligatures when no lookup skips ligatures; every
    /// one when the face has no classes.
    let ligatureGlyphs: Set<UInt16>

    /// Nil when a table cannot be read (then HarfBuzz shapes the face).
    init?(face: OpaquePointer, features: [hb_feature_t], userFeatureTags: Set<UInt32>, script: hb_script_t,
          characterGlyphs: Set<UInt16>, glyphCount: Int) {
        guard let tables = PlanTables(face: face, features: features, userFeatureTags: userFeatureTags, script: script),
              var summary = tables.summary(over: CandidateGlyphs(characterGlyphs, glyphCount: glyphCount)) else { return nil }
        let made = Set(summary.effects.lazy.compactMap(\.ligatureGlyph)).subtracting(characterGlyphs)
            .filter { Int($0) < glyphCount }
        let candidates = CandidateGlyphs(characterGlyphs.union(made), glyphCount: glyphCount)
        if !made.isEmpty {
            guard let again = tables.summary(over: candidates) else { return nil }
            summary = again
        }
        let hasClasses = hb_ot_layout_has_glyph_classes(face) != 0
        let ligatureGlyphs = made.filter { glyph in
            switch hasClasses ? hb_ot_layout_get_glyph_class(face, hb_codepoint_t(glyph)) : HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE {
            case HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED, HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH: true
            case HB_OT_LAYOUT_GLYPH_CLASS_LIGATURE: !summary.ignoresLigatures
            default: false
            }
        }
        var initial = candidates.member
        for glyph in made.subtracting(ligatureGlyphs) { initial[Int(glyph)] = false }
        (self.summary, self.candidates, self.ligatureGlyphs) = (summary, initial, ligatureGlyphs)
    }
}

extension PlanLookups {
    /// The lookups of the plan for `script`, GSUB's then GPOS's (nil when a table is empty):
    /// plans of the default shaper with the same lookups shape simple text alike, so one
    /// analysis serves them all.
    static func lookups(face: OpaquePointer, features: [hb_feature_t], userFeatureTags: Set<UInt32>,
                        script: hb_script_t) -> [[Int]]? {
        PlanTables(face: face, features: features, userFeatureTags: userFeatureTags, script: script)?.lookups
    }
}

/// The GSUB and GPOS tables of a face and the lookups of one shape plan in each.
private struct PlanTables {
    private var tables: [(table: TableBlob, isPositioning: Bool, lookups: [Int])] = []

    /// Nil when a table with lookups of the plan is empty.
    init?(face: OpaquePointer, features: [hb_feature_t], userFeatureTags: Set<UInt32>, script: hb_script_t) {
        var lookupFeatures = features
        for tag in ["frac", "numr", "dnom"].map(Self.tag) where !userFeatureTags.contains(tag) {
            lookupFeatures.append(hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max))
        }
        var properties = hb_segment_properties_t.simpleText(script)
        let plan = hb_shape_plan_create_cached(face, &properties, lookupFeatures, UInt32(lookupFeatures.count), nil)
        defer { hb_shape_plan_destroy(plan) }
        for (tag, isPositioning) in [(Self.tag("GSUB"), false), (Self.tag("GPOS"), true)] {
            let set = hb_set_create()
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(plan, tag, set)
            var lookups: [Int] = []
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(set, &lookup) != 0 { lookups.append(Int(lookup)) }
            if lookups.isEmpty { continue }
            let table = TableBlob(face, tag)
            guard table.bytes.count > 0 else { return nil }
            tables.append((table, isPositioning, lookups))
        }
    }

    private static func tag(_ name: String) -> hb_tag_t { hb_tag_from_string(name, -1) }

    /// The plan's lookups, GSUB's then GPOS's, each list led by its table (0 GSUB, 1 GPOS).
    var lookups: [[Int]] { tables.map { [$0.isPositioning ? 1 : 0] + $0.lookups } }

    /// Both tables' lookups over `candidates`; nil when one does not read.
    func summary(over candidates: CandidateGlyphs) -> LookupSummary? {
        var total = LookupSummary()
        for table in tables {
            guard let summary = try? LayoutTableReader.summary(of: table.table.bytes, isPositioning: table.isPositioning,
                                                               lookups: table.lookups, candidates: candidates) else { return nil }
            total.add(summary)
        }
        return total
    }
}

/// A face's table `tag`, referenced while this lives (empty when the face has none).
private final class TableBlob {
    private let blob: OpaquePointer?
    let bytes: UnsafeRawBufferPointer

    init(_ face: OpaquePointer, _ tag: hb_tag_t) {
        blob = hb_face_reference_table(face, tag)
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : Int(length))
    }

    deinit { hb_blob_destroy(blob) }
}
