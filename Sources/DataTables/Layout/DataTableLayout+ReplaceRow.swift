extension DataTableLayout {
    /// Replaces row `row` with `newRow`, the same row edited (the same ID), as `setData` would
    /// with every other row kept, without looking at the other rows: the column contents updated
    /// from the cells whose text changed, the row measured again now (it is where an edit is) and
    /// the rows below moved by the difference, the user's place kept. Columns whose width depends
    /// on their content are fitted again from the contents, as `setData` fits them.
    ///
    /// With a grouping (`groupRows(byColumn:)`) or spans set by hand, this is `setData` with the
    /// row replaced: the spans are made again from every row.
    ///
    /// - Precondition: `row` is in `0..<rowCount`, and `newRow` has its ID (a row with another ID
    ///   is an insertion and a deletion: `setData`).
    /// - Complexity: O(columns + log n), plus measuring the row's cells and fitting the columns
    ///   from their contents; O(n) when a column's width changed (every offset laid out again)
    ///   or spans are set.
    @discardableResult
    public func replaceRow(_ row: Int, with newRow: Row) -> DataTableChangeSet {
        checkIndex(row)
        precondition(newRow.id == ids[row], "row \(row) has the ID \(ids[row]), not \(newRow.id): replace a row with itself edited")
        guard rowSpans.isEmpty, groupColumn == nil else {
            var rows = self.rows
            rows[row] = newRow
            // The same IDs in the same order: setData cannot find a duplicate.
            let changes = (try? setData(rows)) ?? DataTableChangeSet()
            measureRows(row..<(row + 1))
            return changes
        }
        let anchor = currentAnchor()
        let old = rows[row]
        let isFooter = row == configuration.footerRow(rowCount: rows.count)
        var changes = DataTableChangeSet()
        for column in columns.indices {
            let (before, after) = (columns[column].text(old), columns[column].text(newRow))
            guard before != after else { continue }
            changes.reloadedCells.append(DataTableChangeSet.Cell(row: row, column: column))
            updateContent(-1, column: column, row: old, text: before, isFooter: isFooter)
            updateContent(+1, column: column, row: newRow, text: after, isFooter: isFooter)
        }
        rows[row] = newRow
        guard !changes.reloadedCells.isEmpty else { return changes }
        measured[row] = nil
        changes.columnWidthsChanged = apply(fittedWidths())
        if changes.columnWidthsChanged { rebuildOffsets() }
        if needsMeasuring(row) { store(measure(row: row), ofRow: row) }
        offsets.setHeight(spacedHeight(ofRow: row), of: row)
        restore(anchor)
        layoutViewport()
        return changes
    }

    /// The index of the row whose ID is `id`, nil when no row has it. O(1).
    public func index(ofRowWithID id: Row.ID) -> Int? { indexOfID[id] }
}

extension DataTableLayout {
    /// How many rows have their measured height (not the estimate). O(1).
    package var measuredRowCount: Int { measured.count }

    /// Rows `range`'s heights each with the spacing below it (the last row's without), on the
    /// grid of 2⁻²⁰ pt: the differences of their offsets, so that summing them from the first row
    /// gives the offsets exactly. O(`range.count`).
    package func spacedHeights(_ range: Range<Int>) -> [Double] {
        var heights = offsets.heights(range)
        if range.upperBound == rows.count, !heights.isEmpty { heights[heights.count - 1] -= spacing }
        return heights
    }

    /// The rows' IDs, in display order. O(1).
    package var rowIDs: [Row.ID] { ids }
}
