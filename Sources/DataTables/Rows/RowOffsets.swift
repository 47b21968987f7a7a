/// Row heights, 4 bytes a row, under a Fenwick (binary indexed) tree of blocks of 16 rows: the
/// height of a row, where a row starts, which row holds a y-offset and the total, each in
/// O(log n) (the height and the total in O(1)), with one height changed in O(log n).
///
/// Heights are kept on a grid of 2⁻²⁰ pt (each rounded up to a multiple: at most 9.6e-7 pt
/// more, never less, so a row is never shorter than the content it was measured to hold). Sums of such multiples are exact in a `Double` up to 2³³ pt (8.6 × 10⁹ pt of
/// content), so a row's offset never depends on the order the tree happens to add in, offsets
/// never decrease, and the row at an offset always agrees with the offsets. A height that is not
/// finite or below zero counts as zero (the layout's heights are finite: its lengths are at most
/// 10⁹ pt each). Spacing between rows is the caller's (see `DataTableLayout`), which stores each
/// row's height plus the spacing after it, both on the grid.
struct RowOffsets {
    /// Per row, its height in steps of the grid; `tall` for a row of 4,096 pt or more, whose
    /// height is in `tallHeights`. 4 bytes a row.
    private var steps: [UInt32]
    /// The heights of the rows of 4,096 pt or more, by row.
    private var tallHeights: [Int: Double] = [:]
    /// `tree[i]` (1-based) holds the sum of the heights of the `i & -i` blocks of `block` rows
    /// ending at block i − 1: half a byte a row.
    private var tree: [Double]
    /// The sum of every height, kept so `total` costs nothing.
    private(set) var total: Double

    /// Grid steps per point: 2²⁰.
    static let scale = 1_048_576.0
    /// The rows of a block, the tree's leaf.
    private static let block = 16
    /// The steps that mark a tall row.
    private static let tall = UInt32.max

    /// `height` on the grid (see the type's notes).
    static func grid(_ height: Double) -> Double {
        guard height.isFinite, height > 0 else { return 0 }
        return (height * scale).rounded(.up) / scale
    }

    /// `count` rows, row `i` `height(i)` tall. O(n).
    init(count: Int, height: (Int) -> Double) {
        steps = []
        steps.reserveCapacity(count)
        tree = Array(repeating: 0, count: 1 + (count + Self.block - 1) / Self.block)
        total = 0
        for row in 0..<count {
            steps.append(0)
            let height = Self.grid(height(row))
            store(height, of: row)
            tree[1 + row / Self.block] += height
            total += height
        }
        for index in 1..<tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    /// Rows of `heights`. O(n).
    init(_ heights: [Double]) {
        self.init(count: heights.count) { heights[$0] }
    }

    var count: Int { steps.count }

    /// Keeps `height` (on the grid) as row `row`'s.
    private mutating func store(_ height: Double, of row: Int) {
        let steps = height * Self.scale
        if steps < Double(Self.tall) {
            self.steps[row] = UInt32(steps)
            if !tallHeights.isEmpty { tallHeights[row] = nil }
        } else {
            self.steps[row] = Self.tall
            tallHeights[row] = height
        }
    }

    /// The height of row `row`, on the grid. O(1).
    func height(of row: Int) -> Double {
        let steps = steps[row]
        return steps == Self.tall ? tallHeights[row]! : Double(steps) / Self.scale
    }

    /// The heights of `rows`. O(rows).
    func heights(_ rows: Range<Int>) -> [Double] { rows.map(height(of:)) }

    /// The sum of the heights of the rows before `row` (0 for the first; the total for `count`).
    /// O(log n).
    func offset(of row: Int) -> Double {
        var sum = 0.0
        var index = row / Self.block
        while index > 0 {
            sum += tree[index]
            index &= index - 1
        }
        for earlier in (row - row % Self.block)..<row { sum += height(of: earlier) }
        return sum
    }

    /// Sets row `row`'s height (put on the grid). O(log n).
    mutating func setHeight(_ height: Double, of row: Int) {
        let height = Self.grid(height)
        let delta = height - self.height(of: row)
        guard delta != 0 else { return }
        store(height, of: row)
        total += delta
        var index = 1 + row / Self.block
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The row whose span [offset, next offset) holds `y`: the last row whose offset is at most
    /// `y`, so rows of zero height are skipped. nil when there are no rows; the last row for `y`
    /// at or past the total, the first for `y` below 0. O(log n), descending the tree to the
    /// block, then along it. Sums on the grid are exact, so each comparison is.
    func row(at y: Double) -> Int? {
        guard count > 0 else { return nil }
        var (position, sum) = (0, 0.0)
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, sum + tree[next] <= y {
                position = next
                sum += tree[next]
            }
            step /= 2
        }
        // `position` whole blocks lie at or above y; then the block's rows that do.
        var row = position * Self.block
        while row < count, sum + height(of: row) <= y {
            sum += height(of: row)
            row += 1
        }
        return min(row, count - 1)
    }
}
