import Testing
@testable import DataTables

/// The Fenwick tree of row heights against sums taken one by one, with heights whose sums are
/// not exact in binary (tenths, 13.62), zeros and rows taller than 4,096 pt among them, over
/// one block of rows and many: on the tree's 2⁻²⁰ pt grid every
/// sum is exact, so its offsets equal the plain sums bit for bit, and the row it finds at an
/// offset always agrees with its offsets.
@Suite struct RowOffsetsTests {
    static func heights(_ count: Int, seed: Int) -> [Double] {
        (0..<count).map { index in
            let value = (index * 7919 + seed * 104_729) % 97
            // Some taller than 4,096 pt, kept aside from the 4-byte steps.
            return value % 11 == 0 ? 0 : value % 13 == 0 ? Double(value) * 1_000.3 : Double(value) / 10 + 13.62
        }
    }

    @Test(arguments: [1, 2, 3, 17, 64, 100, 1_000])
    func offsetsAndRowsAgreeWithPlainSums(count: Int) {
        var heights = Self.heights(count, seed: count)
        var tree = RowOffsets(heights)
        for round in 0..<3 {
            var sum = 0.0
            for row in 0..<count {
                // On the grid, rounded up: never below the height given, less than a step (2⁻²⁰ pt) above.
                #expect(tree.height(of: row) >= heights[row], "\(count) rows: height of \(row)")
                #expect(tree.height(of: row) - heights[row] < 1 / 1_048_576, "\(count) rows: height of \(row)")
                #expect(tree.offset(of: row) == sum, "\(count) rows, round \(round): offset of \(row)")
                if tree.height(of: row) > 0 {
                    // A row owns [offset, next offset), as the tree's own offsets say.
                    #expect(tree.row(at: tree.offset(of: row)) == row, "\(count) rows: the row at its own offset")
                    #expect(tree.row(at: tree.offset(of: row + 1).nextDown) == row, "\(count) rows: the row just before the next")
                }
                sum += tree.height(of: row)
            }
            #expect(tree.total == sum)
            #expect(tree.row(at: -5) == 0)
            #expect(tree.row(at: sum + 5) == count - 1)
            // Change a third of the heights and check again.
            for row in stride(from: round, to: count, by: 3) {
                heights[row] = row % 10 == 0 ? Double(row) * 4_100.7 : Double((row * 31 + round) % 50) / 4.1
                tree.setHeight(heights[row], of: row)
            }
        }
        #expect(RowOffsets([]).row(at: 0) == nil)
        #expect(RowOffsets([.nan, -3, .infinity, 1e15]).total == 1e15)  // not finite or negative: 0; others kept
    }
}
