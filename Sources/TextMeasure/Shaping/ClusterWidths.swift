internal import CHarfBuzz
internal import ICULineBreaks

/// The widths of every stretch of whole grapheme clusters of one text, from one shaping, for
/// cutting a word wider than a line into lines without shaping each candidate line.
///
/// HarfBuzz marks a glyph `UNSAFE_TO_BREAK` when cutting the text at the start of its cluster
/// could shape either side differently. Where the glyphs starting at a boundary carry no such
/// mark, the text cut there shapes, side by side, to exactly the glyphs of the whole. So a
/// stretch between two such boundaries, shaped alone, is as wide as the sum of its glyphs'
/// advances in the whole shaping, to the font unit. That holds when the stretch alone gets
/// the same face and the same HarfBuzz script as the whole, which `units(from:to:)` checks.
final class ClusterWidths: Sendable {
    /// The UTF-8 offsets of the cluster boundaries, both ends included.
    let boundaries: [Int]
    /// `sums[i]`: the advance, in font units, of the clusters before boundary `i`.
    private let sums: [Int]
    /// Whether the text can be cut at boundary `i` without changing the glyphs of either side.
    private let safe: [Bool]
    /// How many clusters before boundary `i` hold a scalar of a script other than Common,
    /// Inherited or Unknown: a stretch without one would be shaped as Common, not as the whole.
    private let strong: [Int32]

    /// Texts shorter than this (in UTF-8 bytes) are measured by shaping alone when prepared: only
    /// a longer one is likely to be broken between graphemes, where these widths pay off.
    static let preparedLength = 256

    /// The widths of `utf8` cut at `boundaries` (its cluster boundaries, as offsets from
    /// `boundaries[0]`, where `utf8` starts, to its end), when face 0 of `set` shapes all of it
    /// as one left-to-right run whatever stretch of it is shaped alone: `direction` (its
    /// paragraph's, see `TextDirection.paragraph(of:)`) is `.auto` and no bidi level of it can
    /// rise above 0. Else nil. One shaping and two passes: O(length).
    init?(_ utf8: UnsafeBufferPointer<UInt8>, boundaries: [Int], in set: FontSet, direction: TextDirection) {
        let base = boundaries[0]
        let clusters = boundaries.count - 1
        guard clusters > 0, direction == .auto, !utf8.contains(0x09), !BidiLevels.mayRiseAboveZero(utf8) else { return nil }
        if !Itemizer.isSingleRun(utf8, in: set) {
            let runs = Itemizer.runs(of: String(decoding: utf8, as: UTF8.self), in: set)
            guard runs.count == 1, runs[0].faceIndex == 0 else { return nil }
        }
        let buffer = Shaper.shape(utf8, utf8.indices, in: set, font: 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, nil) else { return nil }

        var units = [Int](repeating: 0, count: clusters)
        // Per boundary: 1 when a glyph's cluster starts there, 2 when such a glyph is unsafe to break.
        var marks = [UInt8](repeating: 0, count: clusters + 1)
        var cluster = 0
        for glyph in 0..<Int(count) {  // left to right is logical order here: clusters never decrease
            let offset = base + Int(infos[glyph].cluster)
            while cluster + 1 < clusters, boundaries[cluster + 1] <= offset { cluster += 1 }
            units[cluster] += Int(positions[glyph].x_advance)
            if boundaries[cluster] == offset {
                let unsafe = hb_glyph_info_get_glyph_flags(infos + glyph).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                marks[cluster] |= unsafe ? 3 : 1
            }
        }
        var sums = [0], strong: [Int32] = [0]
        sums.reserveCapacity(clusters + 1)
        strong.reserveCapacity(clusters + 1)
        for index in 0..<clusters {
            sums.append(sums[index] + units[index])
            let bytes = UnsafeBufferPointer(rebasing: utf8[boundaries[index] - base..<boundaries[index + 1] - base])
            strong.append(strong[index] + (Itemizer.hasStrongScript(bytes) ? 1 : 0))
        }
        self.boundaries = boundaries
        self.sums = sums
        self.strong = strong
        self.safe = (0...clusters).map { $0 == 0 || $0 == clusters || marks[$0] == 1 }
    }

    /// The width in font units of clusters `first..<last` shaped alone, when the whole's
    /// shaping gives it; nil when it must be shaped. O(1).
    func units(from first: Int, to last: Int) -> Int? {
        guard safe[first], safe[last], strong[last] > strong[first] || strong[sums.count - 1] == 0 else { return nil }
        return sums[last] - sums[first]
    }

    /// What shaping the whole text tells the layout, with whitespace from `contentEnd` on hanging
    /// (see `Shaper.measure`), when `contentEnd` is a boundary; else nil.
    func measured(contentEnd: Int) -> ShapedWidth? {
        guard let index = boundaries.lastIndex(of: contentEnd) else { return nil }
        let units = Double(sums[sums.count - 1])
        return ShapedWidth(units: units, hangingUnits: units - Double(sums[index]), faces: FaceIndexSet(0), lastFace: 0)
    }
}
