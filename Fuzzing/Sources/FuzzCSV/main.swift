import DataTables
import Foundation
import FuzzSupport
import TextMeasure

/// Where each input is written for `CSVTable.read`, which takes a path: in memory when /dev/shm is there.
let path = (FileManager.default.isWritableFile(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory())
    + "/textmeasure-fuzz-\(ProcessInfo.processInfo.processIdentifier).csv"

/// A CSV row with its index as its identity, as the `rows` command keeps them.
struct Row: Identifiable {
    let id: Int
    let fields: [String]
}

/// Input: the bytes of a CSV file, read as `textmeasure columns FILE` and `textmeasure rows FILE`
/// read it (comma-separated, header row first), then sized as they size it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard FileManager.default.createFile(atPath: path, contents: bytes) else { fatalError("cannot write \(path)") }
    let table: CSVTable
    do {
        table = try CSVTable.read(path, size: size, delimiter: ",")
    } catch {
        // A typed error naming the file and, when it gives one, a line the file has.
        let lines = 1 + bytes.indices.filter { bytes[$0] == 0x0A || bytes[$0] == 0x0D && $0 + 1 < bytes.count && bytes[$0 + 1] != 0x0A
            || bytes[$0] == 0x0D && $0 + 1 == bytes.count }.count
        require(error.path == path, "the error names \(error.path), not \(path)")
        if let line = error.line { require((1...lines).contains(line), "\(error): line \(line) of a file of \(lines) lines") }
        return 0
    }
    for (number, row) in table.rows.enumerated() {
        require(row.count == table.titles.count, "row \(number) has \(row.count) fields, the header \(table.titles.count)")
    }
    columnsAndRows(of: table)
    return 0
}

/// The column widths `columns` prints (the default mode, then `--mode cell`) and the row heights
/// and offsets `rows` prints (wrapped at those widths), checked to be finite sizes in order.
func columnsAndRows(of table: CSVTable) {
    var configuration = DataTableConfiguration(font: Fonts.bundled)
    configuration.cellPadding = DataTableCellPadding(horizontal: 8, vertical: 4)
    configuration.textLayout = .wrap
    configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
    let columns = table.titles.indices.map { index in DataTableColumn<Row>(table.titles[index]) { $0.fields[index] } }
    let rows = table.rows.enumerated().map { Row(id: $0, fields: $1) }
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
