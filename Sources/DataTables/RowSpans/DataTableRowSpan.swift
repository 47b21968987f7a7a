/// A cell spanning rows: the cell of column `column` at row `row` stands beside `count` rows,
/// `row..<row + count` (CSS's `rowspan`). The spanned rows below the first have that cell empty.
public struct DataTableRowSpan: Hashable, Sendable, CustomStringConvertible {
    /// The column of the spanning cell.
    public var column: Int
    /// The first row the cell spans (where its text is).
    public var row: Int
    /// How many rows it spans, at least 1.
    public var count: Int

    /// The cell of column `column` at row `row`, spanning `count` rows.
    public init(column: Int, row: Int, count: Int) {
        self.column = column
        self.row = row
        self.count = count
    }

    /// The rows it spans. Empty for a count below 1.
    public var rows: Range<Int> { row..<(row + max(0, count)) }

    /// The last row it spans, which takes the extra height of a cell taller than its rows.
    public var lastRow: Int { row + count - 1 }

    /// "column 2, rows 5–7".
    public var description: String {
        count == 1 ? "column \(column), row \(row)" : "column \(column), rows \(row)–\(row + count - 1)"
    }

    /// Spans of column `column` over the runs of consecutive equal `keys` (one key a row, in row
    /// order); runs of one row make no span. The keys are not sorted: sort the rows first to
    /// gather equal keys.
    ///
    /// - Complexity: O(n).
    public static func grouping<Key: Equatable>(_ keys: some Sequence<Key>, column: Int) -> [DataTableRowSpan] {
        var spans: [DataTableRowSpan] = []
        var start = 0, index = 0
        var current: Key?
        for key in keys {
            if key != current {
                if index - start > 1 { spans.append(DataTableRowSpan(column: column, row: start, count: index - start)) }
                start = index
                current = key
            }
            index += 1
        }
        if index - start > 1 { spans.append(DataTableRowSpan(column: column, row: start, count: index - start)) }
        return spans
    }
}
