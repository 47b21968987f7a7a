internal import CHarfBuzz

/// The simple set of one face, feature settings and shape plan (buffers in Latin, in Common, or
/// with HarfBuzz's guess over common characters), and the sums that measure text made of it.
///
/// The set S starts as the glyphs of the plan's candidate characters, and the glyphs their
/// ligatures make. A glyph leaves S, until nothing changes, when an active lookup of the plan
/// could fire at it in a string made only of S: a single, multiple or alternate substitution
/// covers it; the rules of a context, chain-context or reverse-chain lookup can be realised
/// in S (the glyphs of one input position its nested lookups apply at leave, which keeps the
/// rule from firing); a positioning lookup other than a pair adjustment covers it; a pair
/// adjustment has a value for the second glyph, or its flags skip base glyphs. The active
/// lookups are the plan's, less those only the fraction features use: HarfBuzz enables them
/// around U+2044 only (unless the user turns them on). A glyph that only starts ligatures
/// stays. A ligature's glyph stays while a ligature of S makes it and it neither starts nor
/// continues another; the walk forms ligatures as HarfBuzz does (the first of a start's
/// ligatures whose components follow), when no glyph is in ligatures of two lookups, so that
/// their order cannot matter. What is left can only be moved by pair adjustments on the first
/// glyph and the legacy `kern` table's pairs, so text of S shapes to Σ adv(g) + Σ K(a, b),
/// where adv(g) is `hb_shape` of g's characters alone and K(a, b) what `hb_shape` of a's and
/// b's characters adds (kept per glyph: GPOS puts it on the first glyph, `kern` splits it).
///
/// `@unchecked Sendable`: immutable but for the locked pair cache; an immutable hb-ot font
/// shapes from any number of threads.
final class SimpleTextPlan: @unchecked Sendable {
    /// A plan, or nil when the face's tables could not be read (then HarfBuzz shapes).
    final class Slot: Sendable {
        let plan: SimpleTextPlan?
        init(plan: SimpleTextPlan?) { self.plan = plan }
    }

    private static let excluded = Int32.min
    /// By scalar below `SimpleTextShaping.scalarLimit`: its advance when its glyph is in S, else `excluded`.
    private let advances: [Int32]
    /// By glyph: 1 when it starts a ligature, 2 when a pair adjustment may follow it.
    private let glyphFlags: [UInt8]
    /// By pair of ASCII scalars (a << 7 | b), three entries: what shaping "ab" adds to a's and
    /// to b's advance, or `excluded` first when "ab" is not these two glyphs; and b's x offset,
    /// or `excluded` when the pair moves a glyph otherwise (then only its width is known here).
    private let asciiPairs: [Int32]
    /// Pairs beyond ASCII, shaped on first need: (a << 32 | b) to the three entries, where a
    /// ligature stands as `ligatureKey` | its glyph.
    private let pairs = Lock<[UInt64: PairDelta]>([:])
    private static let ligatureKey: UInt32 = 1 << 31

    /// A ligature that may form in simple text: its start is followed by `components`.
    struct Ligature {
        let components: [UInt16]
        /// The glyph it makes, when formed here; nil: a text forming it goes to HarfBuzz.
        let glyph: UInt16?
        /// The glyph's advance.
        let advance: Int32
    }
    /// By start glyph, in the order HarfBuzz tries them.
    private let ligatures: [[Ligature]]

    /// What shaping "ab" changes in the glyphs of a and b, beyond their own advances.
    struct PairDelta: Sendable {
        var first: Int32, second: Int32
        /// b's x offset (the legacy `kern` table moves b by its half); `excluded` when the pair
        /// also offsets a, or either glyph vertically.
        var secondOffset: Int32
        static let none = PairDelta(first: 0, second: 0, secondOffset: 0)
    }
    private let font: OpaquePointer
    private let features: [hb_feature_t]
    private let script: hb_script_t

    /// Nil when the layout tables cannot be read.
    init?(_ shaping: SimpleTextShaping, script: hb_script_t) {
        let face = hb_font_get_face(shaping.font)!
        self.features = shaping.features
        self.script = script
        let eligible: (UInt32) -> Bool = script == HB_SCRIPT_LATIN
            ? { $0 & SimpleTextShaping.candidateBit != 0 }
            : { $0 & SimpleTextShaping.candidateBit != 0 && $0 & SimpleTextShaping.latinBit == 0 }
        let characters = shaping.characters

        var lookupFeatures = shaping.features
        for tag in ["frac", "numr", "dnom"].map(Self.tag) where !shaping.featureTags.contains(tag) {
            lookupFeatures.append(hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max))
        }
        var props = Self.properties(script)
        let shapePlan = hb_shape_plan_create_cached(face, &props, lookupFeatures, UInt32(lookupFeatures.count), nil)
        defer { hb_shape_plan_destroy(shapePlan) }

        // The plan's lookups in GSUB and GPOS, read over a set of glyphs simple text may hold.
        var tables: [(bytes: UnsafeRawBufferPointer, isPositioning: Bool, lookups: [Int])] = []
        var blobs: [OpaquePointer?] = []
        defer { blobs.forEach { hb_blob_destroy($0) } }
        for (tag, isPositioning) in [(Self.tag("GSUB"), false), (Self.tag("GPOS"), true)] {
            let set = hb_set_create()
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(shapePlan, tag, set)
            var lookups: [Int] = []
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(set, &lookup) != 0 { lookups.append(Int(lookup)) }
            if lookups.isEmpty { continue }
            let blob = hb_face_reference_table(face, tag)
            blobs.append(blob)
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
            tables.append((UnsafeRawBufferPointer(start: data, count: Int(length)), isPositioning, lookups))
        }
        func read(_ candidates: LayoutTables.Candidates) -> LayoutTables.Summary? {
            var total = LayoutTables.Summary()
            for table in tables {
                guard let summary = try? LayoutTables.summary(of: table.bytes, isPositioning: table.isPositioning,
                                                              lookups: table.lookups, candidates: candidates) else { return nil }
                total.effects += summary.effects
                total.pairFirst += summary.pairFirst
                total.ignoresLigatures = total.ignoresLigatures || summary.ignoresLigatures
            }
            return total
        }
        // Read again with the glyphs the candidates' ligatures make, so that what may touch those
        // glyphs is known too.
        let characterGlyphs = Set(characters.lazy.filter(eligible).map { UInt16(truncatingIfNeeded: $0) })
        guard var summary = read(LayoutTables.Candidates(characterGlyphs, glyphCount: shaping.glyphCount)) else { return nil }
        let made = Set(summary.effects.lazy.compactMap(\.ligatureGlyph)).subtracting(characterGlyphs)
            .filter { Int($0) < shaping.glyphCount }
        let candidates = LayoutTables.Candidates(characterGlyphs.union(made), glyphCount: shaping.glyphCount)
        if !made.isEmpty {
            guard let again = read(candidates) else { return nil }
            summary = again
        }
        // A ligature glyph takes its GDEF class (a ligature when the face has no classes): a mark
        // or component is never simple, nor a ligature when some lookup skips ligatures.
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
        // Referenced only past the last `return nil`: a failed init runs no `deinit` to let it go.
        self.font = hb_font_reference(shaping.font)

        let simple = Self.simpleSet(initial, effects: summary.effects, ligatureGlyphs: ligatureGlyphs)
        var flags = [UInt8](repeating: 0, count: simple.count)
        // The ligatures that can form in simple text, by start in HarfBuzz's order. They are
        // formed here only when no glyph is in ligatures of two lookups (then the lookups'
        // matches never overlap, and their order does not matter) and their glyph is simple;
        // a text forming any other goes to HarfBuzz.
        var live: [(start: UInt16, components: [UInt16], glyph: UInt16, lookup: Int)] = []
        for case .ligature(let start, let components, let glyph, let lookup) in summary.effects
        where simple[Int(start)] && components.allSatisfy({ simple[Int($0)] }) {
            live.append((start, components, glyph, lookup))
            flags[Int(start)] |= 1
        }
        var lookupOfGlyph: [UInt16: Int] = [:]
        let formsLigatures = live.allSatisfy { ligature in
            ([ligature.start] + ligature.components).allSatisfy { lookupOfGlyph.updateValue(ligature.lookup, forKey: $0) ?? ligature.lookup == ligature.lookup }
        }
        var ligatures = [[Ligature]](repeating: [], count: simple.count)
        for ligature in live {
            let formed = formsLigatures && Int(ligature.glyph) < simple.count && simple[Int(ligature.glyph)]
            ligatures[Int(ligature.start)].append(Ligature(
                components: ligature.components, glyph: formed ? ligature.glyph : nil,
                advance: formed ? hb_font_get_glyph_h_advance(font, hb_codepoint_t(ligature.glyph)) : 0))
        }
        self.ligatures = ligatures
        if let kernLeft = shaping.kernLeftGlyphs {
            for glyph in summary.pairFirst + kernLeft where Int(glyph) < flags.count { flags[Int(glyph)] |= 2 }
        } else {
            for glyph in flags.indices { flags[glyph] |= 2 }
        }
        self.glyphFlags = flags

        // adv(c), what `hb_shape` gives c alone: its nominal glyph (HarfBuzz keeps the cmap's glyph
        // of a character that is not a mark) at its advance, no lookup firing at a glyph of S.
        var advances = [Int32](repeating: Self.excluded, count: characters.count)
        for scalar in characters.indices where eligible(characters[scalar]) && simple[Int(characters[scalar] & 0xFFFF)] {
            advances[scalar] = hb_font_get_glyph_h_advance(font, characters[scalar] & 0xFFFF)
        }
        self.advances = advances

        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var asciiPairs = [Int32](repeating: 0, count: 128 * 128 * 3)
        for first in 0..<128 where advances[first] != Self.excluded {
            let firstGlyph = characters[first] & 0xFFFF
            for second in 0..<128 where advances[second] != Self.excluded {
                let secondGlyph = characters[second] & 0xFFFF
                let index = (first << 7 | second) * 3
                if flags[Int(firstGlyph)] & 2 != 0 {
                    let deltas = Self.pairDeltas([UInt32(first), UInt32(second)], glyphs: (firstGlyph, secondGlyph),
                                                 advances: (advances[first], advances[second]),
                                                 font: font, features: features, script: script, buffer: buffer)
                    (asciiPairs[index], asciiPairs[index + 1], asciiPairs[index + 2]) = (deltas.first, deltas.second, deltas.secondOffset)
                }
            }
        }
        self.asciiPairs = asciiPairs
    }

    deinit { hb_font_destroy(font) }

    /// S: `candidates` less every glyph an effect may change in a string of S, until nothing
    /// changes. A glyph of `ligatureGlyphs` (made only by ligatures) leaves S as well when no
    /// ligature of S makes it, or when it would start or continue another ligature.
    private static func simpleSet(_ candidates: [Bool], effects: [LayoutTables.Effect], ligatureGlyphs: Set<UInt16>) -> [Bool] {
        var simple = candidates
        var changed = true
        while changed {
            changed = false
            func remove(_ glyphs: some Sequence<UInt16>) {
                for glyph in glyphs where simple[Int(glyph)] {
                    simple[Int(glyph)] = false
                    changed = true
                }
            }
            var made: Set<UInt16> = []
            for effect in effects {
                switch effect {
                case .touches(let glyphs): remove(glyphs)
                case .ligature(let start, let components, let glyph, _):
                    remove(([start] + components).filter(ligatureGlyphs.contains))
                    if simple[Int(start)], components.allSatisfy({ simple[Int($0)] }) { made.insert(glyph) }
                case .context(let backtrack, let input, let lookahead, let targets):
                    // A rule fires only where every position holds a glyph of its set: emptying one
                    // position of S is enough to keep it from firing in simple text. The position
                    // taken is one its lookups change, the one with the fewest glyphs of S.
                    let realisable = (backtrack + input + lookahead).allSatisfy { $0.contains { simple[Int($0)] } }
                    if realisable, let target = targets.min(by: { a, b in
                        input[a].count { simple[Int($0)] } < input[b].count { simple[Int($0)] }
                    }) {
                        remove(input[target])
                    }
                }
            }
            remove(ligatureGlyphs.subtracting(made))
        }
        return simple
    }

    /// The width in font units of `range` of `utf8`, all candidates of this plan (see
    /// `SimpleTextShaping.measure`), and the part from clusters at or after `hangingStart`;
    /// nil when a character is not in S or a ligature forms that only HarfBuzz can measure.
    func measure(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, characters: [UInt32],
                 hangingStart: Int) -> (units: Int, hanging: Int)? {
        var units = 0, hanging = 0
        var previousOffset = 0
        let walked = walk(utf8, range, characters: characters) { index, _, advance, pair in
            units += Int(advance) + Int(pair.first) + Int(pair.second)
            if index > range.lowerBound, previousOffset >= hangingStart { hanging += Int(pair.first) }
            if index >= hangingStart { hanging += Int(advance) + Int(pair.second) }
            previousOffset = index
            return true
        }
        return walked ? (units, hanging) : nil
    }

    /// The content width in font units of each piece of `range` of `utf8`, as `measure` gives
    /// it for the piece alone with its whitespace from `contentEnd` on hanging: from one walk
    /// over the whole range, the pair adjustments between two pieces left out (a pair of S
    /// adjusts only the two glyphs it makes, so each piece alone walks to the same glyphs and
    /// pairs as its part of the whole). `pieces` are consecutive, non-empty and cover the
    /// range. Nil where `measure` of the whole range is, or when a ligature straddles two pieces.
    /// O(length).
    func contentUnits(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, characters: [UInt32],
                      pieces: [(start: Int, contentEnd: Int)]) -> [Int]? {
        var units = [Int](repeating: 0, count: pieces.count)
        var piece = 0, previousOffset = 0
        let walked = walk(utf8, range, characters: characters) { index, _, advance, pair in
            var joined = index > range.lowerBound  // the pair with the glyph before lies inside one piece
            if piece + 1 < pieces.count, index >= pieces[piece + 1].start {
                guard index == pieces[piece + 1].start else { return false }  // a ligature across a break
                piece += 1
                joined = false
            }
            let contentEnd = pieces[piece].contentEnd
            if joined, previousOffset < contentEnd { units[piece] += Int(pair.first) }
            if index < contentEnd { units[piece] += Int(advance) + (joined ? Int(pair.second) : 0) }
            previousOffset = index
            return true
        }
        return walked ? units : nil
    }

    /// The glyphs of `range` of `utf8` placed as `hb_shape` places them, `scale` points a font
    /// unit, clusters counted from the range's start, and the run's width in font units; nil
    /// where `measure` is, or where a pair moves a glyph in a way only HarfBuzz's positions carry.
    func glyphs(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, characters: [UInt32],
                scale: Double) -> (glyphs: [PositionedGlyph], units: Int)? {
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(range.count)
        var pen = 0, last = 0  // `last`: the previous glyph's advance, less the pair the next one ends
        let walked = walk(utf8, range, characters: characters) { index, glyph, advance, pair in
            guard pair.secondOffset != Self.excluded else { return false }
            if !glyphs.isEmpty {
                last += Int(pair.first)
                glyphs[glyphs.count - 1].advance = Double(last) * scale
                pen += last
            }
            last = Int(advance) + Int(pair.second)
            glyphs.append(PositionedGlyph(id: glyph, cluster: index - range.lowerBound,
                                          x: Double(pen + Int(pair.secondOffset)) * scale, y: 0, advance: Double(last) * scale))
            return true
        }
        return walked ? (glyphs, pen + last) : nil
    }

    /// Calls `body` for each glyph of `range` (a character, or a ligature formed as HarfBuzz
    /// forms it) with its offset, glyph, advance and what the pair it ends changes (none for the
    /// first); false when a character is not in S, a ligature forms whose glyph is not in S, a
    /// pair cannot be shaped as two glyphs, or `body` returns false.
    @inline(__always)
    private func walk(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, characters: [UInt32],
                      _ body: (Int, UInt32, Int32, PairDelta) -> Bool) -> Bool {
        // The previous glyph: its scalar (or `ligatureKey` | glyph), glyph, advance and bytes.
        var previous = UInt32.max, previousGlyph = 0, previousAdvance: Int32 = 0, previousBytes = 0..<0
        var index = range.lowerBound
        while index < range.upperBound {
            var (key, length) = SimpleTextShaping.decode(utf8, at: index)
            var advance = advances[Int(key)]
            guard advance != Self.excluded else { return false }
            var glyph = Int(characters[Int(key)] & 0xFFFF)
            if glyphFlags[glyph] & 1 != 0,
               let (ligature, componentBytes) = ligature(startingWith: glyph, at: index + length, utf8, end: range.upperBound,
                                                         characters: characters) {
                guard let ligatureGlyph = ligature.glyph else { return false }
                (key, glyph, advance) = (Self.ligatureKey | UInt32(ligatureGlyph), Int(ligatureGlyph), ligature.advance)
                length += componentBytes
            }
            var pair = PairDelta.none
            if previous < 128, key < 128 {
                let entry = Int(previous << 7 | key) * 3
                guard asciiPairs[entry] != Self.excluded else { return false }
                pair = PairDelta(first: asciiPairs[entry], second: asciiPairs[entry + 1], secondOffset: asciiPairs[entry + 2])
            } else if previous != UInt32.max, glyphFlags[previousGlyph] & 2 != 0 {
                guard let deltas = pairDeltas(previous, key, glyphs: (UInt32(previousGlyph), UInt32(glyph)),
                                              advances: (previousAdvance, advance),
                                              text: (utf8, previousBytes, index..<(index + length))) else { return false }
                pair = deltas
            }
            guard body(index, UInt32(glyph), advance, pair) else { return false }
            (previous, previousGlyph, previousAdvance, previousBytes) = (key, glyph, advance, index..<(index + length))
            index += length
        }
        return true
    }

    /// The first ligature of `start` (in HarfBuzz's order) whose components are the glyphs of the
    /// characters from `index`, and the bytes they take; nil when none is.
    @inline(__always)
    private func ligature(startingWith start: Int, at index: Int, _ utf8: UnsafeBufferPointer<UInt8>, end: Int,
                          characters: [UInt32]) -> (Ligature, Int)? {
        candidates: for ligature in ligatures[start] {
            var cursor = index
            for component in ligature.components {
                guard cursor < end else { continue candidates }
                let (scalar, length) = SimpleTextShaping.decode(utf8, at: cursor)
                // A character not in this plan matches nothing here, and the walk stops at it.
                guard characters[Int(scalar)] & 0xFFFF == component, advances[Int(scalar)] != Self.excluded else {
                    continue candidates
                }
                cursor += length
            }
            return (ligature, cursor - index)
        }
        return nil
    }

    /// What shaping the glyphs `a` and `b` (keys as in `pairs`, their characters at the two
    /// ranges of the text) adds to their advances (and b's offset), shaped on first need and
    /// kept; nil when they do not shape to the two glyphs (the text then goes to HarfBuzz).
    private func pairDeltas(_ a: UInt32, _ b: UInt32, glyphs: (UInt32, UInt32), advances: (Int32, Int32),
                            text: (utf8: UnsafeBufferPointer<UInt8>, first: Range<Int>, second: Range<Int>)) -> PairDelta? {
        let key = UInt64(a) << 32 | UInt64(b)
        if let deltas = pairs.withLock({ $0[key] }) { return deltas.first == Self.excluded ? nil : deltas }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var scalars: [UInt32] = []
        var index = text.first.lowerBound
        while index < text.second.upperBound {
            let (scalar, length) = SimpleTextShaping.decode(text.utf8, at: index)
            scalars.append(scalar)
            index += length
        }
        let deltas = Self.pairDeltas(scalars, glyphs: glyphs, advances: advances, font: font, features: features,
                                     script: script, buffer: buffer)
        pairs.withLock { $0[key] = deltas }
        return deltas.first == Self.excluded ? nil : deltas
    }

    /// What shaping `scalars` adds to the advances of the two glyphs it must make (and to the
    /// second's offset); `excluded` first when it makes other glyphs.
    private static func pairDeltas(_ scalars: [UInt32], glyphs: (UInt32, UInt32), advances: (Int32, Int32),
                                   font: OpaquePointer, features: [hb_feature_t], script: hb_script_t,
                                   buffer: OpaquePointer) -> PairDelta {
        guard let shaped = shape(scalars, font: font, features: features, script: script, buffer: buffer),
              shaped.count == 2, shaped[0].glyph == glyphs.0, shaped[1].glyph == glyphs.1 else {
            return PairDelta(first: excluded, second: 0, secondOffset: 0)
        }
        let moved = shaped[0].offset != (0, 0) || shaped[1].offset.y != 0
        return PairDelta(first: shaped[0].advance - advances.0, second: shaped[1].advance - advances.1,
                         secondOffset: moved ? excluded : shaped[1].offset.x)
    }

    /// `scalars` shaped as `Shaper.shape` shapes a whole text left to right in `script`.
    private static func shape(_ scalars: [UInt32], font: OpaquePointer, features: [hb_feature_t], script: hb_script_t,
                              buffer: OpaquePointer) -> [(glyph: UInt32, advance: Int32, offset: (x: Int32, y: Int32))]? {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        var props = properties(script)
        hb_buffer_set_segment_properties(buffer, &props)
        hb_shape(font, buffer, features, UInt32(features.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return nil }
        return (0..<Int(count)).map {
            (infos[$0].codepoint, positions[$0].x_advance, (positions[$0].x_offset, positions[$0].y_offset))
        }
    }

    /// The segment properties `Shaper.shape` gives a left-to-right buffer in `script` (invalid:
    /// the script HarfBuzz guesses for text of common characters only).
    private static func properties(_ script: hb_script_t) -> hb_segment_properties_t {
        var props = hb_segment_properties_t()
        props.direction = HB_DIRECTION_LTR
        props.script = script
        props.language = hb_language_from_string("und", -1)
        return props
    }

    private static func tag(_ name: String) -> hb_tag_t { hb_tag_from_string(name, -1) }
}
