/// The glyphs simple text can hold, over which the layout tables are read: a membership table
/// by glyph id and the sorted ids.
struct CandidateGlyphs {
    let member: [Bool]
    let sorted: [UInt16]

    init(_ glyphs: Set<UInt16>, glyphCount: Int) {
        var member = [Bool](repeating: false, count: max(glyphCount, Int(glyphs.max() ?? 0) + 1))
        for glyph in glyphs { member[Int(glyph)] = true }
        self.member = member
        self.sorted = glyphs.sorted()
    }

    func contains(_ glyph: Int) -> Bool { glyph < member.count && member[glyph] }

    /// The candidates in `range`, by binary search over the sorted ids. O(log n + found).
    func glyphs(in range: ClosedRange<Int>) -> ArraySlice<UInt16> {
        let low = sorted.partitioningIndex { Int($0) >= range.lowerBound }
        var end = low
        while end < sorted.count, Int(sorted[end]) <= range.upperBound { end += 1 }
        return sorted[low..<end]
    }
}
