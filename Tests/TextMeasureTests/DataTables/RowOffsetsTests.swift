import Testing
@testable import DataTables

/// The Fenwick tree of row heights against sums taken one by one, with heights whose sums are
/// not exact in binary: the tree's offsets stay within its 2⁻³² pt rounding, and the row it
/// finds at an offset always agrees with its own offsets.
@Suite struct RowOffsetsTests {
    /// Heights that do not add up exactly in binary (tenths, 13.62), zeros among them.
    static func heights(_ count: Int, seed: Int) -> [Double] {
        (0..<count).map { index in
            let value = (index * 7919 + seed * 104_729) % 97
            return value % 11 == 0 ? 0 : Double(value) / 10 + 13.62
        }
    }

    @Test(arguments: [1, 2, 3, 17, 64, 100, 1_000])
    func offsetsAndRowsAgreeWithPlainSums(count: Int) {
        var heights = Self.heights(count, seed: count)
        var tree = RowOffsets(heights)
        for round in 0..<3 {
            var sum = 0.0
            for row in 0..<count {
                // Each height is rounded to 2⁻³² pt in the tree: half a unit off at most.
                #expect(abs(tree.offset(of: row) - sum) <= Double(row) * 0.5 / 4_294_967_296 + 1e-9, "\(count) rows, round \(round): offset of \(row)")
                if heights[row] > 0 {
                    // A row owns [offset, next offset), as the tree's own offsets say.
                    #expect(tree.row(at: tree.offset(of: row)) == row, "\(count) rows: the row at its own offset")
                    #expect(tree.row(at: tree.offset(of: row + 1).nextDown) == row, "\(count) rows: the row just before the next")
                }
                sum += heights[row]
            }
            #expect(abs(tree.total - sum) <= Double(count) * 0.5 / 4_294_967_296 + 1e-9)
            #expect(tree.row(at: -5) == 0)
            #expect(tree.row(at: sum + 5) == count - 1)
            // Change a third of the heights and check again.
            for row in stride(from: round, to: count, by: 3) {
                heights[row] = Double((row * 31 + round) % 50) / 4
                tree.setHeight(heights[row], of: row)
            }
        }
        #expect(RowOffsets([]).row(at: 0) == nil)
    }
}
