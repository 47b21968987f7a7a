import Testing
@testable import TextMeasure

/// The simple glyph set S alone: the fixed point over lookup effects, on synthetic effects whose
/// set was worked out by hand from the rules (see `SimpleGlyphSet`), with no font involved.
@Suite struct SimpleGlyphSetTests {
    /// The members of the set found for candidates `glyphs` (ids below `count`).
    static func simpleSet(_ glyphs: Set<UInt16>, count: Int, effects: [LookupEffect], ligatureGlyphs: Set<UInt16> = []) -> [UInt16] {
        let candidates = (0..<count).map { glyphs.contains(UInt16($0)) }
        let set = SimpleGlyphSet(candidates: candidates, effects: effects, ligatureGlyphs: ligatureGlyphs)
        return (0..<UInt16(count)).filter(set.contains)
    }

    /// Candidates 1–8, 8 made only by the ligature 4 + 5. By hand:
    /// round 1: the first rule can fire (1, 2, then 3 after) and acts at its second position: 2
    /// leaves (1 stays). 3 is touched: it leaves. 4 and 5 are in S: the ligature makes 8. The
    /// second rule can fire (6 before; 4 or 7; then 5); of its two target positions the second
    /// holds fewer glyphs of S (one against two): 5 leaves. Round 2: neither rule can fire, and
    /// no ligature of S makes 8 (5 is gone): 8 leaves. Round 3 changes nothing. S = {1, 4, 6, 7}.
    @Test func workedByHandOverThreeRounds() {
        let effects: [LookupEffect] = [
            .context(backtrack: [], input: [[1], [2]], lookahead: [[3]], targets: [1]),
            .touches([3]),
            .ligature(start: 4, components: [5], glyph: 8, lookup: 0),
            .context(backtrack: [[6]], input: [[4, 7], [5]], lookahead: [], targets: [0, 1]),
        ]
        #expect(Self.simpleSet(Set(1...8), count: 9, effects: effects, ligatureGlyphs: [8]) == [1, 4, 6, 7])
    }

    /// A rule whose target positions hold as many glyphs of S each: the first target's leave.
    @Test func aTieTakesTheFirstTarget() {
        let effects: [LookupEffect] = [.context(backtrack: [], input: [[1], [2]], lookahead: [], targets: [0, 1])]
        #expect(Self.simpleSet([1, 2], count: 3, effects: effects) == [2])
    }

    /// A rule needing a glyph that is no candidate never fires: nothing leaves.
    @Test func aRuleOutsideTheCandidatesChangesNothing() {
        let effects: [LookupEffect] = [.context(backtrack: [[5]], input: [[1], [2]], lookahead: [], targets: [0, 1])]
        #expect(Self.simpleSet([1, 2], count: 6, effects: effects) == [1, 2])
    }

    /// The ligature 1 + 2 makes 3, which itself starts the ligature 3 + 2: a ligature glyph that
    /// starts another leaves, and its start and component, which only start or continue
    /// ligatures, stay. S = {1, 2}.
    @Test func aLigatureGlyphThatStartsAnotherLeaves() {
        let effects: [LookupEffect] = [
            .ligature(start: 1, components: [2], glyph: 3, lookup: 0),
            .ligature(start: 3, components: [2], glyph: 4, lookup: 0),
        ]
        #expect(Self.simpleSet([1, 2, 3], count: 5, effects: effects, ligatureGlyphs: [3]) == [1, 2])
    }
}
