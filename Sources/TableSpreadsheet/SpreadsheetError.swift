/// Why a table could not be written as a workbook, naming the culprit.
public enum SpreadsheetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be written (the reason from the system).
    case cannotWrite(path: String, reason: String)
    /// More rows than a worksheet holds: `rows` with the header, at most `limit` (1,048,576).
    case tooManyRows(rows: Int, limit: Int)
    /// More columns than a worksheet holds: at most `limit` (16,384).
    case tooManyColumns(columns: Int, limit: Int)
    /// A cell's text is longer than a cell holds: `length` UTF-16 code units, at most `limit`
    /// (32,767); `row` 0 is the header, 1 the first row below it.
    case cellTooLong(row: Int, column: String, length: Int, limit: Int)
    /// A font could not be found or loaded.
    case fontNotFound(family: String, reason: String)
    /// A font size a spreadsheet cannot use (points above 0, at most 409).
    case invalidFontSize(Double)
    /// The alignments are not one per column.
    case alignmentCount(columns: Int, alignments: Int)
    /// A column-width strategy a spreadsheet's widths cannot follow, and why.
    case strategyDoesNotApply(strategy: String, reason: String)
    /// libxlsxwriter reported an error writing `path`.
    case xlsxwriter(path: String, message: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "\(path): cannot write: \(reason)"
        case .tooManyRows(let rows, let limit): "\(rows) rows with the header; a worksheet holds at most \(limit)"
        case .tooManyColumns(let columns, let limit): "\(columns) columns; a worksheet holds at most \(limit)"
        case .cellTooLong(let row, let column, let length, let limit):
            "\(row == 0 ? "the header" : "row \(row)"), column \"\(column)\": \(length) characters (UTF-16); a cell holds at most \(limit)"
        case .fontNotFound(let family, let reason): "font \"\(family)\": \(reason)"
        case .invalidFontSize(let size): "a spreadsheet font size must be above 0 and at most 409 pt, not \(size)"
        case .alignmentCount(let columns, let alignments): "\(alignments) alignments for \(columns) columns"
        case .strategyDoesNotApply(let strategy, let reason): "the strategy \(strategy) does not apply to a workbook: \(reason)"
        case .xlsxwriter(let path, let message): "\(path): libxlsxwriter: \(message)"
        }
    }
}
