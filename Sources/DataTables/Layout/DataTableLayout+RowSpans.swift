extension DataTableLayout {
    /// Makes the cells `spans` name span rows (replacing any spans and any grouping), measuring
    /// the rows again as they come into view and keeping the user's place.
    ///
    /// A spanning cell is measured at its column's width and shares its height as CSS shares a
    /// `rowspan` cell's: its rows are measured without it, and when it is taller than they are
    /// together (with the spacing between them) the last of them grows by the difference. Only
    /// automatically measured heights grow; a fixed or provided height stays as it is.
    ///
    /// - Throws: `DataTableRowSpanError` naming a span that is empty, outside the table or
    ///   overlapping another of its column; the spans are then unchanged.
    /// - Complexity: O(s log s) for s spans, O(n) to lay the rows out again, plus measuring the
    ///   rows in view.
    public func setRowSpans(_ spans: [DataTableRowSpan]) throws(DataTableRowSpanError) {
        let checked = try DataTableRowSpans(spans, rowCount: rows.count, columnCount: columns.count)
        groupColumn = nil
        install(checked)
    }

    /// Groups the rows by column `column`: consecutive rows whose texts in it are equal share one
    /// cell spanning them (see `setRowSpans(_:)`); the rows are not sorted first, and the footer
    /// row (``DataTableConfiguration/lastRowIsFooter``) is in no group. The grouping follows the
    /// rows as `setData(_:)` and `remeasureRow(_:)` change them.
    ///
    /// - Throws: `DataTableRowSpanError.unknownGroupColumn` for a column the table lacks.
    /// - Complexity: O(n) reading the column's texts, plus as `setRowSpans(_:)`.
    public func groupRows(byColumn column: Int) throws(DataTableRowSpanError) {
        guard columns.indices.contains(column) else { throw .unknownGroupColumn(column, columnCount: columns.count) }
        let spans = DataTableRowSpan.grouping(rows[bodyRows].lazy.map(columns[column].text), column: column)
        install(try DataTableRowSpans(spans, rowCount: rows.count, columnCount: columns.count))
        groupColumn = column
    }

    /// The spans after the rows changed from `oldRows`: grouped again by `groupColumn`, else the
    /// old ones that still fit. Rows of spans that changed are unmeasured. Returns the spans added
    /// (new indices) and removed (old indices); a span is the same when it has the same column,
    /// count and first and last rows (by ID).
    ///
    /// - Complexity: O(n) reading the group column's texts (no grouping: O(s)), plus O(s) and the
    ///   rows of the spans that changed.
    func refreshRowSpans(oldRows: [Row]) -> (added: [DataTableRowSpan], removed: [DataTableRowSpan]) {
        guard !rowSpans.isEmpty || groupColumn != nil else { return ([], []) }
        let old = rowSpans.all
        let fresh = groupColumn.map { DataTableRowSpan.grouping(rows[bodyRows].lazy.map(columns[$0].text), column: $0) }
            ?? old.filter { $0.row + $0.count <= rows.count }
        // Spans of one column never overlap, so these cannot throw.
        rowSpans = (try? DataTableRowSpans(fresh, rowCount: rows.count, columnCount: columns.count)) ?? DataTableRowSpans()
        func key(_ span: DataTableRowSpan, _ rows: [Row]) -> SpanIdentity {
            SpanIdentity(column: span.column, count: span.count, first: rows[span.row].id, last: rows[span.lastRow].id)
        }
        let oldKeys = Set(old.map { key($0, oldRows) }), newKeys = Set(rowSpans.all.map { key($0, rows) })
        let added = rowSpans.all.filter { !oldKeys.contains(key($0, rows)) }
        let removed = old.filter { !newKeys.contains(key($0, oldRows)) }
        for span in removed { for row in span.rows { if let moved = indexOfID[oldRows[row].id] { measured[moved] = nil } } }
        for span in added { for row in span.rows { measured[row] = nil } }
        return (added, removed)
    }

    /// Groups the rows near row `row` again after its text in the group column may have changed
    /// in place (`remeasureRow(_:)`): the spans of that column meeting rows `row − 1...row + 1`
    /// are made again from the texts of the rows they and those hold (the rows on either side of
    /// them are in other groups, whatever the row now says). Returns the rows of the spans that
    /// changed, old or new.
    ///
    /// - Complexity: O(rows of those spans + spans of the column).
    func regroup(around row: Int) -> Range<Int>? {
        guard let column = groupColumn, bodyRows.contains(row) else { return nil }
        let window = max(0, row - 1)..<min(bodyRows.upperBound, row + 2)
        let old = rowSpans.spans(meeting: window).filter { $0.column == column }
        let lower = min(window.lowerBound, old.first?.row ?? row), upper = max(window.upperBound, old.last.map { $0.row + $0.count } ?? row)
        let fresh = DataTableRowSpan.grouping(rows[lower..<upper].lazy.map(columns[column].text), column: column)
            .map { DataTableRowSpan(column: column, row: $0.row + lower, count: $0.count) }
        guard fresh != old else { return nil }
        rowSpans.replace(old, with: fresh, column: column)
        return lower..<upper
    }

    /// A span by the rows it holds rather than their indices.
    struct SpanIdentity: Hashable {
        var column: Int
        var count: Int
        var first: Row.ID
        var last: Row.ID
    }

    /// Installs checked spans: every row unmeasured, laid out again, the viewport measured.
    private func install(_ spans: DataTableRowSpans) {
        let anchor = currentAnchor()
        rowSpans = spans
        measured = MeasuredRows(rowCount: rows.count)
        rebuildOffsets()
        restore(anchor)
        layoutViewport()
    }

    /// The rows tied to row `row` by spans: the smallest run of rows holding `row` that every
    /// span meeting it lies within (a span's rows, or those of spans overlapping it in other
    /// columns). O(log s) a column for each widening.
    func spanBlock(around row: Int) -> Range<Int> {
        var block = row..<(row + 1)
        while true {
            var grown = block
            for span in rowSpans.spans(meeting: block) {
                grown = min(grown.lowerBound, span.row)..<max(grown.upperBound, span.row + span.count)
            }
            if grown == block { return block }
            block = grown
        }
    }

    /// Keeps `fresh` as row `row`'s measurement; when spans tie it to other rows, measures
    /// those not measured yet and shares the spanning cells' heights among them; puts every
    /// row whose height may have changed in the offsets.
    func store(_ fresh: MeasuredRow, ofRow row: Int) {
        measured[row] = fresh
        guard !rowSpans.isEmpty else {
            offsets.setHeight(spacedHeight(ofRow: row), of: row)
            return
        }
        let block = spanBlock(around: row)
        for other in block where needsMeasuring(other) { measured[other] = measure(row: other) }
        share(spanningHeightsIn: block)
        for other in block { offsets.setHeight(spacedHeight(ofRow: other), of: other) }
    }

    /// CSS's sharing of `rowspan` heights over `block` (every span meeting it lies within it):
    /// spans from the fewest rows to the most, each taller than its rows (their current heights
    /// and the spacing between them) adding the difference to its last row.
    func share(spanningHeightsIn block: Range<Int>) {
        for row in block { measured[row]?.growth = 0 }
        let spans = rowSpans.spans(meeting: block).sorted { ($0.count, $0.row, $0.column) < ($1.count, $1.row, $1.column) }
        for span in spans {
            guard let first = measured[span.row], measured.isMeasured(span.lastRow),
                  let cell = first.spanning.first(where: { $0.column == span.column }) else { continue }
            let rowsHeight = span.rows.reduce(0.0) { $0 + currentHeight(ofRow: $1) } + Double(span.count - 1) * spacing
            if cell.height > rowsHeight { measured[span.lastRow]!.growth += cell.height - rowsHeight }
        }
    }
}
