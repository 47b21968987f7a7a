import DataTables
import Dispatch
import TextMeasure

/// Each column's width in px as a spreadsheet needs it (see `SpreadsheetTable`), the cells'
/// lengths checked on the way.
enum ColumnFit {
    struct Column {
        var pixels: Double
        var wraps: Bool
    }

    /// The columns fitted by `strategy`, each on its own core; `limit` px holds a column (not
    /// its header).
    ///
    /// - Throws: `SpreadsheetError.cellTooLong` for the first cell (by row, then column) past the
    ///   limit.
    static func fit<Row>(rows: [Row], columns: [DataTableColumn<Row>], strategy: DataTableColumnWidthStrategy,
                         font: SpreadsheetFont, headerFont: FontStack, limit: Double) throws(SpreadsheetError) -> [Column] {
        let cells = try ScreenText(font.regular), header = try ScreenText(headerFont)
        var results = [Result<Column, SpreadsheetError>?](repeating: nil, count: columns.count)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSendable(slots)
            let fitOne = { (index: Int) in
                slots.value[index] = Result { () throws(SpreadsheetError) in
                    try fit(rows: rows, column: columns[index], strategy: strategy, cells: cells, header: header, limit: limit)
                }
            }
            let fitter = UnsafeSendable(fitOne)
            DispatchQueue.concurrentPerform(iterations: columns.count) { fitter.value($0) }
        }
        var fitted: [Column] = []
        var firstProblem: SpreadsheetError?
        for result in results {
            switch result! {
            case .success(let column): fitted.append(column)
            case .failure(let problem):
                if case .cellTooLong(let row, _, _, _) = problem, case .cellTooLong(let first, _, _, _)? = firstProblem, first <= row { continue }
                firstProblem = problem
            }
        }
        if let firstProblem { throw firstProblem }
        return fitted
    }

    private static func fit<Row>(rows: [Row], column: DataTableColumn<Row>, strategy: DataTableColumnWidthStrategy,
                                 cells: ScreenText, header: ScreenText, limit: Double) throws(SpreadsheetError) -> Column {
        try checkLength(column.title, row: 0, column: column.title)
        // Every cell's length and lines, read or not by the strategy: the workbook holds them all.
        var hasLines = false
        for (index, row) in rows.enumerated() {
            let text = column.text(row)
            try checkLength(text, row: index + 1, column: column.title)
            hasLines = hasLines || text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
        }
        let content = SpreadsheetMetrics.layoutScale * (contentWidth(of: rows, column: column, strategy: strategy, in: cells))
            + SpreadsheetMetrics.cellPadding
        let title = SpreadsheetMetrics.layoutScale * header.width(of: column.title) + SpreadsheetMetrics.cellPadding
            + SpreadsheetMetrics.filterButton
        let maximum = SpreadsheetMetrics.maximumCharacters * SpreadsheetColumnWidth.maximumDigitWidth + 5
        return Column(pixels: Swift.min(maximum, Swift.max(title, Swift.min(content, limit))), wraps: hasLines || content > limit)
    }

    /// The drawn width in px of the column's content as `strategy` finds it, as DataTables'
    /// `.fitContentText` does (the same rows, `RowSample`, and ranks, `NearestRank`) but each
    /// text measured as drawn (`ScreenText`), and `estimatedAverage`'s and `fixed`'s lengths
    /// taken in points (× 96/72).
    ///
    /// - Complexity: O(rows read), each distinct text shaped once; `.maxNominal` (rejected by
    ///   `SpreadsheetTable`) is measured as `.maxMeasured`.
    static func contentWidth<Row>(of rows: [Row], column: DataTableColumn<Row>, strategy: DataTableColumnWidthStrategy,
                                  in cells: ScreenText) -> Double {
        func measured(_ sample: RowSample) -> [Double] {
            var widths: [String: Double] = [:]
            return sample.map { row in
                let text = column.text(rows[row])
                if let width = widths[text] { return width }
                let width = text.isEmpty ? 0 : cells.width(of: text)
                widths[text] = width
                return width
            }
        }
        func estimate(_ averageCharacterWidth: Double) -> Double {
            guard !rows.isEmpty else { return 0 }
            let graphemes = rows.reduce(0) { $0 + FontStack.contentGraphemeCount(of: column.text($1)) }
            return Double(graphemes) * averageCharacterWidth / Double(rows.count)
        }
        let px = SpreadsheetMetrics.pixelsPerPoint
        switch strategy {
        case .maxMeasured, .maxNominal: return measured(RowSample(rowCount: rows.count, size: rows.count)).max() ?? 0
        case .sampledMax(let size): return measured(RowSample(rowCount: rows.count, size: size)).max() ?? 0
        case .percentileMeasured(let percentile, let size):
            return NearestRank.value(percentile, of: measured(RowSample(rowCount: rows.count, size: size)))
        case .estimatedAverage(let averageCharWidth): return estimate(averageCharWidth * px)
        case .calibratedAverage: return estimate(cells.stack.averageCharacterWidth)
        case .hybrid(let size, let averageCharWidth):
            return Swift.max(estimate(averageCharWidth * px), measured(RowSample(rowCount: rows.count, size: size)).max() ?? 0)
        case .fixed(let width): return width * px
        }
    }

    private static func checkLength(_ text: String, row: Int, column: String) throws(SpreadsheetError) {
        let length = text.utf16.count
        guard length <= SpreadsheetMetrics.maximumCellLength else {
            throw .cellTooLong(row: row, column: column, length: length, limit: SpreadsheetMetrics.maximumCellLength)
        }
    }
}

/// A value handed to the threads of `concurrentPerform`, which use it apart (each its own slot).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
