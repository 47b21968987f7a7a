import DataTables
import FuzzSupport
import TableSpreadsheet
import TextMeasure
#if canImport(Glibc)
import Glibc
#endif

/// Where the workbooks are written: memory, not the disk.
let folder: String = {
    let path = "/dev/shm/fuzz-xlsx-\(getpid())"
    mkdir(path, 0o700)
    return path
}()
let font: SpreadsheetFont = {
    do { return try SpreadsheetFont.calibri() } catch { fatalError("Carlito did not load: \(error)") }
}()

/// Input: a table (`FuzzTable`), then a maximum column width, the numbers' decimal separator,
/// the alignments, and whether the first column's runs of equal values are merged (`rowSpans`),
/// the header is bold, and a title is written (the first cell's text). The table is laid out as a worksheet and written; it must write (no error but
/// a cell past a worksheet's limit), and the written workbook passes the writer's own read-back
/// (every part whole). AddressSanitizer watches the calls into libxlsxwriter and zlib.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXlsx(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let table = FuzzTable(&input)
    let maxWidth = input.pick([nil, 20, 60, 200, 1e6] as [Double?])
    let separator = input.pick([DecimalSeparator.period, .comma])
    let alignments = table.titles.map { _ in input.pick(SpreadsheetAlignment.allCases) }
    let columns = table.titles.indices.map { index in DataTableColumn<[String]>(table.titles[index]) { $0[index] } }
    var sheet: SpreadsheetTable<[String]>
    do {
        sheet = try SpreadsheetTable(rows: table.rows, columns: columns, font: font, maxColumnWidth: maxWidth, alignments: alignments)
    } catch {
        guard case .cellTooLong = error else { fatalError("SpreadsheetTable threw \(error)") }
        return 0
    }
    for width in sheet.columnWidths { requireSize(width.characters, "a column's width") }
    for (_, height) in sheet.rowHeights { requireSize(height, "a row's height") }
    sheet.numberReader = NumberReader(decimalSeparator: separator)
    if input.choice(2) == 1, !table.titles.isEmpty { sheet.rowSpans = DataTableRowSpan.grouping(table.rows.lazy.map { $0[0] }, column: 0) }
    sheet.boldHeader = input.choice(2) == 0
    if input.choice(2) == 1 { sheet.title = table.rows.first?.first }
    for row in table.rows {
        for text in row {
            if case .number(let value, _) = SpreadsheetCell(text, reader: sheet.numberReader) { require(value.isFinite, "\(quoted(text)) is \(value)") }
        }
    }
    do { try sheet.write(to: folder + "/out.xlsx") } catch { fatalError("write threw \(error)") }
    return 0
}
