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
        results.withUnsafeMutableBufferPointer { buffer in
            let shared = UnsafeSendable(buffer)
            let fitOne = { (index: Int) in
                shared.value[index] = Result { () throws(SpreadsheetError) in
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

    /// The drawn width in px of the column's content as `strategy` finds it, by DataTables' plan
    /// (`ColumnWidthPlan`: the same rows, `RowSample`, and reductions) but each text measured as
    /// drawn (`ScreenText`), and the strategy's lengths (`averageCharWidth`, `width`) taken in
    /// points (× 96/72).
    ///
    /// - Complexity: O(rows read), each distinct text shaped once; `.maxNominal` (rejected by
    ///   `SpreadsheetTable`) is measured as `.maxMeasured`.
    static func contentWidth<Row>(of rows: [Row], column: DataTableColumn<Row>, strategy: DataTableColumnWidthStrategy,
                                  in cells: ScreenText) -> Double {
        var widths: [String: Double] = [:]
        func measured(_ measurement: ColumnWidthPlan.Measurement) -> Double {
            measurement.reduction.reduce(measurement.rows(of: rows.count).map { row in
                let text = column.text(rows[row])
                if let width = widths[text] { return width }
                let width = text.isEmpty ? 0 : cells.width(of: text)
                widths[text] = width
                return width
            })
        }
        func estimate(_ averageCharacterWidth: Double) -> Double {
            let graphemes = rows.reduce(0) { $0 + FontStack.contentGraphemeCount(of: column.text($1)) }
            return ColumnWidthPlan.average(graphemes: graphemes, rowCount: rows.count, characterWidth: averageCharacterWidth)
        }
        let plan = ColumnWidthPlan(strategy, lengthScale: SpreadsheetMetrics.pixelsPerPoint,
                                   calibratedCharacterWidth: cells.stack.averageCharacterWidth)
        return plan.contentWidth(estimate: estimate, measure: measured) ?? 0
    }

    private static func checkLength(_ text: String, row: Int, column: String) throws(SpreadsheetError) {
        let length = text.utf16.count
        guard length <= SpreadsheetMetrics.maximumCellLength else {
            throw .cellTooLong(row: row, column: column, length: length, limit: SpreadsheetMetrics.maximumCellLength)
        }
    }
}

/// A value handed to the threads of `concurrentPerform`, which use it apart (each its own element).
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
