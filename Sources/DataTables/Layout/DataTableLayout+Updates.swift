extension DataTableLayout {
    /// Replaces the rows, diffing by `id`: rows that went, came and moved, and for the rows that
    /// stayed, the cells whose text changed. Heights follow rows by ID; a row with a changed cell
    /// is measured again when it comes into view; column widths are updated from the rows that
    /// changed (see `ColumnContent`), not by measuring every cell again. The user's place is kept
    /// (a deleted anchor row hands over to its nearest surviving neighbour).
    ///
    /// Rows grouped with `groupRows(byColumn:)` are grouped again, so an edited value splits or
    /// joins groups; spans set by hand stay on their row indices, those past the last row going.
    /// The spans that changed are in the change set, and their rows are measured again when they
    /// come into view.
    ///
    /// With `animatingDifferences: false` no diff is made: everything counts as new (heights
    /// unmeasured, columns measured again) and the change set says `reloadedEverything`.
    ///
    /// - Throws: `DataTableUpdateError` naming an ID that two rows share; nothing changes.
    /// - Complexity: O(n) when the IDs are the same, in the same order (edits only); O(n log n)
    ///   otherwise (two dictionaries, a longest increasing run for the moves); plus the cells
    ///   compared: every cell of every kept row, as text (`setData` on `Equatable` rows compares
    ///   rows first and only the texts of rows that differ).
    @inlinable  // the IDs are read where `Row` is known, not through generic witnesses
    @discardableResult
    public func setData(_ newRows: [Row], animatingDifferences: Bool = true) throws(DataTableUpdateError) -> DataTableChangeSet {
        let newIDs = newRows.map(\.id)
        return try update(newRows, ids: newIDs, sameIDs: newIDs == ids, animatingDifferences: animatingDifferences,
                          differing: nil, unchanged: nil)
    }

    /// Sorts the rows by column `column`'s text (stable; Swift's `String` order, which is by
    /// Unicode scalar values after canonical normalization: "10" sorts before "9"), as a
    /// `setData` with the same rows in a new order: heights stay with their rows and the user's
    /// place is kept. No such column: nothing changes.
    ///
    /// - Complexity: O(n) to format the column's texts and O(n log n) comparisons, plus the work
    ///   of `setData(_:animatingDifferences:)` on the reordered rows, no cell compared.
    @discardableResult
    public func sort(byColumn column: Int, ascending: Bool = true) -> DataTableChangeSet {
        guard columns.indices.contains(column) else { return DataTableChangeSet() }
        let keys = rows.map(columns[column].text)
        return reorder(rows.indices.sorted { a, b in keys[a] == keys[b] ? a < b : (keys[a] < keys[b]) == ascending })
    }

    /// Sorts the rows by `areInIncreasingOrder` (stable), for orders other than text: numbers,
    /// dates, a locale's collation.
    ///
    /// - Complexity: O(n log n) calls of `areInIncreasingOrder`, plus the work of
    ///   `setData(_:animatingDifferences:)` on the reordered rows, no cell compared.
    @discardableResult
    public func sort(by areInIncreasingOrder: (Row, Row) -> Bool) -> DataTableChangeSet {
        reorder(rows.indices.sorted { a, b in
            areInIncreasingOrder(rows[a], rows[b]) ? true : areInIncreasingOrder(rows[b], rows[a]) ? false : a < b
        })
    }

    /// The rows in `order` (a permutation of their indices), as a `setData` that changes no cell.
    private func reorder(_ order: [Int]) -> DataTableChangeSet {
        // The IDs are unique already, so this cannot throw.
        (try? update(order.map { rows[$0] }, ids: order.map { ids[$0] }, sameIDs: order.elementsEqual(order.indices),
                     animatingDifferences: true, differing: [], unchanged: { _, _ in true })) ?? DataTableChangeSet()
    }

    /// Drops every cache (measured heights, column content) and measures again, with
    /// `configuration` when given (SwiftDataTables' `reloadEverything()` after a configuration
    /// change).
    ///
    /// - Throws: `DataTableConfigurationError` for a bad configuration; nothing changes.
    /// - Complexity: sizing the columns again as
    ///   `init(rows:columns:configuration:frameWidth:viewportHeight:rowHeightProvider:cache:)` does,
    ///   O(n) to lay the rows out again, and measuring the rows in view.
    public func reloadEverything(configuration newConfiguration: DataTableConfiguration? = nil) throws(DataTableConfigurationError) {
        let previous = (configuration, modes, contents, minContents, columnWidths)
        if let newConfiguration {
            try newConfiguration.validateRowSettings()
            configuration = newConfiguration
        }
        do {
            try rebuildColumns()
        } catch {
            (configuration, modes, contents, minContents, columnWidths) = previous
            throw error
        }
        measured = [:]
        rebuildOffsets()
        contentOffset = clampedOffset(contentOffset)
        layoutViewport()
    }

    /// `setData`'s work, on `newRows` whose IDs are `newIDs` (`sameIDs`: the old ones, in the old
    /// order, as the caller found, where comparing them is specialized). Then `differing`, when
    /// given, lists the only rows that may have changed cells.
    /// `unchanged(old, new)`, when given, says two rows with the same ID show the same cells
    /// without comparing their texts.
    @usableFromInline
    func update(_ newRows: [Row], ids newIDs: [Row.ID], sameIDs: Bool, animatingDifferences: Bool, differing: [Int]?,
                unchanged: ((Row, Row) -> Bool)?) throws(DataTableUpdateError) -> DataTableChangeSet {
        let newIndexOfID = sameIDs ? indexOfID : try Self.uniqueIndices(of: newIDs)
        var changes = DataTableChangeSet()
        let anchor = currentAnchor()

        guard animatingDifferences else {
            let anchorIndex = anchor.flatMap { newIndexOfID[$0.id] }
            let oldRows = rows
            (rows, ids, indexOfID, measured) = (newRows, newIDs, newIndexOfID, [:])
            (changes.addedRowSpans, changes.removedRowSpans) = refreshRowSpans(oldRows: oldRows)
            // The modes were checked before and the rows do not change them.
            try? rebuildColumns()
            rebuildOffsets()
            restore(anchor, index: anchorIndex)
            layoutViewport()
            changes.reloadedEverything = true
            return changes
        }

        let diff = sameIDs ? nil
            : RowDiff(old: ids, oldIndexOfID: indexOfID, new: newIDs, newIndexOfID: newIndexOfID)
        let oldRows = rows
        var heightChanged: [Int] = []  // new indices of kept rows whose height must be measured again
        for newIndex in (sameIDs ? differing : nil) ?? Array(newRows.indices) {
            guard let oldIndex = sameIDs ? newIndex : diff!.oldIndex[newIndex] else { continue }
            let (old, row) = (oldRows[oldIndex], newRows[newIndex])
            if let unchanged, unchanged(old, row) { continue }
            // Each text is formatted once: compared here, then handed to the column content.
            var changed = false
            for column in columns.indices {
                let (before, after) = (columns[column].text(old), columns[column].text(row))
                guard before != after else { continue }
                changed = true
                changes.reloadedCells.append(DataTableChangeSet.Cell(row: newIndex, column: column))
                updateContent(-1, column: column, row: old, text: before)
                updateContent(+1, column: column, row: row, text: after)
            }
            guard changed else { continue }
            measured[row.id] = nil
            heightChanged.append(newIndex)
        }
        if let diff {
            for index in diff.deleted {
                updateContents(-1, row: oldRows[index])
                measured[oldRows[index].id] = nil
            }
            for index in diff.inserted { updateContents(+1, row: newRows[index]) }
            (changes.deletedRows, changes.insertedRows, changes.movedRows) = (diff.deleted, diff.inserted, diff.moved)
        }

        rows = newRows
        ids = newIDs
        indexOfID = newIndexOfID
        (changes.addedRowSpans, changes.removedRowSpans) = refreshRowSpans(oldRows: oldRows)
        for span in changes.addedRowSpans { heightChanged += span.rows }
        for span in changes.removedRowSpans { heightChanged += span.rows.compactMap { indexOfID[oldRows[$0].id] } }
        // The footer is bold and is the last row, whichever that is now (see `updateContent`).
        if configuration.lastRowIsFooter {
            let shown = columnWidths
            try? rebuildColumns()
            columnWidths = shown
        }
        changes.columnWidthsChanged = apply(fittedWidths())
        if diff != nil || changes.columnWidthsChanged {
            rebuildOffsets()
        } else {
            for index in heightChanged { offsets.setHeight(spacedHeight(ofRow: index), of: index) }
        }
        restore(anchor, index: anchor.flatMap { newIndexOfID[$0.id] ?? survivor(of: $0, in: oldRows) })
        layoutViewport()
        return changes
    }

    /// The new index of the nearest row to `anchor` (in the old order) that is still there.
    func survivor(of anchor: Anchor, in oldRows: [Row]) -> Int? {
        var distance = 1
        while anchor.index - distance >= 0 || anchor.index + distance < oldRows.count {
            for old in [anchor.index + distance, anchor.index - distance] where oldRows.indices.contains(old) {
                if let index = indexOfID[oldRows[old].id] { return index }
            }
            distance += 1
        }
        return nil
    }
}

extension DataTableLayout where Row: Equatable {
    /// `setData` for rows that can be compared whole: when the IDs are the same, in the same
    /// order, one pass over the old and new rows finds the rows that differ, and only their
    /// cells are compared; the comparison runs specialized for `Row` where it is called.
    ///
    /// - Complexity: one `==` a row when the IDs stay in order, then as the other
    ///   `setData(_:animatingDifferences:)`.
    @inlinable
    @discardableResult
    public func setData(_ newRows: [Row], animatingDifferences: Bool = true) throws(DataTableUpdateError) -> DataTableChangeSet {
        if animatingDifferences, let differing = rowsDiffering(in: newRows) {
            return try update(newRows, ids: ids, sameIDs: true, animatingDifferences: true, differing: differing, unchanged: ==)
        }
        let newIDs = newRows.map(\.id)
        return try update(newRows, ids: newIDs, sameIDs: newIDs == ids, animatingDifferences: animatingDifferences,
                          differing: nil, unchanged: ==)
    }

    /// When `newRows` have the current IDs in the current order, the indices of the rows unequal
    /// to the ones they replace; otherwise nil. One pass, stopping at the first other ID.
    @inlinable
    func rowsDiffering(in newRows: [Row]) -> [Int]? {
        guard newRows.count == rows.count else { return nil }
        var differing: [Int] = []
        let sameIDs = newRows.withUnsafeBufferPointer { new in
            rows.withUnsafeBufferPointer { old in
                ids.withUnsafeBufferPointer { ids in
                    for index in new.indices {
                        guard new[index].id == ids[index] else { return false }
                        if new[index] != old[index] { differing.append(index) }
                    }
                    return true
                }
            }
        }
        return sameIDs ? differing : nil
    }
}
