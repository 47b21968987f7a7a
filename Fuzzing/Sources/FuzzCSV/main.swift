import CellLayout
import DataTables
import FuzzSupport
import TextMeasure

/// The name the table's errors give the input.
let path = "fuzz-input.csv"

/// The command's reader on `bytes`, comma-separated, read `pieceSize` bytes at a time (as a
/// file is, 4 MiB at a time): the one call to change when its API does.
func read(_ bytes: [UInt8], pieceSize: Int = CSVTable.pieceSize) throws(CSVTable.Problem) -> CSVTable {
    try CSVTable(bytes, path: path, delimiter: ",", pieceSize: pieceSize)
}

/// A CSV row with its index as its identity, as the `rows` command keeps them.
struct Row: Identifiable {
    let id: Int
    let fields: [String]
}

/// Input: the bytes of a CSV file, read as `textmeasure columns FILE` and `textmeasure rows FILE`
/// read it (comma-separated, header row first), then sized as they size it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Read whole, then again a few bytes at a time (rows cut anywhere: inside quotes, a CR LF, a
    // UTF-8 sequence): the same table, or the same first problem.
    let pieceSize = 1 + bytes.count % 7
    let inPieces = Result { () throws(CSVTable.Problem) in try read(bytes, pieceSize: pieceSize) }
    let table: CSVTable
    do {
        table = try read(bytes)
    } catch {
        // A typed error naming the file and, when it gives one, a line the file has.
        let lines = 1 + zip(bytes, bytes.dropFirst() + [0]).filter { $0 == 0x0A || $0 == 0x0D && $1 != 0x0A }.count
        require(error.path == path, "the error names \(error.path), not \(path)")
        if let line = error.line { require((1...lines).contains(line), "\(error): line \(line) of a file of \(lines) lines") }
        if case .failure(let again) = inPieces {
            require(again.line == error.line && again.problem == error.problem, "read \(pieceSize) bytes at a time: \(again), whole: \(error)")
        } else {
            require(false, "read \(pieceSize) bytes at a time it reads, whole: \(error)")
        }
        return 0
    }
    switch inPieces {
    case .success(let again):
        require(again.titles == table.titles && again.rows.map(\.fields) == table.rows.map(\.fields),
                "read \(pieceSize) bytes at a time, the table differs")
    case .failure(let error):
        require(false, "read \(pieceSize) bytes at a time: \(error)")
    }
    for (number, row) in table.rows.enumerated() {
        let fields = row.fields
        require(fields.count == table.titles.count, "row \(number) has \(fields.count) fields, the header \(table.titles.count)")
        require(fields.indices.allSatisfy { row[$0] == fields[$0] }, "row \(number)'s fields read one by one differ from them all")
    }
    columnsAndRows(of: table)
    return 0
}

/// The column widths `columns` prints (the default mode, then `--mode cell`) and the row heights
/// and offsets `rows` prints (wrapped at those widths), checked to be finite sizes in order.
func columnsAndRows(of table: CSVTable) {
    var configuration = DataTableConfiguration(font: Fonts.bundled)
    configuration.cellPadding = EdgeInsets(horizontal: 8, vertical: 4)
    configuration.textLayout = .wrap
    configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
    let columns = table.titles.indices.map { index in DataTableColumn<Row>(table.titles[index]) { $0.fields[index] } }
    let rows = table.rows.enumerated().map { Row(id: $0, fields: $1.fields) }
    var widths: [Double] = []
    for mode in [configuration.columnWidthMode, .fitContentCell(sample: .all)] {
        configuration.columnWidthMode = mode
        let sized: DataTableColumnWidths
        do { sized = try configuration.columnWidths(for: rows, columns: columns) } catch { fatalError("columnWidths threw \(error)") }
        for column in sized.columns {
            requireSize(column.width, "\(mode): column \(quoted(column.title))'s width")
            requireSize(column.headerWidth, "\(mode): column \(quoted(column.title))'s header width")
            requireSize(column.contentWidth ?? 0, "\(mode): column \(quoted(column.title))'s content width")
            require(column.width >= column.headerWidth, "\(mode): column \(quoted(column.title)) narrower than its header")
        }
        widths = sized.widths
    }

    let columnWidths = widths
    configuration.columnWidthModeProvider = { .fixed(width: columnWidths[$0]) }
    let layout: DataTableLayout<Row>
    do { layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration) } catch {
        fatalError("DataTableLayout threw \(error)")
    }
    layout.measureRows(0..<layout.rowCount)
    var end = configuration.headerHeight
    for row in 0..<layout.rowCount {
        let (height, offset) = (layout.height(ofRow: row), layout.offset(ofRow: row))
        requireSize(height, "row \(row)'s height")
        require(abs(offset - end) <= 1e-9 * max(1, end), "row \(row) starts at \(offset), the row before ends at \(end)")
        end = offset + height
    }
    requireSize(layout.contentHeight, "contentHeight")
}
