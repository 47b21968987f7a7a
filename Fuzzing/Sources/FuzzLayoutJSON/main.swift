import CellLayout
import DataTables
import Foundation
import FuzzSupport
import TableRendering
import TextMeasure

/// Where the documents are written: memory, not the disk.
let folder: String = {
    let path = "/dev/shm/fuzz-layout-json-\(getpid())"
    mkdir(path, 0o700)
    return path
}()

/// A row with its index as its identity.
struct Row: Identifiable {
    let id: Int
    let fields: [String]
}

/// Input: a table (`FuzzTable`), then its font stack, wrapping, a maximum column width and
/// padding. The layout is written as JSON (`writeLayoutDocument`), read back with `JSONDecoder`,
/// and must be the layout's own `layoutDocument()`, each line's characters its cell's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let table = FuzzTable(&input)
    var configuration = DataTableConfiguration(font: Fonts.stack(&input))
    configuration.textLayout = input.choice(2) == 0 ? .wrap : .singleLine
    configuration.maxColumnWidth = input.pick([nil, 80, 150, 300] as [Double?])  // at least minColumnWidth (70)
    configuration.cellPadding = input.pick([EdgeInsets(), EdgeInsets(horizontal: 8, vertical: 4)])
    let columns = table.titles.indices.map { index in DataTableColumn<Row>(table.titles[index]) { $0.fields[index] } }
    let layout: DataTableLayout<Row>
    let rows = table.rows.enumerated().map { Row(id: $0, fields: $1) }
    do { layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration) } catch {
        fatalError("DataTableLayout threw \(error)")
    }
    let path = folder + "/layout.json"
    do { try layout.writeLayoutDocument(to: path) } catch { fatalError("writeLayoutDocument threw \(error)") }
    let document: TableLayoutDocument
    do { document = try JSONDecoder().decode(TableLayoutDocument.self, from: Data(contentsOf: URL(fileURLWithPath: path))) } catch {
        fatalError("the written JSON does not decode: \(error)")
    }
    require(document == layout.layoutDocument(), "the written JSON is not the layout's document")
    require(document.rows.count == table.rows.count, "\(document.rows.count) rows written of \(table.rows.count)")
    for (row, written) in zip(table.rows, document.rows) {
        require(written.cells.count == row.count, "a row of \(written.cells.count) cells, not \(row.count)")
        for (text, cell) in zip(row, written.cells) {
            // A line's runs are in drawing order (right-to-left ones reordered): its characters are the
            // cell's, and what a line shows that the cell lacks: the ellipsis of a cut line, a space for
            // a line break on one line, the hyphen of a line broken at a soft hyphen.
            var characters = Set(text.unicodeScalars).union(["…", " "])
            if characters.contains("\u{AD}") { characters.formUnion(["\u{2010}", "-"]) }
            for line in cell.lines {
                require(line.text.unicodeScalars.allSatisfy(characters.contains), "the line \(quoted(line.text)) is not of its cell \(quoted(text))")
            }
        }
    }
    return 0
}
