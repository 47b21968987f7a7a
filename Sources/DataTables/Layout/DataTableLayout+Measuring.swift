import CellLayout
import TextMeasure

extension DataTableLayout {
    /// Row `row`'s height now: provided (clamped to `0...maximumLength`, NaN as 0), fixed,
    /// measured, or the estimate.
    func currentHeight(ofRow row: Int) -> Double {
        if let provided = rowHeightProvider?(rows[row], row) { return provided.clampedLength }
        switch configuration.rowHeightMode {
        case .fixed(let height): return height
        case .automatic(let estimated, _): return measured[rows[row].id]?.height ?? estimated
        }
    }

    /// What row `row` takes in the offsets tree: its height and the spacing after it, each on the
    /// grid, so that the slot less the spacing is exactly the height.
    func slot(ofRow row: Int) -> Double { RowOffsets.grid(currentHeight(ofRow: row)) + spacing }

    /// Whether row `row` waits to be measured: automatic heights, no provided height, not yet measured.
    func needsMeasuring(_ row: Int) -> Bool {
        guard case .automatic = configuration.rowHeightMode, measured[rows[row].id] == nil else { return false }
        return rowHeightProvider?(rows[row], row) == nil
    }

    /// Row `row` measured now: the tallest of its cells at their columns' widths, plus the
    /// vertical padding; the lines of its wrapped text cells kept.
    func measure(row: Int) -> MeasuredRow {
        let value = rows[row]
        let padding = configuration.cellPadding
        var tallest = 0.0
        var cells: [MeasuredRowCell] = []
        cells.reserveCapacity(columns.count)
        var lines: [KeptLine] = []
        for (index, column) in columns.enumerated() {
            let inner = max(0, columnWidths.columns[index].width - padding.horizontal)
            let height: Double, stable: Double
            if let cell = column.cell?(value) {
                let measuredCell = MeasuredCell(cell, cache: cache)
                (height, stable) = (measuredCell.height(atWidth: inner), measuredCell.fittingWidth)
            } else {
                let text = column.text(value)
                let font = cellFont(ofColumn: index, style: textStyle(ofColumn: index, row: row, text: text))
                switch configuration.textLayout {
                case .singleLine:
                    (height, stable) = (font.singleLine(text, width: inner, cache: cache).height, 0)
                case .wrap:
                    let prepared = font.prepare(text, cache: cache)
                    let kept = prepared.keptLines(atWidth: inner)
                    (height, stable) = (kept.height, prepared.maxContentWidth)
                    lines += kept.lines ?? []
                }
            }
            tallest = max(tallest, height)
            cells.append(MeasuredRowCell(stableBeyond: stable, linesEnd: lines.count))
        }
        return MeasuredRow(height: tallest + padding.vertical, cells: cells, lines: lines)
    }

    /// The lines measuring kept of the wrapped text cells of row `row`; nil when it is not measured.
    package func keptLines(ofRow row: Int) -> KeptRowLines? {
        measured[rows[row].id].map { KeptRowLines(cells: $0.cells, lines: $0.lines) }
    }

    /// Measures row `row` again (its content changed in place, say while the user types) and
    /// moves the rows below by the difference, keeping the viewport on what the user sees.
    ///
    /// - Returns: false when nothing moved by more than half a point: a measured row whose height
    ///   changed by 0.5 pt or less keeps it; a row not measured before takes its measured height
    ///   (however close to the estimate) and says whether it moved by more than 0.5 pt. Also false
    ///   for fixed or provided heights.
    /// - Precondition: `row` is in `0..<rowCount`.
    /// - Complexity: O(cells of the row + log n), plus measuring the row's cells.
    @discardableResult
    public func remeasureRow(_ row: Int) -> Bool {
        checkIndex(row)
        guard case .automatic = configuration.rowHeightMode, rowHeightProvider?(rows[row], row) == nil else { return false }
        let fresh = measure(row: row)
        let old = currentHeight(ofRow: row)
        let moved = abs(fresh.height - old) > 0.5
        if let kept = measured[rows[row].id], !moved {
            // A measured row keeps its height through a change of half a point or less.
            measured[rows[row].id] = MeasuredRow(height: kept.height, cells: fresh.cells, lines: fresh.lines)
            return false
        }
        let anchor = currentAnchor()
        measured[rows[row].id] = fresh
        offsets.setHeight(slot(ofRow: row), of: row)
        restore(anchor)
        return moved
    }

    /// Measures the rows of `range` not measured yet, as if they had come into view, keeping
    /// the user's place (for a renderer that needs every row, or a range, exact). Returns whether
    /// any row was measured.
    ///
    /// - Precondition: `range` lies within `0..<rowCount` (an empty range may start at `rowCount`).
    /// - Complexity: O(`range.count`) to find the rows not measured, plus for each of them
    ///   measuring its cells and O(log n) to place it.
    @discardableResult
    public func measureRows(_ range: Range<Int>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= self.rows.count,
                     "row range \(range) out of range: the table has \(rowsDescription)")
        let rows = range.filter(needsMeasuring)
        guard !rows.isEmpty else { return false }
        let anchor = currentAnchor()
        for row in rows {
            measured[self.rows[row].id] = measure(row: row)
            offsets.setHeight(slot(ofRow: row), of: row)
        }
        restore(anchor)
        return true
    }
}
