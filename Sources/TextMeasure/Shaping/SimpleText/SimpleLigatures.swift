internal import CHarfBuzz

/// The ligatures that can form in simple text, by start glyph in the order HarfBuzz tries them,
/// and how the walk forms them.
///
/// A ligature whose start and components are in S can form. It is formed here only when no
/// glyph is in ligatures of two lookups (then the lookups' matches never overlap, and their
/// order does not matter) and its glyph is in S; a text forming any other goes to HarfBuzz.
struct SimpleLigatures {
    /// A ligature that may form in simple text: its start is followed by `components`.
    struct Ligature {
        let components: [UInt16]
        /// The glyph it makes, when formed here; nil: a text forming it goes to HarfBuzz.
        let glyph: UInt16?
        /// The glyph's advance.
        let advance: Int32
    }

    /// By start glyph, in the order HarfBuzz tries them.
    private let byStart: [[Ligature]]

    /// The ligatures of `effects` that can form in text of `simple`, with advances from `font`.
    init(effects: [LookupEffect], simple: SimpleGlyphSet, font: OpaquePointer) {
        var live: [(start: UInt16, components: [UInt16], glyph: UInt16, lookup: Int)] = []
        for case .ligature(let start, let components, let glyph, let lookup) in effects
        where simple.contains(start) && components.allSatisfy(simple.contains) {
            live.append((start, components, glyph, lookup))
        }
        var lookupOfGlyph: [UInt16: Int] = [:]
        let formsLigatures = live.allSatisfy { ligature in
            ([ligature.start] + ligature.components).allSatisfy {
                lookupOfGlyph.updateValue(ligature.lookup, forKey: $0) ?? ligature.lookup == ligature.lookup
            }
        }
        var byStart = [[Ligature]](repeating: [], count: simple.count)
        for ligature in live {
            let formed = formsLigatures && simple.contains(ligature.glyph)
            byStart[Int(ligature.start)].append(Ligature(
                components: ligature.components, glyph: formed ? ligature.glyph : nil,
                advance: formed ? hb_font_get_glyph_h_advance(font, hb_codepoint_t(ligature.glyph)) : 0))
        }
        self.byStart = byStart
    }

    /// Whether some ligature starts with `glyph`.
    func starts(_ glyph: UInt16) -> Bool { !byStart[Int(glyph)].isEmpty }

    /// The first ligature of `start` (in HarfBuzz's order) whose components are the glyphs of the
    /// characters of `utf8` from `index` up to `end`, and the bytes they take; nil when none is.
    /// `characters` are the plan's: a character not in S matches nothing here, and the walk
    /// stops at it.
    @inline(__always)
    func first(startingWith start: UInt16, at index: Int, _ utf8: UnsafeBufferPointer<UInt8>, end: Int,
               characters: [SimpleCharacter?]) -> (Ligature, Int)? {
        candidates: for ligature in byStart[Int(start)] {
            var cursor = index
            for component in ligature.components {
                guard cursor < end else { continue candidates }
                let (scalar, length) = SimpleTextAnalysis.decode(utf8, at: cursor)
                guard characters[Int(scalar)]?.glyph == component else { continue candidates }
                cursor += length
            }
            return (ligature, cursor - index)
        }
        return nil
    }
}
