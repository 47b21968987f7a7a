/// The rows a layout has measured, by position: each one's height in 4 bytes (on `RowOffsets`'
/// grid, rounded up to a whole number of steps of 2⁻²⁰ pt, as the offsets keep it: under
/// 4,096 pt), and, aside, what only some rows carry (the widths their heights hold from, what
/// spans add, a taller or an undefined height), so that a million measured
/// rows of a table that never changes its widths take 4 MB, not a dictionary entry and an
/// array each. Rows that move (`setData`) take their measurements with them (`reordered`).
struct MeasuredRows {
    /// Per row, its measured height in grid steps, or `unmeasured`, or `aside` (in `rest`).
    private var steps: [UInt32]
    /// The measurements that are more than a height under 4,096 pt, by row.
    private var rest: [Int: MeasuredRow] = [:]
    /// How many rows are measured.
    private(set) var count = 0

    private static let unmeasured = UInt32.max
    private static let aside = UInt32.max - 1

    /// `rowCount` rows, none measured. O(rowCount).
    init(rowCount: Int) {
        steps = Array(repeating: Self.unmeasured, count: rowCount)
    }

    /// Row `row`'s measurement; nil: not measured. O(1) (a dictionary look-up for a row kept aside).
    subscript(row: Int) -> MeasuredRow? {
        get {
            switch steps[row] {
            case Self.unmeasured: nil
            case Self.aside: rest[row]
            case let steps: MeasuredRow(height: Double(steps) / RowOffsets.scale)
            }
        }
        set {
            if steps[row] == Self.unmeasured { count += newValue == nil ? 0 : 1 } else if newValue == nil { count -= 1 }
            if steps[row] == Self.aside { rest[row] = nil }
            guard let newValue else {
                steps[row] = Self.unmeasured
                return
            }
            let steps = RowOffsets.grid(newValue.height) * RowOffsets.scale
            if newValue.isHeightOnly, newValue.height >= 0, steps < Double(Self.aside) {
                self.steps[row] = UInt32(steps)
            } else {
                self.steps[row] = Self.aside
                rest[row] = newValue
            }
        }
    }

    /// Whether row `row` is measured. O(1).
    func isMeasured(_ row: Int) -> Bool { steps[row] != Self.unmeasured }

    /// Forgets the measured rows `forget` says to. O(rows measured).
    mutating func forget(where forget: (MeasuredRow) -> Bool) {
        for row in steps.indices where isMeasured(row) {
            if let measured = self[row], forget(measured) { self[row] = nil }
        }
    }

    /// The measurements of `rowCount` rows, row `i` taking what row `source(i)` had here (nil:
    /// a new row, not measured). O(rowCount).
    func reordered(rowCount: Int, from source: (Int) -> Int?) -> MeasuredRows {
        var moved = MeasuredRows(rowCount: rowCount)
        for row in 0..<rowCount {
            guard let old = source(row), old < steps.count, isMeasured(old) else { continue }
            moved.steps[row] = steps[old]
            if let rest = rest[old] { moved.rest[row] = rest }
            moved.count += 1
        }
        return moved
    }
}
