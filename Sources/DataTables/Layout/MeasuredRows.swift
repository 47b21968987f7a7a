/// The rows a layout has measured, by position: each one's height in 8 bytes, and, aside, what
/// only some rows carry (the widths their heights hold from, what spans add), so that a million
/// measured rows of a table that never changes its widths take 8 MB, not a dictionary entry and
/// an array each. Rows that move (`setData`) take their measurements with them (`reordered`).
struct MeasuredRows {
    /// Per row, its measured height; NaN: not measured. A row kept in `rest` has any other number.
    private var heights: [Double]
    /// The measurements that are more than a height, by row.
    private var rest: [Int: MeasuredRow] = [:]
    /// How many rows are measured.
    private(set) var count = 0

    /// `rowCount` rows, none measured. O(rowCount).
    init(rowCount: Int) {
        heights = Array(repeating: .nan, count: rowCount)
    }

    /// Row `row`'s measurement; nil: not measured. O(1) (a dictionary look-up for a row with
    /// more than a height).
    subscript(row: Int) -> MeasuredRow? {
        get {
            let height = heights[row]
            guard !height.isNaN else { return nil }
            return rest.isEmpty ? MeasuredRow(height: height) : rest[row] ?? MeasuredRow(height: height)
        }
        set {
            if heights[row].isNaN { count += newValue == nil ? 0 : 1 } else if newValue == nil { count -= 1 }
            if !rest.isEmpty { rest[row] = nil }
            guard let newValue else {
                heights[row] = .nan
                return
            }
            if newValue.isHeightOnly, !newValue.height.isNaN {
                heights[row] = newValue.height
            } else {
                heights[row] = 0
                rest[row] = newValue
            }
        }
    }

    /// Whether row `row` is measured. O(1).
    func isMeasured(_ row: Int) -> Bool { !heights[row].isNaN }

    /// Forgets the measured rows `forget` says to. O(rows measured).
    mutating func forget(where forget: (MeasuredRow) -> Bool) {
        for row in heights.indices where !heights[row].isNaN {
            if let measured = self[row], forget(measured) { self[row] = nil }
        }
    }

    /// The measurements of `rowCount` rows, row `i` taking what row `source(i)` had here (nil:
    /// a new row, not measured). O(rowCount).
    func reordered(rowCount: Int, from source: (Int) -> Int?) -> MeasuredRows {
        var moved = MeasuredRows(rowCount: rowCount)
        for row in 0..<rowCount {
            guard let old = source(row), old < heights.count, !heights[old].isNaN else { continue }
            moved.heights[row] = heights[old]
            if let rest = rest[old] { moved.rest[row] = rest }
            moved.count += 1
        }
        return moved
    }
}
