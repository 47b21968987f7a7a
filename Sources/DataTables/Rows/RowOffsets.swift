/// Row heights in a Fenwick (binary indexed) tree: the height of a row, where a row starts, which
/// row holds a y-offset and the total, each in O(log n) (the total in O(1)), with one height
/// changed in O(log n).
///
/// Heights are kept on a grid of 2⁻²⁰ pt (each rounded up to a multiple: at most 9.6e-7 pt
/// more, never less, so a row is never shorter than the content it was measured to hold). Sums of such multiples are exact in a `Double` up to 2³³ pt (8.6 × 10⁹ pt of
/// content), so a row's offset never depends on the order the tree happens to add in, offsets
/// never decrease, and the row at an offset always agrees with the offsets. A height that is not
/// finite or below zero counts as zero (the layout's heights are finite: its lengths are at most
/// 10⁹ pt each). Spacing between rows is the caller's (see `DataTableLayout`), which stores each
/// row's height plus the spacing after it, both on the grid.
struct RowOffsets {
    /// `tree[i]` (1-based) holds the sum of the `i & -i` heights ending at row i − 1.
    private var tree: [Double]
    /// The heights, on the grid.
    private(set) var heights: [Double]
    /// The sum of every height, kept so `total` costs nothing.
    private(set) var total: Double

    /// Grid steps per point: 2²⁰.
    static let scale = 1_048_576.0

    /// `height` on the grid (see the type's notes).
    static func grid(_ height: Double) -> Double {
        guard height.isFinite, height > 0 else { return 0 }
        return (height * scale).rounded(.up) / scale
    }

    /// Builds the tree over `heights` in O(n).
    init(_ heights: [Double]) {
        self.heights = heights.map(Self.grid)
        tree = [0] + self.heights
        for index in 1..<max(1, tree.count) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
        total = self.heights.reduce(0, +)
    }

    var count: Int { heights.count }

    /// The height of row `row`, on the grid. O(1).
    func height(of row: Int) -> Double { heights[row] }

    /// The sum of the heights of the rows before `row` (0 for the first; the total for `count`).
    /// O(log n).
    func offset(of row: Int) -> Double {
        var sum = 0.0
        var index = row
        while index > 0 {
            sum += tree[index]
            index &= index - 1
        }
        return sum
    }

    /// Sets row `row`'s height (put on the grid). O(log n).
    mutating func setHeight(_ height: Double, of row: Int) {
        let height = Self.grid(height)
        let delta = height - heights[row]
        guard delta != 0 else { return }
        heights[row] = height
        total += delta
        var index = row + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The row whose span [offset, next offset) holds `y`: the last row whose offset is at most
    /// `y`, so rows of zero height are skipped. nil when there are no rows; the last row for `y`
    /// at or past the total, the first for `y` below 0. O(log n), descending the tree.
    func row(at y: Double) -> Int? {
        guard count > 0 else { return nil }
        var position = 0, remaining = y
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, tree[next] <= remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return min(position, count - 1)  // `position` rows lie wholly at or above y
    }
}
