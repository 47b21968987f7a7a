/// Row heights in a Fenwick (binary indexed) tree: the height of a row, where a row starts, which
/// row holds a y-offset and the total, each in O(log n), with one height changed in O(log n).
///
/// The tree adds whole multiples of 2⁻³² pt in 128-bit integers (each height rounded to one:
/// at most 1.2e-10 pt off, so a million rows are within 1.2e-4 pt of their plain sum), so its
/// sums are exact: a row's offset never depends on the order the tree happens to add in,
/// offsets never decrease, and the row at an offset always agrees with the offsets. A height
/// that is not finite or below zero counts as zero; one above 10¹² pt as 10¹² pt. Spacing between rows is the caller's (see `DataTableLayout`), which stores each row's
/// height plus the spacing after it.
struct RowOffsets {
    /// `tree[i]` (1-based) holds the sum of the `i & -i` quantized heights ending at row i − 1.
    private var tree: [Int128]
    /// The heights as given, for `height(of:)`.
    private(set) var heights: [Double]

    /// Units per point: 2³².
    static let scale = 4_294_967_296.0

    static func units(_ height: Double) -> Int128 {
        guard height.isFinite, height > 0 else { return 0 }
        return Int128((min(height, 1e12) * scale).rounded())
    }

    /// Builds the tree over `heights` in O(n).
    init(_ heights: [Double]) {
        self.heights = heights
        tree = [0] + heights.map(Self.units)
        for index in 1..<max(1, tree.count) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
        }
    }

    var count: Int { heights.count }

    /// The sum of every height. O(log n).
    var total: Double { offset(of: count) }

    /// The height of row `row`, as set. O(1).
    func height(of row: Int) -> Double { heights[row] }

    /// The sum of the heights of the rows before `row` (0 for the first; the total for `count`).
    /// O(log n).
    func offset(of row: Int) -> Double { Double(units(before: row)) / Self.scale }

    private func units(before row: Int) -> Int128 {
        var sum: Int128 = 0
        var index = row
        while index > 0 {
            sum += tree[index]
            index &= index - 1
        }
        return sum
    }

    /// Sets row `row`'s height. O(log n).
    mutating func setHeight(_ height: Double, of row: Int) {
        let delta = Self.units(height) - Self.units(heights[row])
        heights[row] = height
        guard delta != 0 else { return }
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
        // The last row whose offset ≤ y is the count of rows whose end ≤ y, in units: rows whose
        // offset in units ≤ ⌊y × scale⌋, i.e. the number of leading rows with sum ≤ that.
        guard y >= 0 else { return 0 }
        let target = Int128((min(y, 1e18) * Self.scale).rounded(.down))
        var position = 0, remaining = target
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
        // Offsets are reported as Doubles, rounded from the exact sums: settle the last unit
        // of disagreement their way, so the row at `offset(of: i)` is always row i.
        var row = min(position, count - 1)
        while row + 1 < count, offset(of: row + 1) <= y { row += 1 }
        while row > 0, offset(of: row) > y { row -= 1 }
        return row
    }
}
