/// How much taller than measured rows are on pages. A spanning cell continued from an earlier
/// page loses room at each break (the part of the page below its last whole line there, and its
/// top padding again on the next page), so the last row of its span grows on the page where the
/// span ends by what its lines left need beyond the rows, as a fragmented CSS table's row group
/// grows by the fragmentation gap. Pagination only: the layout's rows, offsets and row index keep
/// their heights. Sparse: only rows ending such spans, in ascending order.
struct PageRowGrowth {
    private var rows: [Int] = []
    /// `totals[i]`: how much `rows[0...i]` grow together.
    private var totals: [Double] = []

    /// How much row `row` grows. O(log grown rows).
    func of(row: Int) -> Double {
        let index = firstIndex(from: row)
        guard index < rows.count, rows[index] == row else { return 0 }
        return totals[index] - (index > 0 ? totals[index - 1] : 0)
    }

    /// How much the rows above `row` grow together. O(log grown rows).
    func above(row: Int) -> Double {
        let index = firstIndex(from: row)
        return index > 0 ? totals[index - 1] : 0
    }

    /// Grows row `row` (at or below every row grown so far) by `points` more.
    mutating func grow(_ row: Int, by points: Double) {
        precondition(rows.last.map { $0 <= row } ?? true, "rows grow in order")
        if rows.last == row {
            totals[totals.count - 1] += points
        } else {
            rows.append(row)
            totals.append((totals.last ?? 0) + points)
        }
    }

    /// Forgets the growth of rows `row` and below (a page starting there is paginated again).
    /// O(rows forgotten).
    mutating func forget(from row: Int) {
        let index = firstIndex(from: row)
        rows.removeSubrange(index...)
        totals.removeSubrange(index...)
    }

    /// The index of the first grown row at or below `row`. O(log grown rows).
    private func firstIndex(from row: Int) -> Int { rows.partitioningIndex { $0 >= row } }
}
