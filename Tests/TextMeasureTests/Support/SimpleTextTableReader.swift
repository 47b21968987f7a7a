@testable import TextMeasure

/// The simple-text analysis's table reader, for tests that feed it broken tables.
enum SimpleTextTableReader {
    /// The lengths among `lengths` at which `table` (a GSUB, or GPOS when `isPositioning`) cut
    /// short reads without error but differently from the whole table: a reader that checks its
    /// bounds either fails on a cut table or never needed the bytes cut off. Every lookup is read,
    /// with glyphs 0..<`glyphs` as candidates. Nil when the whole table does not read.
    static func misreadTruncations(of table: [UInt8], isPositioning: Bool, glyphs: Int,
                                   lengths: some Sequence<Int>) -> [Int]? {
        let candidates = CandidateGlyphs(Set((0..<glyphs).map { UInt16($0) }), glyphCount: glyphs)
        let lookupList = table.count >= 10 ? Int(table[8]) << 8 | Int(table[9]) : 0
        let count = lookupList > 0 && lookupList + 2 <= table.count ? Int(table[lookupList]) << 8 | Int(table[lookupList + 1]) : 0
        func read(_ length: Int) -> LookupSummary? {
            table.withUnsafeBytes { bytes in
                try? LayoutTableReader.summary(of: UnsafeRawBufferPointer(rebasing: bytes[..<length]), isPositioning: isPositioning,
                                               lookups: Array(0..<count), candidates: candidates)
            }
        }
        guard let whole = read(table.count) else { return nil }
        return lengths.filter { read($0).map { $0 != whole } ?? false }
    }
}
