import CellLayout
import TextMeasure

/// One column-width calculation: modes checked and resolved, each into its `ColumnWidthPlan`,
/// content measured by the plans, widths fitted, clamped and scaled (see
/// `DataTableConfiguration.columnWidths(for:columns:frameWidth:cache:progress:)`).
struct ColumnWidthCalculator {
    let configuration: DataTableConfiguration
    let rowCount: Int
    let titles: [String]
    /// The text of the cell at (column, row).
    let cellText: (_ column: Int, _ row: Int) -> String
    /// The cell at (column, row), for `.fitContentAutoLayout`, its text in the cell's font.
    let cellNode: (_ column: Int, _ row: Int) -> CellNode
    /// The weights the cells of a column are measured in.
    let cellWeights: (_ column: Int) -> ColumnCellWeights
    let cache: WidthCache?
    /// Each column's declared alignment (shorter than the columns: the rest `nil`); a `.decimal`
    /// column's content is at least its ``DecimalExtent``'s width.
    var alignments: [ColumnAlignment?] = [] {
        didSet { fonts = configuration.columnFonts(alignments: alignments, count: titles.count) }
    }
    /// Each column's font (``DataTableConfiguration/columnFonts(alignments:count:)``, or a
    /// layout's fonts, set after `alignments`).
    var fonts: [FontStack] = []
    let progress: ((DataTableColumnWidthProgress) -> Void)?
    private var completedCells = 0
    private var totalCells = 0

    /// Whether min-content widths are measured besides max-content (automatic table layout).
    var measuresMinContent: Bool { configuration.tableLayout == .automatic }

    /// Cells formatted (and their new distinct texts measured) between two progress reports.
    static var batchSize: Int { 16_384 }

    init(configuration: DataTableConfiguration, rowCount: Int, titles: [String],
         cellText: @escaping (_ column: Int, _ row: Int) -> String,
         cellNode: @escaping (_ column: Int, _ row: Int) -> CellNode,
         cellWeights: @escaping (_ column: Int) -> ColumnCellWeights, cache: WidthCache?,
         progress: ((DataTableColumnWidthProgress) -> Void)?) {
        (self.configuration, self.rowCount, self.titles, self.cellText) = (configuration, rowCount, titles, cellText)
        (self.cellNode, self.cellWeights) = (cellNode, cellWeights)
        (self.cache, self.progress) = (cache, progress)
        fonts = configuration.columnFonts(alignments: [], count: titles.count)
    }

    mutating func calculate(frameWidth: Double?) throws(DataTableConfigurationError) -> DataTableColumnWidths {
        try configuration.validateTableSettings(frameWidth: frameWidth)
        let modes = try validatedModes()
        let plans = modes.map { plan(of: $0) }
        totalCells = plans.reduce(0) { $0 + $1.cellsRead(of: rowCount) }
        var contents: [IntrinsicWidths?] = []
        for (index, plan) in plans.enumerated() { contents.append(content(ofColumn: index, plan: plan)) }
        return widths(modes: modes, contents: contents, frameWidth: frameWidth,
                      decimals: titles.indices.map { $0 < alignments.count && alignments[$0] == .decimal ? decimalExtent(ofColumn: $0) : nil })
    }

    /// Each column's mode, the provider's or the configuration's, checked.
    func validatedModes() throws(DataTableConfigurationError) -> [DataTableColumnWidthMode] {
        var modes: [DataTableColumnWidthMode] = []
        for (index, title) in titles.enumerated() {
            modes.append(try configuration.validatedMode(ofColumn: index, title: title))
        }
        try configuration.validateHeaderGroups(columnCount: titles.count)
        return modes
    }

    /// `mode`'s plan, a calibrated average in the configuration's font.
    func plan(of mode: DataTableColumnWidthMode) -> ColumnWidthPlan {
        ColumnWidthPlan(mode, calibratedCharacterWidth: configuration.font.averageCharacterWidth)
    }

    /// The content widths of column `column` by `plan` (nil for a `.fixed` mode's, which reads no content).
    mutating func content(ofColumn column: Int, plan: ColumnWidthPlan) -> IntrinsicWidths? {
        plan.contentWidth(estimate: { estimatedAverage(ofColumn: column, averageCharWidth: $0) },
                          measure: { measuredContentWidth(ofColumn: column, $0) })
    }

    /// The columns' widths from their content widths. Each content width is padded, clamped and
    /// raised to the header (`.fixed` exactly): the fitted width, which is also the column's
    /// max-content width, and, measured from the min-content width the same way, its min-content
    /// width. Then `.contentFitted` scales the fitted widths to fill `frameWidth` when the
    /// configuration says so, and `.automatic` shares `frameWidth` out between the two
    /// (`AutomaticTableLayout`). Header groups wider than their columns widen them first
    /// (`HeaderGroupSpread`): their min- and max-content widths under automatic layout, their
    /// fitted widths otherwise. A `.decimal` column's content (both widths) is raised to its
    /// decimal extent's width (`decimals`, by column), so no number wraps and every side fits.
    func widths(modes: [DataTableColumnWidthMode], contents: [IntrinsicWidths?], frameWidth: Double?,
                decimals: [DecimalExtent?]) -> DataTableColumnWidths {
        var columns: [AutomaticTableLayout.Column] = [], headers: [Double] = []
        for (index, mode) in modes.enumerated() {
            let header = headerWidth(of: titles[index])
            if case .fixed(let width) = mode {
                columns.append(AutomaticTableLayout.Column(minContent: width, maxContent: width, isFixed: true))
            } else {
                var content = contents[index] ?? IntrinsicWidths(0)  // an estimate's min-content may exceed its max
                if let decimal = decimals[index] {
                    content = IntrinsicWidths(minContent: Swift.max(content.minContent, decimal.width),
                                              maxContent: Swift.max(content.maxContent, decimal.width))
                }
                func fitted(_ width: Double) -> Double { max(clamp(width + configuration.cellPadding.horizontal), header) }
                columns.append(AutomaticTableLayout.Column(minContent: fitted(Swift.min(content.minContent, content.maxContent)),
                                                           maxContent: fitted(content.maxContent),
                                                           isFixed: false))
            }
            headers.append(header)
        }
        let automatic = configuration.tableLayout == .automatic
        if !configuration.headerGroups.isEmpty {
            let groupWidths = configuration.headerGroups.map { headerGroupWidth(of: $0.title) }
            let spanned = automatic ? columns : columns.map {
                AutomaticTableLayout.Column(minContent: $0.maxContent, maxContent: $0.maxContent, isFixed: $0.isFixed)
            }
            columns = HeaderGroupSpread.spread(configuration.headerGroups, widths: groupWidths, over: spanned)
        }
        let fitted = columns.map(\.maxContent)
        let scaleToFill = configuration.shouldContentWidthScaleToFillFrame
        var widths = fitted
        switch configuration.tableLayout {
        case .contentFitted:
            if scaleToFill, let frameWidth { widths = ScaleToFill.scale(fitted, toFill: frameWidth) }
        case .automatic:
            widths = AutomaticTableLayout.widths(of: columns, frame: frameWidth, scaleToFill: scaleToFill)
        }
        return DataTableColumnWidths(columns: modes.indices.map { index in
            DataTableColumnWidth(title: titles[index], mode: modes[index], width: widths[index], fittedWidth: fitted[index],
                                 contentWidth: contents[index]?.maxContent, headerWidth: headers[index],
                                 minContentWidth: automatic ? columns[index].minContent : nil,
                                 maxContentWidth: automatic ? columns[index].maxContent : nil)
        })
    }

    /// Column `column`'s ``DecimalExtent`` over every row, each cell's sides in its own weight.
    ///
    /// - Complexity: O(rows), shaping each distinct side once.
    func decimalExtent(ofColumn column: Int) -> DecimalExtent {
        let font = fonts[column], texts = (0..<rowCount).lazy.map { cellText(column, $0) }
        let reader = NumberReader(decimalSeparator: configuration.decimalSeparator)
        switch cellWeights(column) {
        case .all(let weight):
            return DecimalExtent(of: texts, reader: reader, font: font.weight(weight), cache: cache)
        case .perCell(let weight):
            return DecimalExtent(of: texts, reader: reader, cache: cache) { font.weight(weight($0, $1)) }
        }
    }

    /// `width` clamped to `minColumnWidth`…`maxColumnWidth` (validated: min ≤ max).
    func clamp(_ width: Double) -> Double {
        let raised = Swift.max(width, configuration.minColumnWidth)
        return configuration.maxColumnWidth.map { Swift.min(raised, $0) } ?? raised
    }

    /// The header's minimum width: its title in the header font and weight + sort indicator + padding.
    func headerWidth(of title: String) -> Double {
        configuration.resolvedHeaderFont.width(of: title, cache: cache) + configuration.sortIndicatorWidth
            + configuration.cellPadding.horizontal
    }

    /// A header group's width: its title in the header font and weight + padding (no sort
    /// indicator: a group does not sort).
    func headerGroupWidth(of title: String) -> Double {
        configuration.resolvedHeaderFont.width(of: title, cache: cache) + configuration.cellPadding.horizontal
    }

    /// The content widths of the rows `measurement` reads reduced to one, min-content and
    /// max-content each on its own.
    mutating func measuredContentWidth(ofColumn column: Int, _ measurement: ColumnWidthPlan.Measurement) -> IntrinsicWidths {
        let widths = contentWidths(ofColumn: column, atRows: measurement.rows(of: rowCount), by: measurement.measurer,
                                   widestMinContentOnly: measurement.reduction == .max)
        return IntrinsicWidths.reduced(widths, measurement.reduction.reduce)
    }

    /// The content width of each of `rowIndices` in column `column`, in that order, measured by
    /// `measurer`: the one place where cells are read and measured. Only these rows' texts are
    /// formatted. Shaped texts are de-duplicated by their exact bytes, so each distinct text is
    /// shaped once, on every core; nominal widths are summed per cell (hashing a text to find a
    /// repeat costs more than summing its advances). With `measuresMinContent`, each cell's
    /// min-content width too: a cell's from the same `MeasuredCell`; a shaped text's from the
    /// segments `prepare` shapes once each (the width cache keeps them for laying the rows out),
    /// at most its max-content width. With `widestMinContentOnly`, only the texts that can hold
    /// the widest min-content are measured, widest max-content first, until no text's max-content
    /// is wider than the widest min-content found (no min-content exceeds its max-content); the
    /// others' min-content widths are then reported as 0. Those are measured whole, once each
    /// (`FontStack.minContentWidth(of:cache:)`): no row is laid out after them.
    ///
    /// Text is measured in the column's font (`fonts`) in the cells' weight (`cellWeights`): a
    /// column whose cells choose their weights one by one is measured by `weightedContentWidths`.
    mutating func contentWidths(ofColumn column: Int, atRows rowIndices: RowSample, by measurer: ColumnWidthPlan.Measurer,
                                widestMinContentOnly: Bool = false) -> [IntrinsicWidths] {
        let weight: FontWeight
        switch cellWeights(column) {
        case .all(let all): weight = all
        case .perCell(let perCell):
            if measurer != .cell { return weightedContentWidths(ofColumn: column, atRows: rowIndices, by: measurer, weight: perCell) }
            weight = .regular  // a cell node carries its own fonts
        }
        // Locals, not properties: the batches run inside a mutating call on self.
        let (cellText, font, cache, minContent) = (cellText, fonts[column].weight(weight), cache, measuresMinContent)
        switch measurer {
        case .shapedText:
            // The calling thread formats and de-duplicates batch i + 1 while the new distinct
            // texts of batch i are shaped (or found in the cache) on the other cores.
            var distinct = DistinctTexts(reservingCapacity: rowIndices.count)
            var textIndices: [Int] = []
            textIndices.reserveCapacity(rowIndices.count)
            var maxima: [Double] = []
            var shaping: Pending<[Double]>?
            var gathered = 0
            forEachBatch(of: rowIndices, column: column) { batch in
                for position in batch { textIndices.append(distinct.index(adding: cellText(column, rowIndices[position]))) }
                let texts = distinct.texts(in: gathered..<distinct.count)
                gathered = distinct.count
                if let shaping { maxima += shaping.value }  // batches are measured in order
                shaping = Pending { font.contentWidths(of: texts, cache: cache) }
            }
            if let shaping { maxima += shaping.value }
            guard minContent else { return textIndices.map { IntrinsicWidths(maxima[$0]) } }
            let minima = Self.minContentWidths(of: distinct, maxima: maxima, widestOnly: widestMinContentOnly, font: font, cache: cache)
            return textIndices.map { IntrinsicWidths(minContent: minima[$0], maxContent: maxima[$0]) }
        case .nominalText:
            var widths: [IntrinsicWidths] = []
            widths.reserveCapacity(rowIndices.count)
            forEachBatch(of: rowIndices, column: column) { batch in
                let texts = batch.map { cellText(column, rowIndices[$0]) }
                let maxima = font.nominalContentWidths(of: texts)
                widths += minContent
                    ? zip(concurrentMap(texts.count) { font.nominalMinContentWidth(of: texts[$0]) }, maxima).map {
                        IntrinsicWidths(minContent: $0, maxContent: $1)
                    }
                    : maxima.map(IntrinsicWidths.init)
            }
            return widths
        case .cell:
            // Cells are built on this thread (rows need not be Sendable), measured on every core.
            let cellNode = cellNode
            var widths: [IntrinsicWidths] = []
            widths.reserveCapacity(rowIndices.count)
            forEachBatch(of: rowIndices, column: column) { batch in
                let cells = batch.map { cellNode(column, rowIndices[$0]) }
                widths += minContent
                    ? MeasuredCell.intrinsicWidths(of: cells, cache: cache).map { IntrinsicWidths(minContent: $0, maxContent: $1) }
                    : MeasuredCell.fittingWidths(of: cells, cache: cache).map(IntrinsicWidths.init)
            }
            return widths
        }
    }

    /// `contentWidths(ofColumn:atRows:by:widestMinContentOnly:)` for a column whose cells choose
    /// their weights: the texts are grouped by weight, and each group measured in its font (each
    /// distinct text of a group once, on every core).
    mutating func weightedContentWidths(ofColumn column: Int, atRows rowIndices: RowSample, by measurer: ColumnWidthPlan.Measurer,
                                        weight: (_ row: Int, _ text: String) -> FontWeight) -> [IntrinsicWidths] {
        let (cellText, cache, minContent) = (cellText, cache, measuresMinContent)
        var texts: [String] = [], weights: [FontWeight] = []
        texts.reserveCapacity(rowIndices.count)
        weights.reserveCapacity(rowIndices.count)
        forEachBatch(of: rowIndices, column: column) { batch in
            for position in batch {
                let row = rowIndices[position], text = cellText(column, row)
                texts.append(text)
                weights.append(weight(row, text))
            }
        }
        var widths = [IntrinsicWidths](repeating: IntrinsicWidths(0), count: texts.count)
        for group in FontWeight.allCases {
            let positions = texts.indices.filter { weights[$0] == group }
            guard !positions.isEmpty else { continue }
            let font = fonts[column].weight(group)
            let measured: [IntrinsicWidths]
            if measurer == .nominalText {
                let maxima = font.nominalContentWidths(of: positions.map { texts[$0] })
                measured = minContent
                    ? zip(positions, maxima).map { IntrinsicWidths(minContent: font.nominalMinContentWidth(of: texts[$0]), maxContent: $1) }
                    : maxima.map(IntrinsicWidths.init)
            } else {
                var distinct = DistinctTexts(reservingCapacity: positions.count)
                let textIndices = positions.map { distinct.index(adding: texts[$0]) }
                let maxima = font.contentWidths(of: distinct.texts(in: 0..<distinct.count), cache: cache)
                let minima = minContent
                    ? Self.minContentWidths(of: distinct, maxima: maxima, widestOnly: false, font: font, cache: cache) : maxima
                measured = textIndices.map { IntrinsicWidths(minContent: minima[$0], maxContent: maxima[$0]) }
            }
            for (position, width) in zip(positions, measured) { widths[position] = width }
        }
        return widths
    }

    /// Texts prepared for their min-content widths at a time, on every core: enough that waking
    /// the threads costs little, few enough that a text the widest min-content has outgrown is
    /// seldom prepared.
    static var minContentBatch: Int { 512 }

    /// The min-content width of each of `distinct`'s texts, whose max-content widths are `maxima`
    /// (see `contentWidths(ofColumn:atRows:by:widestMinContentOnly:)`), prepared on every core.
    static func minContentWidths(of distinct: DistinctTexts, maxima: [Double], widestOnly: Bool,
                                 font: FontStack, cache: WidthCache?) -> [Double] {
        let texts = distinct.texts(in: 0..<distinct.count)
        guard widestOnly else {
            // Every text: a layout's (see `DataTableLayout`), which lays them all out next.
            return zip(font.minContentWidths(of: texts, at: Array(maxima.indices), cache: cache, preparing: true), maxima)
                .map { Swift.min($0, $1) }
        }
        var minima = [Double](repeating: 0, count: maxima.count)
        let order = WidthBuckets(maxima)
        var widest = 0.0, start = 0
        while start < order.count, order.bound(at: start) > widest {
            var batch: [Int] = []
            while start < order.count, batch.count < Self.minContentBatch, order.bound(at: start) > widest {
                if maxima[order[start]] > widest { batch.append(order[start]) }
                start += 1
            }
            for (index, width) in zip(batch, font.minContentWidths(of: texts, at: batch, cache: cache)) {
                minima[index] = Swift.min(width, maxima[index])
                widest = Swift.max(widest, minima[index])
            }
        }
        return minima
    }

    /// SwiftDataTables' estimate: the mean over all rows of grapheme count (of a cell's longest
    /// hard line, see `FontStack.contentGraphemeCount(of:)`) × `averageCharWidth`
    /// (`ColumnWidthPlan.average(graphemes:rowCount:characterWidth:)`). With
    /// `measuresMinContent`, the min-content estimate is the same mean over each cell's longest
    /// word (`FontStack.longestWordGraphemeCount(of:)`).
    mutating func estimatedAverage(ofColumn column: Int, averageCharWidth: Double) -> IntrinsicWidths {
        let (cellText, minContent) = (cellText, measuresMinContent)
        var graphemes = 0, wordGraphemes = 0
        forEachBatch(of: RowSample(rowCount: rowCount, size: rowCount), column: column) { batch in
            for row in batch {  // every row: position = row
                let text = cellText(column, row)
                graphemes += FontStack.contentGraphemeCount(of: text)
                if minContent { wordGraphemes += FontStack.longestWordGraphemeCount(of: text) }
            }
        }
        func average(_ graphemes: Int) -> Double {
            ColumnWidthPlan.average(graphemes: graphemes, rowCount: rowCount, characterWidth: averageCharWidth)
        }
        return minContent ? IntrinsicWidths(minContent: average(wordGraphemes), maxContent: average(graphemes))
            : IntrinsicWidths(average(graphemes))
    }

    /// `body` over consecutive batches of positions in `rowIndices`, reporting progress after each.
    private mutating func forEachBatch(of rowIndices: RowSample, column: Int, _ body: (Range<Int>) -> Void) {
        var start = 0
        while start < rowIndices.count {
            let end = Swift.min(start + Self.batchSize, rowIndices.count)
            body(start..<end)
            completedCells += end - start
            progress?(DataTableColumnWidthProgress(column: column, completedCells: completedCells, totalCells: totalCells))
            start = end
        }
    }
}
