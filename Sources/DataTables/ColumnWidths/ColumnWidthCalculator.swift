import TextMeasure

/// One column-width calculation: modes resolved and checked, content measured, widths fitted,
/// clamped and scaled (see `DataTableConfiguration.columnWidths(for:columns:frameWidth:cache:progress:)`).
struct ColumnWidthCalculator<Row> {
    let configuration: DataTableConfiguration
    let rows: [Row]
    let columns: [DataTableColumn<Row>]
    let cache: WidthCache?
    let progress: ((DataTableColumnWidthProgress) -> Void)?
    private var completedCells = 0
    private var totalCells = 0

    /// Cells formatted (and their new distinct texts measured) between two progress reports.
    static var batchSize: Int { 16_384 }

    init(configuration: DataTableConfiguration, rows: [Row], columns: [DataTableColumn<Row>], cache: WidthCache?,
         progress: ((DataTableColumnWidthProgress) -> Void)?) {
        (self.configuration, self.rows, self.columns, self.cache, self.progress) = (configuration, rows, columns, cache, progress)
    }

    /// How a cell's content width is taken. A mode whose cells are measured some other way
    /// (a cell model's fitting width) adds a case here and in `contentWidths(ofColumn:atRows:by:)`.
    enum Measurer {
        /// The cell's text shaped in the configuration's font (exact).
        case shapedText
        /// The cell's text by nominal advances, no shaping.
        case nominalText
    }

    /// What a measured strategy makes of the content widths of the rows it read.
    enum Reduction {
        case max
        case percentile(Double)
    }

    mutating func calculate(frameWidth: Double?) throws(DataTableConfigurationError) -> DataTableColumnWidths {
        try configuration.validateTableSettings(frameWidth: frameWidth)
        var modes: [DataTableColumnWidthMode] = []
        for (index, column) in columns.enumerated() {
            modes.append(try configuration.validatedMode(ofColumn: index, title: column.title))
        }
        totalCells = modes.reduce(0) { $0 + cellsRead(by: $1) }

        var fitted: [Double] = [], contents: [Double?] = [], headers: [Double] = []
        for (index, mode) in modes.enumerated() {
            let header = headerWidth(of: columns[index].title)
            switch mode {
            case .fixed(let width):
                fitted.append(width)
                contents.append(nil)
            case .fitContentText(let strategy):
                let content = contentWidth(ofColumn: index, strategy: strategy)
                fitted.append(max(clamp(content + configuration.cellPadding.horizontal), header))
                contents.append(content)
            }
            headers.append(header)
        }

        var widths = fitted
        if configuration.shouldContentWidthScaleToFillFrame, let frameWidth {
            widths = ScaleToFill.scale(fitted, toFill: frameWidth)
        }
        return DataTableColumnWidths(columns: modes.indices.map { index in
            DataTableColumnWidth(title: columns[index].title, mode: modes[index], width: widths[index],
                                 fittedWidth: fitted[index], contentWidth: contents[index], headerWidth: headers[index])
        })
    }

    /// `width` clamped to `minColumnWidth`…`maxColumnWidth` (validated: min ≤ max).
    func clamp(_ width: Double) -> Double {
        let raised = Swift.max(width, configuration.minColumnWidth)
        return configuration.maxColumnWidth.map { Swift.min(raised, $0) } ?? raised
    }

    /// The header's minimum width: its title in the header font + sort indicator + padding.
    func headerWidth(of title: String) -> Double {
        configuration.headerFont.width(of: title, cache: cache) + configuration.sortIndicatorWidth
            + configuration.cellPadding.horizontal
    }

    /// How many cells `mode` reads.
    func cellsRead(by mode: DataTableColumnWidthMode) -> Int {
        guard case .fitContentText(let strategy) = mode else { return 0 }
        switch strategy {
        case .maxMeasured, .maxNominal, .estimatedAverage, .calibratedAverage: return rows.count
        case .sampledMax(let size), .percentileMeasured(_, let size): return min(size, rows.count)
        case .hybrid(let size, _): return rows.count + min(size, rows.count)
        case .fixed: return 0
        }
    }

    /// The content width of column `column` by `strategy`.
    mutating func contentWidth(ofColumn column: Int, strategy: DataTableColumnWidthStrategy) -> Double {
        let allRows = 0..<rows.count
        switch strategy {
        case .maxMeasured:
            return measuredContentWidth(ofColumn: column, atRows: allRows, .max, by: .shapedText)
        case .sampledMax(let size):
            return measuredContentWidth(ofColumn: column, atRows: RowSample(rowCount: rows.count, size: size), .max, by: .shapedText)
        case .percentileMeasured(let percentile, let size):
            return measuredContentWidth(ofColumn: column, atRows: RowSample(rowCount: rows.count, size: size),
                                        .percentile(percentile), by: .shapedText)
        case .maxNominal:
            return measuredContentWidth(ofColumn: column, atRows: allRows, .max, by: .nominalText)
        case .estimatedAverage(let averageCharWidth):
            return estimatedAverage(ofColumn: column, averageCharWidth: averageCharWidth)
        case .calibratedAverage:
            return estimatedAverage(ofColumn: column, averageCharWidth: configuration.font.averageCharacterWidth)
        case .hybrid(let size, let averageCharWidth):
            let estimate = estimatedAverage(ofColumn: column, averageCharWidth: averageCharWidth)
            let sampled = measuredContentWidth(ofColumn: column, atRows: RowSample(rowCount: rows.count, size: size), .max, by: .shapedText)
            return Swift.max(estimate, sampled)
        case .fixed(let width):
            return width
        }
    }

    /// The content widths of `rowIndices` reduced to one: their maximum or a percentile (0 for no rows).
    mutating func measuredContentWidth(ofColumn column: Int, atRows rowIndices: some RandomAccessCollection<Int>,
                                       _ reduction: Reduction, by measurer: Measurer) -> Double {
        let widths = contentWidths(ofColumn: column, atRows: rowIndices, by: measurer)
        switch reduction {
        case .max: return widths.max() ?? 0
        case .percentile(let percentile): return NearestRank.value(percentile, of: widths)
        }
    }

    /// The content width of each of `rowIndices` in column `column`, in that order, measured by
    /// `measurer`: the one place where cells are read and measured. Only these rows' texts are
    /// formatted. Shaped texts are de-duplicated by their exact bytes, so each distinct text is
    /// shaped once, on every core; nominal widths are summed per cell (hashing a text to find a
    /// repeat costs more than summing its advances).
    mutating func contentWidths(ofColumn column: Int, atRows rowIndices: some RandomAccessCollection<Int>,
                                by measurer: Measurer) -> [Double] {
        // Locals, not properties: the batches run inside a mutating call on self.
        let (text, rows, font, cache) = (columns[column].text, rows, configuration.font, cache)
        switch measurer {
        case .shapedText:
            var distinct = DistinctTexts(reservingCapacity: rowIndices.count)
            var slots: [Int] = []
            slots.reserveCapacity(rowIndices.count)
            var measured: [Double] = []
            forEachBatch(of: rowIndices, column: column) { batch in
                for row in batch { slots.append(distinct.slot(of: text(rows[row]))) }
                measured += font.widths(ofDistinct: Array(distinct.texts[measured.count...]), cache: cache)
            }
            return slots.map { measured[$0] }
        case .nominalText:
            var widths: [Double] = []
            widths.reserveCapacity(rowIndices.count)
            forEachBatch(of: rowIndices, column: column) { batch in
                widths += font.nominalWidths(of: batch.map { text(rows[$0]) })
            }
            return widths
        }
    }

    /// SwiftDataTables' estimate: the mean over all rows of grapheme count × `averageCharWidth`
    /// (the grapheme counts summed exactly, then scaled once). 0 for no rows.
    mutating func estimatedAverage(ofColumn column: Int, averageCharWidth: Double) -> Double {
        guard !rows.isEmpty else { return 0 }
        let (text, rows) = (columns[column].text, rows)
        var graphemes = 0
        forEachBatch(of: 0..<rows.count, column: column) { batch in
            for row in batch { graphemes += text(rows[row]).count }
        }
        return Double(graphemes) * averageCharWidth / Double(rows.count)
    }

    /// `body` over consecutive batches of `rowIndices`, reporting progress after each.
    private mutating func forEachBatch<Indices: RandomAccessCollection<Int>>(
        of rowIndices: Indices, column: Int, _ body: (Indices.SubSequence) -> Void
    ) {
        var start = rowIndices.startIndex
        while start != rowIndices.endIndex {
            let end = rowIndices.index(start, offsetBy: Self.batchSize, limitedBy: rowIndices.endIndex) ?? rowIndices.endIndex
            body(rowIndices[start..<end])
            completedCells += rowIndices.distance(from: start, to: end)
            progress?(DataTableColumnWidthProgress(column: column, completedCells: completedCells, totalCells: totalCells))
            start = end
        }
    }
}
