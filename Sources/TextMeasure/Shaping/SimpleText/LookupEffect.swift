/// What one lookup (or one rule of it) of a shape plan may do to a string of candidate glyphs:
/// the typed form the table reader turns GSUB and GPOS lookups into.
enum LookupEffect: Equatable {
    /// It may change these glyphs wherever they are.
    case touches([UInt16])
    /// A ligature of lookup `lookup` (an index into the lookup list) that replaces `start`
    /// followed by `components` with `glyph`; ligatures of one start are listed in the order
    /// HarfBuzz tries them (subtable by subtable, each set's ligatures in order).
    case ligature(start: UInt16, components: [UInt16], glyph: UInt16, lookup: Int)
    /// A rule that fires where each position holds a glyph of its set; its nested lookups apply
    /// at the input positions `targets` (none: it changes nothing).
    case context(backtrack: [[UInt16]], input: [[UInt16]], lookahead: [[UInt16]], targets: [Int])

    /// The glyph a ligature makes; nil for other effects.
    var ligatureGlyph: UInt16? {
        if case .ligature(_, _, let glyph, _) = self { glyph } else { nil }
    }

    /// Every glyph the effect could match.
    var glyphs: [UInt16] {
        switch self {
        case .touches(let glyphs): glyphs
        case .ligature(let start, let components, _, _): [start] + components
        case .context(let backtrack, let input, let lookahead, _): (backtrack + input + lookahead).flatMap { $0 }
        }
    }
}

/// The effects of a table's lookups, and the first glyphs of their pair adjustments that may
/// adjust a candidate pair.
struct LookupSummary: Equatable {
    var effects: [LookupEffect] = []
    var pairFirstGlyphs: [UInt16] = []
    /// Whether a lookup that may fire in simple text skips ligature glyphs (then glyphs around
    /// a ligature may meet).
    var ignoresLigatures = false

    /// Both summaries' effects (this one's first) and pair glyphs.
    mutating func add(_ other: LookupSummary) {
        effects += other.effects
        pairFirstGlyphs += other.pairFirstGlyphs
        ignoresLigatures = ignoresLigatures || other.ignoresLigatures
    }
}
