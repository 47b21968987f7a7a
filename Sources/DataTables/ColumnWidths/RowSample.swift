/// The rows a strategy reads (a sample of every row is every row, in order): `min(size, rowCount)` distinct rows spread evenly over
/// the table, always including the first and the last row.
///
/// Row i of the k sampled is `round(i·(rowCount − 1)/(k − 1))`, halves rounded up, computed in
/// integers (no floating-point drift); a sample of one is the first row. The step is at least
/// one row, so the rows are distinct and increasing.
///
/// `package`, not internal: TableSpreadsheet reads the same rows for the same strategy.
package struct RowSample: RandomAccessCollection, Sendable {
    package let rowCount: Int
    package let count: Int

    package init(rowCount: Int, size: Int) {
        self.rowCount = rowCount
        self.count = Swift.max(0, Swift.min(size, rowCount))
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    package subscript(position: Int) -> Int {
        if count == rowCount { return position }  // every row
        guard count > 1 else { return 0 }
        let span = rowCount - 1, gaps = count - 1
        return (2 * position * span + gaps) / (2 * gaps)
    }
}
