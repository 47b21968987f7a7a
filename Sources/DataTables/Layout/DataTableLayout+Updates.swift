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
        return try update(RowUpdate(rows: newRows, ids: newIDs, sameIDs: newIDs == ids), animatingDifferences: animatingDifferences)
    }

    /// Sorts the rows by column `column`'s text (stable; Swift's `String` order, which is by
    /// Unicode scalar values after canonical normalization: "10" sorts before "9"), as a
    /// `setData` with the same rows in a new order: heights stay with their rows and the user's
    /// place is kept. The footer row (``DataTableConfiguration/lastRowIsFooter``) stays last. No
    /// such column: nothing changes.
    ///
    /// - Complexity: O(n) to format the column's texts and O(n log n) comparisons, plus the work
    ///   of `setData(_:animatingDifferences:)` on the reordered rows, no cell compared.
    @discardableResult
    public func sort(byColumn column: Int, ascending: Bool = true) -> DataTableChangeSet {
        guard columns.indices.contains(column) else { return DataTableChangeSet() }
        let keys = rows[bodyRows].map(columns[column].text)
        return reorder(bodyRows.sorted { a, b in keys[a] == keys[b] ? a < b : (keys[a] < keys[b]) == ascending } + footerRows)
    }

    /// Sorts the rows by `areInIncreasingOrder` (stable), for orders other than text: numbers,
    /// dates, a locale's collation. The footer row stays last.
    ///
    /// - Complexity: O(n log n) calls of `areInIncreasingOrder`, plus the work of
    ///   `setData(_:animatingDifferences:)` on the reordered rows, no cell compared.
    @discardableResult
    public func sort(by areInIncreasingOrder: (Row, Row) -> Bool) -> DataTableChangeSet {
        reorder(bodyRows.sorted { a, b in
            areInIncreasingOrder(rows[a], rows[b]) ? true : areInIncreasingOrder(rows[b], rows[a]) ? false : a < b
        } + footerRows)
    }

    /// The rows above the footer: every row of a table without one. O(1).
    var bodyRows: Range<Int> { 0..<rows.count - footerRows.count }

    /// The footer row's index, alone, or none (``DataTableConfiguration/lastRowIsFooter``). O(1).
    var footerRows: Range<Int> {
        let footer = configuration.footerRow(rowCount: rows.count)
        return footer >= 0 ? footer..<footer + 1 : rows.count..<rows.count
    }

    /// The rows in `order` (a permutation of their indices), as a `setData` that changes no cell.
    /// The IDs are the current ones, unique already: they are indexed without a check.
    private func reorder(_ order: [Int]) -> DataTableChangeSet {
        let sameIDs = order.elementsEqual(order.indices)
        let newIDs = order.map { ids[$0] }
        let newIndexOfID = sameIDs ? indexOfID : RowIndexByID(uniqueWithoutChecking: newIDs)
        let update = RowUpdate(rows: order.map { rows[$0] }, ids: newIDs, sameIDs: sameIDs, differing: [],
                               unchanged: { _, _ in true })
        return apply(plan(update, indexOfID: newIndexOfID))
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
        measured = MeasuredRows(rowCount: rows.count)
        rebuildOffsets()
        contentOffset = clampedOffset(contentOffset)
        layoutViewport()
    }

    /// `setData`'s work: the new IDs checked and indexed, then without `animatingDifferences`
    /// everything replaced (`reload(_:indexOfID:)`), else the rows diffed, the update planned
    /// from the diff and the plan applied.
    @usableFromInline
    func update(_ update: RowUpdate<Row>, animatingDifferences: Bool) throws(DataTableUpdateError) -> DataTableChangeSet {
        let newIndexOfID = update.sameIDs ? indexOfID : try RowIndexByID(unique: update.ids)
        guard animatingDifferences else { return reload(update, indexOfID: newIndexOfID) }
        return apply(plan(update, indexOfID: newIndexOfID))
    }

    /// Replaces every row without a diff: nothing measured, the columns measured again.
    func reload(_ update: RowUpdate<Row>, indexOfID newIndexOfID: RowIndexByID<Row.ID>) -> DataTableChangeSet {
        let anchor = currentAnchor()
        let oldRows = rows
        (rows, ids, indexOfID, measured) = (update.rows, update.ids, newIndexOfID, MeasuredRows(rowCount: update.rows.count))
        var changes = DataTableChangeSet()
        (changes.addedRowSpans, changes.removedRowSpans) = refreshRowSpans(oldRows: oldRows)
        measureColumns()
        rebuildOffsets()
        restore(anchor, index: anchor.flatMap { newIndexOfID[$0.id] })
        layoutViewport()
        changes.reloadedEverything = true
        return changes
    }

    /// What `update` changes (see `UpdatePlan`), nothing changed yet: the rows that went, came
    /// and moved (`RowDiff`), and each kept row whose cells changed, or whose role did (only the
    /// old and the new last rows can become or stop being the footer).
    ///
    /// - Complexity: O(n log n) for a diff (none when the IDs are the same), plus formatting and
    ///   comparing the cells of the rows `update` may have changed.
    func plan(_ update: RowUpdate<Row>, indexOfID newIndexOfID: RowIndexByID<Row.ID>) -> UpdatePlan<Row> {
        let diff = update.sameIDs ? RowDiff() : RowDiff(old: ids, oldIndexOfID: indexOfID, new: update.ids, newIndexOfID: newIndexOfID)
        let (oldFooter, newFooter) = (configuration.footerRow(rowCount: rows.count), configuration.footerRow(rowCount: update.rows.count))
        var edited: [UpdatePlan<Row>.EditedRow] = []
        for new in (update.sameIDs ? update.differing : nil) ?? Array(update.rows.indices) {
            guard let old = diff.oldIndex(of: new) else { continue }
            let (before, after) = (rows[old], update.rows[new])
            let roleChanged = (old == oldFooter) != (new == newFooter)
            if !roleChanged, let unchanged = update.unchanged, unchanged(before, after) { continue }
            var cells: [UpdatePlan<Row>.EditedCell] = []
            for column in columns.indices {
                let cell = UpdatePlan<Row>.EditedCell(column: column, before: columns[column].text(before), after: columns[column].text(after))
                if roleChanged || cell.before != cell.after { cells.append(cell) }
            }
            if !cells.isEmpty { edited.append(UpdatePlan.EditedRow(old: old, new: new, cells: cells)) }
        }
        return UpdatePlan(rows: update.rows, ids: update.ids, indexOfID: newIndexOfID, diff: diff, edited: edited,
                          oldFooter: oldFooter, newFooter: newFooter)
    }

    /// Carries `plan` out: the column contents updated from the cells that went, came and
    /// changed, each measured in its row's role (see `updateContent`); the rows replaced; those
    /// whose height can change unmeasured; the spans, widths and offsets brought up to date;
    /// the user's place kept.
    ///
    /// - Complexity: O(cells of the planned rows) to update the contents (measuring each such
    ///   cell), plus O(n) to lay the rows out again when rows went, came or moved or a width
    ///   changed (else O(log n) a row unmeasured), plus the spans' refresh and the widths' fit.
    func apply(_ plan: UpdatePlan<Row>) -> DataTableChangeSet {
        var changes = DataTableChangeSet()
        let anchor = currentAnchor()
        let oldRows = rows
        var remeasured: [Int] = []  // new indices of kept rows whose height must be measured again
        for row in plan.edited {
            let (old, new) = (oldRows[row.old], plan.rows[row.new])
            for cell in row.cells {
                changes.reloadedCells.append(DataTableChangeSet.Cell(row: row.new, column: cell.column))
                updateContent(-1, column: cell.column, row: old, text: cell.before, isFooter: row.old == plan.oldFooter)
                updateContent(+1, column: cell.column, row: new, text: cell.after, isFooter: row.new == plan.newFooter)
            }
            measured[row.old] = nil
            remeasured.append(row.new)
        }
        for index in plan.diff.deleted {
            updateContents(-1, row: oldRows[index], isFooter: index == plan.oldFooter)
            measured[index] = nil
        }
        for index in plan.diff.inserted { updateContents(+1, row: plan.rows[index], isFooter: index == plan.newFooter) }
        (changes.deletedRows, changes.insertedRows, changes.movedRows) = (plan.diff.deleted, plan.diff.inserted, plan.diff.moved)

        (rows, ids, indexOfID) = (plan.rows, plan.ids, plan.indexOfID)
        // The measurements move with their rows.
        if !plan.diff.keepsOrder || rows.count != oldRows.count {
            measured = measured.reordered(rowCount: rows.count, from: plan.diff.oldIndex(of:))
        }
        (changes.addedRowSpans, changes.removedRowSpans) = refreshRowSpans(oldRows: oldRows)
        for span in changes.addedRowSpans { remeasured += span.rows }
        for span in changes.removedRowSpans { remeasured += span.rows.compactMap { indexOfID[oldRows[$0].id] } }
        changes.columnWidthsChanged = apply(fittedWidths())
        if !plan.diff.keepsOrder || changes.columnWidthsChanged {
            rebuildOffsets()
        } else {
            for index in remeasured { offsets.setHeight(spacedHeight(ofRow: index), of: index) }
        }
        restore(anchor, index: anchor.flatMap { indexOfID[$0.id] ?? survivor(of: $0, in: oldRows) })
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
            return try update(RowUpdate(rows: newRows, ids: ids, sameIDs: true, differing: differing, unchanged: ==),
                              animatingDifferences: true)
        }
        let newIDs = newRows.map(\.id)
        return try update(RowUpdate(rows: newRows, ids: newIDs, sameIDs: newIDs == ids, unchanged: ==),
                          animatingDifferences: animatingDifferences)
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

/// New rows for `DataTableLayout.update(_:animatingDifferences:)`, with what the caller knows of them.
@usableFromInline
struct RowUpdate<Row: Identifiable> {
    let rows: [Row]
    let ids: [Row.ID]
    /// Whether `ids` are the current IDs in the current order (compared by the caller, where the
    /// comparison is specialized).
    let sameIDs: Bool
    /// With `sameIDs`, the only rows whose cells may have changed; nil: any.
    let differing: [Int]?
    /// Whether two rows with the same ID show the same cells, without comparing their texts; nil: compare.
    let unchanged: ((Row, Row) -> Bool)?

    @usableFromInline
    init(rows: [Row], ids: [Row.ID], sameIDs: Bool, differing: [Int]? = nil, unchanged: ((Row, Row) -> Bool)? = nil) {
        (self.rows, self.ids, self.sameIDs, self.differing, self.unchanged) = (rows, ids, sameIDs, differing, unchanged)
    }
}
