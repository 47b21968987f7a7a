/// Row heights in a Fenwick (binary indexed) tree: the height of a row, where a row starts, which
/// row holds a y-offset and the total, each in O(log n), with one height changed in O(log n).
///
/// Heights are sums of whole rows only; spacing between rows is the caller's (see
/// `DataTableLayout`), which stores each row's height plus the spacing after it.
struct RowOffsets {
    /// `tree[i]` (1-based) holds the sum of the `i & -i` heights ending at row i − 1.
    private var tree: [Double]
    /// The heights themselves, to answer `height(of:)` in O(1) and change one by a delta.
    private(set) var heights: [Double]

    /// Builds the tree over `heights` in O(n).
    init(_ heights: [Double]) {
        self.heights = heights
        tree = [0] + heights
        for index in 1..<max(1, tree.count) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    var count: Int { heights.count }

    /// The sum of every height. O(log n).
    var total: Double { offset(of: count) }

    /// The height of row `row`. O(1).
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

    /// Sets row `row`'s height. O(log n).
    mutating func setHeight(_ height: Double, of row: Int) {
        let delta = height - heights[row]
        guard delta != 0 else { return }
        heights[row] = height
        var index = row + 1
        while index < tree.count {
            tree[index] += delta
            index += index & -index
        }
    }

    /// The row whose span [offset, offset + height) holds `y`: the last row whose offset is at
    /// most `y`, skipping rows of zero height. nil when there are no rows; the last row for `y`
    /// at or past the total, the first for `y` below 0. O(log n) by descending the tree.
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
