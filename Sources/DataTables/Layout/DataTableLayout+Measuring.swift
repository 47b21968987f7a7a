import CellLayout
import TextMeasure

extension DataTableLayout {
    /// Row `row`'s height now: provided (clamped to `0...maximumLength`, NaN as 0), fixed,
    /// measured, or the estimate.
    func currentHeight(ofRow row: Int) -> Double {
        if let provided = rowHeightProvider?(rows[row], row) { return provided.clampedLength }
        switch configuration.rowHeightMode {
        case .fixed(let height): return height
        case .automatic(let estimated, _): return measured[row].map { $0.height + $0.growth } ?? estimated
        }
    }

    /// Row `row`'s height and the spacing below it, each on the grid (so that this less the
    /// spacing is exactly the height): what the row takes in the offsets tree.
    func spacedHeight(ofRow row: Int) -> Double { RowOffsets.grid(currentHeight(ofRow: row)) + spacing }

    /// Whether row `row` waits to be measured: automatic heights, no provided height, not yet measured.
    func needsMeasuring(_ row: Int) -> Bool {
        guard case .automatic = configuration.rowHeightMode, !measured.isMeasured(row) else { return false }
        return rowHeightProvider?(rows[row], row) == nil
    }

    /// Row `row` measured now: the tallest of its cells at their columns' widths, plus the
    /// vertical padding. A cell spanning rows counts
    /// for none of them: where the span starts it is measured and kept in `spanning`, below
    /// that it is empty (see `share(spanningHeightsIn:)`).
    func measure(row: Int) -> MeasuredRow { rowMeasurer.measure(cells(ofRow: row)) }

    /// What measuring row `row` reads on this thread: each column's compound cell, or its text
    /// and the font the text's style gives it; a cell spanning rows marked where its span
    /// starts, covered below that. O(columns), plus the columns' closures.
    func cells(ofRow row: Int) -> RowCells {
        let value = rows[row]
        let isFooter = row == configuration.footerRow(rowCount: rowCount)
        var cells: [RowCells.Cell] = []
        cells.reserveCapacity(columns.count)
        // By a plain range: enumerating `columns` (generic over `Row`), or its `indices`, looked
        // up a type at run time for every cell, a third of the time reading a row took.
        for index in 0..<columns.count {
            let column = columns[index]
            let span = rowSpans.isEmpty ? nil : rowSpans.span(column: index, coveringRow: row)
            if let span, span.row != row {
                cells.append(RowCells.Cell(content: .covered))
                continue
            }
            let content: RowCells.Cell.Content
            if let cell = column.cell?(value) {
                content = .node(cell)
            } else {
                let text = column.text(value)
                // As `textStyle(ofColumn:row:text:)`, the footer found once for the row.
                content = .text(text, cellFont(ofColumn: index, style: column.textStyle(for: value, text: text, isFooter: isFooter)))
            }
            cells.append(RowCells.Cell(content: content, isSpanning: span != nil))
        }
        return RowCells(cells: cells)
    }

    /// Measures rows' cells at the columns' current widths, on any thread.
    var rowMeasurer: RowMeasurer {
        let padding = configuration.cellPadding
        return RowMeasurer(innerWidths: columnWidths.columns.map { max(0, $0.width - padding.horizontal) },
                           padding: padding, textLayout: configuration.textLayout, cache: cache,
                           findsStableWidths: findsStableWidths)
    }

    /// Measures row `row` again (its content changed in place, say while the user types) and
    /// moves the rows below by the difference, keeping the viewport on what the user sees.
    ///
    /// - Returns: false when nothing moved by more than half a point: a measured row whose height
    ///   changed by 0.5 pt or less keeps it; a row not measured before takes its measured height
    ///   (however close to the estimate) and says whether it moved by more than 0.5 pt. Also false
    ///   for fixed or provided heights.
    /// - Precondition: `row` is in `0..<rowCount`.
    ///   When spans tie the row to others, they are measured too if they were not, the spanning
    ///   cells' heights are shared again, and the result says whether any of them moved.
    /// - Complexity: O(cells of the row + log n), plus measuring the row's cells; with spans,
    ///   O(log n) for each row they tie it to, plus measuring those not measured yet.
    @discardableResult
    public func remeasureRow(_ row: Int) -> Bool {
        checkIndex(row)
        guard case .automatic = configuration.rowHeightMode, rowHeightProvider?(rows[row], row) == nil else { return false }
        let anchor = currentAnchor()
        // A grouped row whose value changed may split from its group or join another: the rows
        // of the groups that changed are measured again with it.
        let regrouped = regroup(around: row)
        if let regrouped { for other in regrouped where other != row { measured[other] = nil } }
        let tied = rowSpans.isEmpty ? row..<(row + 1) : spanBlock(around: row)
        let before = tied.map(currentHeight(ofRow:))
        var fresh = measure(row: row)
        // A measured row keeps its height through a change of half a point or less.
        if let kept = measured[row], abs(fresh.height - kept.height) <= 0.5 { fresh.height = kept.height }
        store(fresh, ofRow: row)
        var moved = false
        for other in regrouped ?? row..<row where needsMeasuring(other) {
            store(measure(row: other), ofRow: other)
            moved = true
        }
        let after = tied.map(currentHeight(ofRow:))
        if moved || after != before { restore(anchor) }
        return moved || zip(before, after).contains { abs($0 - $1) > 0.5 }
    }

    /// Measures the rows of `range` not measured yet, as if they had come into view, keeping
    /// the user's place (for a renderer that needs every row, or a range, exact). Returns whether
    /// any row was measured.
    ///
    /// - Precondition: `range` lies within `0..<rowCount` (an empty range may start at `rowCount`).
    /// A row a cell spans with others is measured with them (see `setRowSpans(_:)`), and only
    /// with them: rows outside the range and its spans are never measured.
    ///
    /// Without spans, the rows' cells are read on this thread (the rows, the columns' closures)
    /// and measured on every core, a batch at a time, the next batch's cells read while the one
    /// before is measured (`measureAllRows(of:)`); the result is the same as measuring them one
    /// after another. Called in a task that is cancelled, it stops after the batch it is
    /// measuring (4,096 rows): the rows not reached keep their estimated heights.
    ///
    /// - Complexity: O(`range.count`) to find the rows not measured, plus for each of them
    ///   measuring its cells (on every core) and O(log n) to place it (and the same for the rows
    ///   its spans tie it to, one after another).
    @discardableResult
    public func measureRows(_ range: Range<Int>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= self.rows.count,
                     "row range \(range) out of range: the table has \(rowsDescription)")
        let runs = runsNeedingMeasuring(range)
        guard !runs.isEmpty else { return false }
        if rowSpans.isEmpty { return Self.measureInBatches([(self, runs)]) }
        let anchor = currentAnchor()
        for row in runs.joined() where needsMeasuring(row) {  // a span may have measured it with another
            store(measure(row: row), ofRow: row)
        }
        restore(anchor)
        return true
    }

    /// Measures every row not measured yet of each of `layouts` (the column bands of one table,
    /// say), as `measureRows(0..<rowCount)` on each would, keeping each one's place. Layouts
    /// waiting for the same rows (bands, measured for drawing) are measured together, a batch of
    /// rows of all of them at once, so that a text several of them show is prepared once a row
    /// (`PreparedTexts`); otherwise the rows of layouts without spans go through one stream of
    /// batches, whatever layout they belong to. Either way, while a batch is measured on every
    /// core, the next one's cells are read on this thread, and the batch before is stored.
    /// `progress` gets the rows measured so far and the rows to measure after each batch is
    /// stored: a row of layouts measured together counts once.
    ///
    /// - Complexity: O(rows) for each layout to find the rows not measured, plus measuring each
    ///   of them (on every core) and O(log n) to place it.
    package static func measureAllRows(of layouts: [DataTableLayout], progress: (_ measured: Int, _ of: Int) -> Void = { _, _ in }) {
        var batched: [(DataTableLayout, [Range<Int>])] = []
        for layout in layouts {
            guard layout.rowSpans.isEmpty else {
                layout.measureRows(0..<layout.rowCount)
                continue
            }
            let runs = layout.runsNeedingMeasuring(0..<layout.rowCount)
            if !runs.isEmpty { batched.append((layout, runs)) }
        }
        if batched.count > 1, batched.dropFirst().allSatisfy({ $0.1 == batched[0].1 }) {
            measureTogether(batched, progress: progress)
        } else {
            measureInBatches(batched, progress: progress)
        }
    }

    /// The rows of `range` waiting to be measured, as runs of consecutive rows: a range, not a
    /// million indices, when every row waits. O(`range.count`).
    private func runsNeedingMeasuring(_ range: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for row in range where needsMeasuring(row) {
            if let last = runs.last, last.upperBound == row { runs[runs.count - 1] = last.lowerBound..<row + 1 } else { runs.append(row..<row + 1) }
        }
        return runs
    }

    /// Measures the rows of `runs` of each layout (all waiting to be measured; layouts without
    /// spans), a batch of `measuringBatch` rows at a time (see `pipelined`). Returns whether any
    /// row was measured.
    @discardableResult
    private static func measureInBatches(_ work: [(layout: DataTableLayout, runs: [Range<Int>])],
                                         progress: (_ measured: Int, _ of: Int) -> Void = { _, _ in }) -> Bool {
        let anchors = work.map { $0.layout.currentAnchor() }
        let total = work.reduce(0) { $0 + $1.runs.reduce(0) { $0 + $1.count } }
        var done = 0
        let batches = work.lazy.flatMap { layout, runs in RowBatches(runs, first: measuringBatch, most: measuringBatch).lazy.map { (layout, $0) } }
        var measurer: (layout: DataTableLayout, measurer: RowMeasurer)?
        pipelined(batches, read: { layout, rows in
            if measurer?.layout !== layout { measurer = (layout, layout.rowMeasurer) }
            let (cells, rowMeasurer) = (rows.map(layout.cells(ofRow:)), measurer!.measurer)
            return { concurrentMap(cells.count) { rowMeasurer.measure(cells[$0]) } }
        }, store: { batch, measured in
            batch.0.store(measured, ofRows: batch.1)
            done += batch.1.count
            progress(done, total)
        })
        for ((layout, _), anchor) in zip(work, anchors) { layout.restore(anchor) }
        return work.contains { !$0.runs.isEmpty }
    }

    /// Measures the same `rows` of every one of `work`'s layouts, a batch of rows at a time for
    /// all of them, each row's cells of every layout measured together, so that a text several
    /// of them show (the key columns each band repeats) is prepared once a row, not once a
    /// layout (see `PreparedTexts`).
    private static func measureTogether(_ work: [(layout: DataTableLayout, runs: [Range<Int>])],
                                        progress: (_ measured: Int, _ of: Int) -> Void) {
        let layouts = work.map(\.layout)
        let total = work[0].runs.reduce(0) { $0 + $1.count }
        var done = 0
        let anchors = layouts.map { $0.currentAnchor() }
        let measurers = layouts.map(\.rowMeasurer)
        // The first batches small, growing to `measuringBatch` rows' cells of one layout: every
        // core waits while the first is read, and a batch here is every layout's cells of its
        // rows (a cancelled task waits for the batch being measured: 4 bands of 4,096 wrapped
        // rows took 250 ms).
        let most = Swift.max(256, measuringBatch / layouts.count)
        pipelined(RowBatches(work[0].runs, first: Swift.min(256, most), most: most), read: { batch in
            let cells = layouts.map { batch.map($0.cells(ofRow:)) }
            return {
                let byRow = concurrentMap(batch.count) { row in
                    var prepared = PreparedTexts()
                    return measurers.indices.map { measurers[$0].measure(cells[$0][row], prepared: &prepared) }
                }
                return measurers.indices.map { layout in byRow.map { $0[layout] } }
            }
        }, store: { batch, measured in
            for (layout, measured) in zip(layouts, measured) { layout.store(measured, ofRows: batch) }
            done += batch.count
            progress(done, total)
        })
        for (layout, anchor) in zip(layouts, anchors) { layout.restore(anchor) }
    }

    /// Measures `batches` in order: each one's cells are read here (`read`, which returns the
    /// work to do with them), measured on every core while the next batch's cells are read, and
    /// stored here, in order (`store`). The last batch, with nothing left to read beside it, is
    /// measured here. No batch is read once the current task is cancelled.
    private static func pipelined<Batch, Measured: Sendable>(_ batches: some Sequence<Batch>, read: (Batch) -> @Sendable () -> Measured,
                                                             store: (Batch, Measured) -> Void) {
        var waiting: (batch: Batch, measured: Pending<Measured>)?
        var remaining = batches.makeIterator()
        var next = remaining.next()
        while let batch = next, !Task.isCancelled {
            next = remaining.next()
            let measure = read(batch)
            let measured = next == nil ? Pending(done: measure()) : Pending(measure)
            if let waiting { store(waiting.batch, waiting.measured.value) }
            waiting = (batch, measured)
        }
        if let waiting { store(waiting.batch, waiting.measured.value) }
    }

    /// Keeps `measured` as the measurements of `rows`, in order.
    private func store(_ measured: [MeasuredRow], ofRows rows: [Int]) {
        for (row, fresh) in zip(rows, measured) { store(fresh, ofRow: row) }
    }

    /// How many rows `measureRows(_:)` reads before measuring them: it holds their cells' texts.
    static var measuringBatch: Int { 4_096 }
}

/// The rows of some runs, in batches of consecutive indices: the first `first` rows, then twice
/// as many each time up to `most`. Each batch is made when it is reached.
struct RowBatches: Sequence, IteratorProtocol {
    private var runs: ArraySlice<Range<Int>>
    private var size: Int
    private let most: Int

    init(_ runs: [Range<Int>], first: Int, most: Int) {
        (self.runs, size, self.most) = (runs[...], first, most)
    }

    mutating func next() -> [Int]? {
        var batch: [Int] = []
        while batch.count < size, let run = runs.first {
            let taken = run.prefix(size - batch.count)
            batch += taken
            runs[runs.startIndex] = taken.upperBound..<run.upperBound
            if taken.upperBound == run.upperBound { runs.removeFirst() }
        }
        size = Swift.max(size, Swift.min(2 * size, most))
        return batch.isEmpty ? nil : batch
    }
}
