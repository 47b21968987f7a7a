internal import CHarfBuzz

/// A character whose glyph is in a plan's simple set: the glyph and its advance alone.
struct SimpleCharacter {
    let glyph: UInt16
    let advance: Int32
}

extension SimpleTextAnalysis {
    /// The analysis of one shape plan (buffers in Latin, Greek or Cyrillic, in Common, or with HarfBuzz's
    /// guess over common characters), and the sums that measure text made of its simple glyph set S.
    ///
    /// Built in stages: `PlanLookups` reads the plan's lookups from the face's tables;
    /// `SimpleGlyphSet` finds S, the glyphs no lookup can change in a string of S (candidates:
    /// the glyphs of the plan's characters, and those their ligatures make); `SimpleLigatures`
    /// holds the ligatures that form in S, as HarfBuzz forms them; `PairAdjustments` what two
    /// glyphs of S side by side add. What is left can only be moved by pair adjustments on the
    /// first glyph and the legacy `kern` table's pairs, so text of S shapes to Σ adv(g) + Σ K(a, b),
    /// where adv(g) is `hb_shape` of g's characters alone and K(a, b) what `hb_shape` of a's and
    /// b's characters adds.
    final class ScriptPlan: Sendable {
        /// What building a plan gave: the plan, or nil when the face's tables could not be read
        /// (then HarfBuzz shapes). A class, so a failed build is kept too.
        final class Outcome: Sendable {
            let plan: ScriptPlan?
            init(plan: ScriptPlan?) { self.plan = plan }
        }

        /// What a glyph of S may start, beyond itself.
        struct GlyphRoles: OptionSet {
            let rawValue: UInt8
            static let ligature = GlyphRoles(rawValue: 1 << 0)
            /// A pair the GPOS or `kern` table may adjust.
            static let adjustedPair = GlyphRoles(rawValue: 1 << 1)
        }

        /// By scalar below `scalarLimit`: the character when its glyph is in S, else nil.
        private let characters: [SimpleCharacter?]
        /// By glyph id.
        private let roles: [GlyphRoles]
        private let ligatures: SimpleLigatures
        private let pairs: PairAdjustments

        /// Nil when the layout tables cannot be read.
        init?(_ analysis: SimpleTextAnalysis, script: hb_script_t) {
            // Every candidate in the plan of a script (a buffer in Greek may hold Latin letters);
            // Common's characters only in the others.
            let takesAll = SimpleTextAnalysis.alphabets.contains(script)
            let candidates = analysis.characters.map { $0.flatMap { takesAll || $0.isCommon ? $0.glyph : nil } }
            guard let lookups = PlanLookups(face: hb_font_get_face(analysis.font)!, features: analysis.features,
                                            userFeatureTags: analysis.featureTags, script: script,
                                            characterGlyphs: Set(candidates.lazy.compactMap { $0 }),
                                            glyphCount: analysis.glyphCount) else { return nil }
            let simple = SimpleGlyphSet(candidates: lookups.candidates, effects: lookups.summary.effects,
                                        ligatureGlyphs: lookups.ligatureGlyphs)
            let ligatures = SimpleLigatures(effects: lookups.summary.effects, simple: simple, font: analysis.font)

            var roles = (0..<simple.count).map { ligatures.starts(UInt16($0)) ? GlyphRoles.ligature : [] }
            switch analysis.kern {
            case .leftGlyphs(let left):
                for glyph in lookups.summary.pairFirstGlyphs + left where Int(glyph) < roles.count {
                    roles[Int(glyph)].insert(.adjustedPair)
                }
            case .anyLeftGlyph, .unusable:
                for glyph in roles.indices { roles[glyph].insert(.adjustedPair) }
            }

            // adv(c), what `hb_shape` gives c alone: its nominal glyph (HarfBuzz keeps the cmap's
            // glyph of a character that is not a mark) at its advance, no lookup firing at a glyph of S.
            let characters = candidates.map { candidate in
                candidate.flatMap { glyph in
                    simple.contains(glyph)
                        ? SimpleCharacter(glyph: glyph, advance: hb_font_get_glyph_h_advance(analysis.font, hb_codepoint_t(glyph)))
                        : nil
                }
            }
            pairs = PairAdjustments(font: analysis.font, features: analysis.features, script: script, characters: characters,
                                    startsPair: { roles[Int($0)].contains(.adjustedPair) })
            (self.characters, self.roles, self.ligatures) = (characters, roles, ligatures)
        }

        /// The width in font units of `range` of `utf8`, all candidates of this plan (see
        /// `SimpleTextAnalysis.measure`), and the part from clusters at or after `hangingStart`;
        /// nil when a character is not in S or a ligature forms that only HarfBuzz can measure.
        func measure(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, hangingStart: Int) -> (units: Int, hanging: Int)? {
            var units = 0, hanging = 0
            var previousOffset = 0
            let walked = walk(utf8, range) { glyph, pair in
                let index = glyph.bytes.lowerBound
                units += Int(glyph.advance) + Int(pair.first) + Int(pair.second)
                if index > range.lowerBound, previousOffset >= hangingStart { hanging += Int(pair.first) }
                if index >= hangingStart { hanging += Int(glyph.advance) + Int(pair.second) }
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
        /// range. Nil where `measure` of the whole range is, or when a ligature straddles two
        /// pieces. O(length).
        func contentUnits(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                          pieces: [(start: Int, contentEnd: Int)]) -> [Int]? {
            var units = [Int](repeating: 0, count: pieces.count)
            var piece = 0, previousOffset = 0
            let walked = walk(utf8, range) { glyph, pair in
                let index = glyph.bytes.lowerBound
                var joined = index > range.lowerBound  // the pair with the glyph before lies inside one piece
                if piece + 1 < pieces.count, index >= pieces[piece + 1].start {
                    guard index == pieces[piece + 1].start else { return false }  // a ligature across a break
                    piece += 1
                    joined = false
                }
                let contentEnd = pieces[piece].contentEnd
                if joined, previousOffset < contentEnd { units[piece] += Int(pair.first) }
                if index < contentEnd { units[piece] += Int(glyph.advance) + (joined ? Int(pair.second) : 0) }
                previousOffset = index
                return true
            }
            return walked ? units : nil
        }

        /// The glyphs of `range` of `utf8` placed as `hb_shape` places them, `scale` points a font
        /// unit, clusters counted from the range's start, and the run's width in font units; nil
        /// where `measure` is, or where a pair moves a glyph in a way only HarfBuzz's positions carry.
        func glyphs(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, scale: Double) -> (glyphs: [PositionedGlyph], units: Int)? {
            var glyphs: [PositionedGlyph] = []
            glyphs.reserveCapacity(range.count)
            var pen = 0, last = 0  // `last`: the previous glyph's advance, less the pair the next one ends
            let walked = walk(utf8, range) { glyph, pair in
                guard let offset = pair.secondOffset else { return false }
                if !glyphs.isEmpty {
                    last += Int(pair.first)
                    glyphs[glyphs.count - 1].advance = Double(last) * scale
                    pen += last
                }
                last = Int(glyph.advance) + Int(pair.second)
                glyphs.append(PositionedGlyph(id: UInt32(glyph.glyph), cluster: glyph.bytes.lowerBound - range.lowerBound,
                                              x: Double(pen + Int(offset)) * scale, y: 0, advance: Double(last) * scale))
                return true
            }
            return walked ? (glyphs, pen + last) : nil
        }

        /// Calls `body` for each glyph of `range` (a character, or a ligature formed as HarfBuzz
        /// forms it) and what the pair it ends changes (`PairAdjustment.zero` for the first);
        /// false when a character is not in S, a ligature forms whose glyph is not in S, a pair
        /// cannot be shaped as two glyphs, or `body` returns false.
        @inline(__always)
        private func walk(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                          _ body: (SimpleGlyph, PairAdjustment) -> Bool) -> Bool {
            var previous: SimpleGlyph?
            var index = range.lowerBound
            while index < range.upperBound {
                let (scalar, length) = SimpleTextAnalysis.decode(utf8, at: index)
                guard let character = characters[Int(scalar)] else { return false }
                var glyph = SimpleGlyph(source: .character(scalar), glyph: character.glyph, advance: character.advance,
                                        bytes: index..<(index + length))
                if roles[Int(character.glyph)].contains(.ligature),
                   let (ligature, componentBytes) = ligatures.first(startingWith: character.glyph, at: glyph.bytes.upperBound, utf8,
                                                                    end: range.upperBound, characters: characters) {
                    guard let made = ligature.glyph else { return false }
                    glyph = SimpleGlyph(source: .ligature(made), glyph: made, advance: ligature.advance,
                                        bytes: index..<(glyph.bytes.upperBound + componentBytes))
                }
                var pair = PairAdjustment.zero
                if let previous {
                    if case .character(let a) = previous.source, a < 128, case .character(let b) = glyph.source, b < 128 {
                        guard let adjustment = pairs.ascii(a, b) else { return false }
                        pair = adjustment
                    } else if roles[Int(previous.glyph)].contains(.adjustedPair) {
                        guard let adjustment = pairs.shaped(previous, glyph, in: utf8) else { return false }
                        pair = adjustment
                    }
                }
                guard body(glyph, pair) else { return false }
                previous = glyph
                index = glyph.bytes.upperBound
            }
            return true
        }
    }
}
