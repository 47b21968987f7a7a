/// The row spans of a table, checked to fit it: per column, spans of two rows or more sorted by
/// their first row, none sharing a row. Spans of one row are plain cells and are dropped.
public struct DataTableRowSpans: Equatable, Sendable {
    /// Per column with spans, its spans in row order.
    private(set) var byColumn: [Int: [DataTableRowSpan]] = [:]

    /// No spans.
    public init() {}

    /// `spans` checked against a table of `rowCount` rows and `columnCount` columns.
    ///
    /// - Throws: `DataTableRowSpanError` naming the first span that is empty, outside the table
    ///   or overlapping another of its column.
    /// - Complexity: O(s log s) for s spans.
    public init(_ spans: [DataTableRowSpan], rowCount: Int, columnCount: Int) throws(DataTableRowSpanError) {
        for span in spans {
            guard span.count >= 1 else { throw .empty(span) }
            guard (0..<columnCount).contains(span.column) else { throw .columnOutOfRange(span, columnCount: columnCount) }
            guard span.row >= 0, span.row <= rowCount - span.count else { throw .rowsOutOfRange(span, rowCount: rowCount) }
        }
        for (column, spans) in Dictionary(grouping: spans.filter { $0.count > 1 }, by: \.column) {
            let sorted = spans.sorted { $0.row < $1.row }
            for (before, after) in zip(sorted, sorted.dropFirst()) where after.row <= before.lastRow {
                throw .overlapping(before, after)
            }
            byColumn[column] = sorted
        }
    }

    /// Whether there are none.
    public var isEmpty: Bool { byColumn.isEmpty }

    /// Every span, column by column, each column's in row order.
    public var all: [DataTableRowSpan] { byColumn.keys.sorted().flatMap { byColumn[$0]! } }

    /// The span of column `column` covering row `row`, if any. O(log s).
    public func span(column: Int, coveringRow row: Int) -> DataTableRowSpan? {
        guard let spans = byColumn[column], let index = lastIndex(in: spans, startingAtOrBefore: row) else { return nil }
        return spans[index].rows.contains(row) ? spans[index] : nil
    }

    /// The spans covering row `row`, at most one a column. O(columns with spans × log s).
    public func spans(coveringRow row: Int) -> [DataTableRowSpan] {
        byColumn.keys.sorted().compactMap { span(column: $0, coveringRow: row) }
    }

    /// The spans sharing a row with `rows`. O(columns with spans × log s + spans found).
    func spans(meeting rows: Range<Int>) -> [DataTableRowSpan] {
        byColumn.keys.sorted().flatMap { column -> [DataTableRowSpan] in
            let spans = byColumn[column]!
            var index = lastIndex(in: spans, startingAtOrBefore: rows.lowerBound) ?? 0
            var found: [DataTableRowSpan] = []
            while index < spans.count, spans[index].row < rows.upperBound {
                if spans[index].rows.overlaps(rows) { found.append(spans[index]) }
                index += 1
            }
            return found
        }
    }

    /// The spans with `old` (spans of column `column`, in row order, one after another in it)
    /// replaced by `new` (spans of that column over the same rows). O(spans of the column).
    mutating func replace(_ old: [DataTableRowSpan], with new: [DataTableRowSpan], column: Int) {
        var spans = byColumn[column] ?? []
        let start = old.first.flatMap { first in spans.firstIndex(of: first) }
            ?? spans.firstIndex { $0.row >= (new.first?.row ?? 0) } ?? spans.endIndex
        spans.replaceSubrange(start..<(start + old.count), with: new)
        byColumn[column] = spans.isEmpty ? nil : spans
    }

    /// The spans of the columns `band` (indices into the whole table's columns), numbered as
    /// the band's columns.
    func restricted(to band: [Int]) -> DataTableRowSpans {
        var result = DataTableRowSpans()
        for (position, column) in band.enumerated() {
            if let spans = byColumn[column] {
                result.byColumn[position] = spans.map { DataTableRowSpan(column: position, row: $0.row, count: $0.count) }
            }
        }
        return result
    }

    /// The index of the last span starting at or before `row`; nil when all start after it.
    private func lastIndex(in spans: [DataTableRowSpan], startingAtOrBefore row: Int) -> Int? {
        var low = 0, high = spans.count  // the first span starting after `row` lies in low...high
        while low < high {
            let middle = (low + high) / 2
            if spans[middle].row <= row { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
