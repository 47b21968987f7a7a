internal import CHarfBuzz

/// The simple set of one face, feature settings and shape plan (buffers in Latin, in Common, or
/// with HarfBuzz's guess over common characters), and the sums that measure text made of it.
///
/// The set S starts as the glyphs of the plan's candidate characters. A glyph leaves S, until
/// nothing changes, when an active lookup of the plan could fire at it in a string made only of
/// S: a single, multiple or alternate substitution covers it; the rules of a context,
/// chain-context or reverse-chain lookup can be realised in S (the glyphs of one input
/// position its nested lookups apply at leave, which keeps the rule from firing);
/// a positioning lookup other than a pair adjustment covers it; a pair adjustment has a value
/// for the second glyph, or its flags skip base glyphs. The active lookups are the plan's,
/// less those only the fraction features use: HarfBuzz enables them around U+2044 only (unless
/// the user turns them on). A glyph that only starts ligatures stays, and its pairs with each
/// ligature's first component are banned. What is left can only be moved by pair adjustments on
/// the first glyph and the legacy `kern` table's pairs, so a text of S without a banned pair
/// shapes to Σ adv(c) + Σ K(a, b), where adv(c) is `hb_shape` of c alone and K(a, b) what
/// `hb_shape` of "ab" adds (kept per glyph: GPOS puts it on the first glyph, `kern` splits it).
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
    /// By glyph: 1 when it starts a banned pair, 2 when a pair adjustment may follow it.
    private let glyphFlags: [UInt8]
    /// By pair of ASCII scalars (a << 7 | b), three entries: what shaping "ab" adds to a's and
    /// to b's advance, or `excluded` first when the pair is banned; and b's x offset, or
    /// `excluded` when the pair moves a glyph otherwise (then only its width is known here).
    private let asciiPairs: [Int32]
    private let bannedPairs: Set<UInt32>
    /// Pairs beyond ASCII, shaped on first need: (a << 32 | b) to the three entries.
    private let pairs = Lock<[UInt64: PairDelta]>([:])

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
        let candidates = LayoutTables.Candidates(
            Set(characters.lazy.filter(eligible).map { UInt16(truncatingIfNeeded: $0) }), glyphCount: shaping.glyphCount)

        var lookupFeatures = shaping.features
        for tag in ["frac", "numr", "dnom"].map(Self.tag) where !shaping.featureTags.contains(tag) {
            lookupFeatures.append(hb_feature_t(tag: tag, value: 0, start: 0, end: UInt32.max))
        }
        var props = Self.properties(script)
        let shapePlan = hb_shape_plan_create_cached(face, &props, lookupFeatures, UInt32(lookupFeatures.count), nil)
        defer { hb_shape_plan_destroy(shapePlan) }

        var effects: [LayoutTables.Effect] = []
        var pairFirst: [UInt16] = []
        for (tag, isPositioning) in [(Self.tag("GSUB"), false), (Self.tag("GPOS"), true)] {
            let set = hb_set_create()
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(shapePlan, tag, set)
            var lookups: [Int] = []
            var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(set, &lookup) != 0 { lookups.append(Int(lookup)) }
            let blob = hb_face_reference_table(face, tag)
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            let data = hb_blob_get_data(blob, &length)
            if lookups.isEmpty { continue }
            guard let data, length > 0 else { return nil }
            guard let summary = try? LayoutTables.summary(
                of: UnsafeRawBufferPointer(start: data, count: Int(length)), isPositioning: isPositioning,
                lookups: lookups, candidates: candidates) else { return nil }
            effects += summary.effects
            pairFirst += summary.pairFirst
        }
        // Referenced only past the last `return nil`: a failed init runs no `deinit` to let it go.
        self.font = hb_font_reference(shaping.font)

        let simple = Self.simpleSet(candidates.member, effects: effects)
        var flags = [UInt8](repeating: 0, count: simple.count)
        var banned: Set<UInt32> = []
        for case .ligature(let start, let components) in effects
        where simple[Int(start)] && components.allSatisfy({ simple[Int($0)] }) {
            banned.insert(UInt32(start) << 16 | UInt32(components[0]))
            flags[Int(start)] |= 1
        }
        if let kernLeft = shaping.kernLeftGlyphs {
            for glyph in pairFirst + kernLeft where Int(glyph) < flags.count { flags[Int(glyph)] |= 2 }
        } else {
            for glyph in flags.indices { flags[glyph] |= 2 }
        }
        self.glyphFlags = flags
        self.bannedPairs = banned

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
                if banned.contains(firstGlyph << 16 | secondGlyph) {
                    asciiPairs[index] = Self.excluded
                } else if flags[Int(firstGlyph)] & 2 != 0 {
                    let deltas = Self.pairDeltas(UInt32(first), UInt32(second), glyphs: (firstGlyph, secondGlyph),
                                                 advances: (advances[first], advances[second]),
                                                 font: font, features: features, script: script, buffer: buffer)
                    (asciiPairs[index], asciiPairs[index + 1], asciiPairs[index + 2]) = (deltas.first, deltas.second, deltas.secondOffset)
                }
            }
        }
        self.asciiPairs = asciiPairs
    }

    deinit { hb_font_destroy(font) }

    /// S: `candidates` less every glyph an effect may change in a string of S, until nothing changes.
    private static func simpleSet(_ candidates: [Bool], effects: [LayoutTables.Effect]) -> [Bool] {
        var simple = candidates
        var changed = true
        while changed {
            changed = false
            func remove(_ glyphs: [UInt16]) {
                for glyph in glyphs where simple[Int(glyph)] {
                    simple[Int(glyph)] = false
                    changed = true
                }
            }
            for effect in effects {
                switch effect {
                case .touches(let glyphs): remove(glyphs)
                case .ligature: break
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
        }
        return simple
    }

    /// The width in font units of `range` of `utf8`, all candidates of this plan (see
    /// `SimpleTextShaping.measure`), and the part from clusters at or after `hangingStart`;
    /// nil when a character is not in S or a pair is banned.
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

    /// Calls `body` for each character of `range` with its offset, glyph, advance and what the
    /// pair it ends changes (none for the first); false when a character is not in S, a pair is
    /// banned or cannot be shaped as two glyphs, or `body` returns false.
    @inline(__always)
    private func walk(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, characters: [UInt32],
                      _ body: (Int, UInt32, Int32, PairDelta) -> Bool) -> Bool {
        var previous = UInt32.max, previousGlyph = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = SimpleTextShaping.decode(utf8, at: index)
            let advance = advances[Int(scalar)]
            guard advance != Self.excluded else { return false }
            let glyph = Int(characters[Int(scalar)] & 0xFFFF)
            var pair = PairDelta.none
            if previous < 128, scalar < 128 {
                let entry = Int(previous << 7 | scalar) * 3
                guard asciiPairs[entry] != Self.excluded else { return false }
                pair = PairDelta(first: asciiPairs[entry], second: asciiPairs[entry + 1], secondOffset: asciiPairs[entry + 2])
            } else if previous != UInt32.max, glyphFlags[previousGlyph] != 0 {
                if glyphFlags[previousGlyph] & 1 != 0, bannedPairs.contains(UInt32(previousGlyph << 16 | glyph)) { return false }
                if glyphFlags[previousGlyph] & 2 != 0 {
                    guard let deltas = pairDeltas(previous, scalar, glyphs: (UInt32(previousGlyph), UInt32(glyph)),
                                                  advances: (advances[Int(previous)], advance)) else { return false }
                    pair = deltas
                }
            }
            guard body(index, UInt32(glyph), advance, pair) else { return false }
            (previous, previousGlyph) = (scalar, glyph)
            index += length
        }
        return true
    }

    /// What shaping "ab" adds to a's and b's advances (and b's offset), shaped on first need and
    /// kept; nil when "ab" does not shape to the two glyphs (the pair then goes to HarfBuzz).
    private func pairDeltas(_ a: UInt32, _ b: UInt32, glyphs: (UInt32, UInt32), advances: (Int32, Int32)) -> PairDelta? {
        let key = UInt64(a) << 32 | UInt64(b)
        if let deltas = pairs.withLock({ $0[key] }) { return deltas.first == Self.excluded ? nil : deltas }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        let deltas = Self.pairDeltas(a, b, glyphs: glyphs, advances: advances, font: font, features: features,
                                     script: script, buffer: buffer)
        pairs.withLock { $0[key] = deltas }
        return deltas.first == Self.excluded ? nil : deltas
    }

    private static func pairDeltas(_ a: UInt32, _ b: UInt32, glyphs: (UInt32, UInt32), advances: (Int32, Int32),
                                   font: OpaquePointer, features: [hb_feature_t], script: hb_script_t,
                                   buffer: OpaquePointer) -> PairDelta {
        guard let shaped = shape([a, b], font: font, features: features, script: script, buffer: buffer),
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
