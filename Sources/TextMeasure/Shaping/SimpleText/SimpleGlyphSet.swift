/// The simple glyph set S of one shape plan: the glyphs that no lookup of the plan can change in
/// a string made only of S, found as a fixed point over the plan's lookup effects. Pure: it
/// reads no font, so it can be worked out by hand.
///
/// S starts as the candidates, and a glyph leaves it, until nothing changes, when an effect
/// could change it in a string of S: a `LookupEffect.touches` covers it; a context rule can be
/// realised in S (every position holds a glyph of S): then the glyphs of S at one input
/// position its nested lookups apply at leave, which keeps the rule from firing (the position
/// with the fewest glyphs of S, the first such of its targets). A glyph that only starts
/// ligatures stays. A glyph of `ligatureGlyphs` (made only by ligatures) stays while a
/// ligature of S (start and components in S) makes it and it neither starts nor continues a
/// ligature itself.
struct SimpleGlyphSet {
    /// By glyph id: whether the glyph is in S.
    private(set) var members: [Bool]

    /// S for `candidates` (by glyph id), `effects` and `ligatureGlyphs`. O(rounds × size of the
    /// effects); each round but the last removes a glyph.
    init(candidates: [Bool], effects: [LookupEffect], ligatureGlyphs: Set<UInt16>) {
        members = candidates
        while removeRound(effects: effects, ligatureGlyphs: ligatureGlyphs) {}
    }

    /// Whether `glyph` is in S.
    @inline(__always)
    func contains(_ glyph: UInt16) -> Bool { Int(glyph) < members.count && members[Int(glyph)] }

    /// The number of glyph ids the set spans (members or not).
    var count: Int { members.count }

    /// Removes what each effect may change in a string of S, in order; false when nothing left.
    private mutating func removeRound(effects: [LookupEffect], ligatureGlyphs: Set<UInt16>) -> Bool {
        var changed = false
        func remove(_ glyphs: some Sequence<UInt16>) {
            for glyph in glyphs where contains(glyph) {
                members[Int(glyph)] = false
                changed = true
            }
        }
        var made: Set<UInt16> = []
        for effect in effects {
            switch effect {
            case .touches(let glyphs): remove(glyphs)
            case .ligature(let start, let components, let glyph, _):
                remove(([start] + components).filter(ligatureGlyphs.contains))
                if contains(start), components.allSatisfy(contains) { made.insert(glyph) }
            case .context(let backtrack, let input, let lookahead, let targets):
                // A rule fires only where every position holds a glyph of its set: emptying one
                // position of S is enough to keep it from firing in simple text. The position
                // taken is one its lookups change, the one with the fewest glyphs of S.
                let realisable = (backtrack + input + lookahead).allSatisfy { $0.contains(where: contains) }
                if realisable, let target = targets.min(by: { a, b in input[a].count(where: contains) < input[b].count(where: contains) }) {
                    remove(input[target])
                }
            }
        }
        remove(ligatureGlyphs.subtracting(made))
        return changed
    }
}
