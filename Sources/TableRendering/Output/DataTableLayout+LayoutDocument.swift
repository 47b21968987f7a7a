public import DataTables
import FoundationEssentials
import TextMeasure

extension DataTableLayout {
    /// The layout as data: every row measured, and each cell's lines as
    /// `styleConfiguration(rows:alignments:)` lays them out for drawing (the same glyph runs at
    /// the same places), with `pages`' rows when given.
    ///
    /// - Complexity: O(cells), plus measuring every row and shaping each line once.
    public func layoutDocument(alignments: [ColumnAlignment] = [], pages: TablePages? = nil) -> TableLayoutDocument {
        var builder = LayoutDocumentBuilder()
        var rows: [TableLayoutDocument.Row] = []
        rows.reserveCapacity(rowCount)
        forEachDocumentRow(alignments: alignments, builder: &builder) { rows.append($0) }
        let (columns, header) = documentColumns(alignments: alignments, widths: columnWidths, builder: &builder)
        return TableLayoutDocument(columns: columns, header: header, rows: rows, contentHeight: thousandths(contentHeight),
                                   fonts: builder.fonts, line: builder.usualLine, pages: pages.map(documentPages))
    }

    /// `layoutDocument(alignments:pages:)` written to `path` as JSON, whole or not at all, a
    /// thousand rows at a time: memory holds the layout and a thousand rows' lines, never the
    /// whole document.
    ///
    /// - Throws: `RenderError.cannotWrite` naming the path.
    /// - Complexity: as `layoutDocument(alignments:pages:)`.
    public func writeLayoutDocument(to path: String, alignments: [ColumnAlignment] = [],
                                    pages: TablePages? = nil) throws(RenderError) {
        try writeLayoutDocument(to: path, alignments: alignments, pages: pages, columnWidths: columnWidths)
    }

    /// `writeLayoutDocument(to:alignments:pages:)` with the min- and max-content widths of
    /// `columnWidths`: for a layout whose columns were fixed at widths measured beforehand (the
    /// command's), which itself knows neither.
    package func writeLayoutDocument(to path: String, alignments: [ColumnAlignment], pages: TablePages?,
                                     columnWidths: DataTableColumnWidths) throws(RenderError) {
        measureRows(0..<rowCount)  // the content height is written before the rows
        let file = try AtomicFile(replacing: try AtomicFile.resolvingLinks(path), reportedAs: path)
        defer { file.discard() }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes every time
        func json(_ value: some Encodable) throws(RenderError) -> [UInt8] {
            // Only a length that is not finite fails to encode; a layout's are finite, but say so rather than trap.
            do { return Array(try encoder.encode(value)) } catch { throw .cannotWrite(path: path, reason: "\(error)") }
        }
        var builder = LayoutDocumentBuilder()
        let (columns, header) = documentColumns(alignments: alignments, widths: columnWidths, builder: &builder)
        try file.append(try Array("{\"version\":\(TableLayoutDocument.currentVersion),\"columns\":".utf8) + json(columns)
            + Array(",\"header\":".utf8) + json(header) + Array(",\"contentHeight\":".utf8) + json(thousandths(contentHeight))
            + Array(",\"rows\":[".utf8))
        var chunk: [UInt8] = [], first = true
        var failure: RenderError?
        forEachDocumentRow(alignments: alignments, builder: &builder) { row in
            guard failure == nil else { return }
            if !first { chunk.append(UInt8(ascii: ",")) }
            first = false
            row.appendJSON(to: &chunk)
            if chunk.count >= 1 << 20 {
                do throws(RenderError) { try file.append(chunk) } catch { failure = error }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if let failure { throw failure }
        var tail = try chunk + Array("],\"fonts\":".utf8) + json(builder.fonts) + Array(",\"line\":".utf8) + json(builder.usualLine)
        if let pages { tail += try Array(",\"pages\":".utf8) + json(documentPages(pages)) }
        try file.append(tail + Array("}\n".utf8))
        try file.commit()
    }

    /// Each row's document, top to bottom, from the style configuration of a thousand rows at a time.
    private func forEachDocumentRow(alignments: [ColumnAlignment], builder: inout LayoutDocumentBuilder,
                                    _ body: (TableLayoutDocument.Row) -> Void) {
        for start in stride(from: 0, to: rowCount, by: 1000) {
            let range = start..<min(rowCount, start + 1000)
            for row in styleConfiguration(rows: range, alignments: alignments).rows {
                body(TableLayoutDocument.Row(height: thousandths(row.frame.height), offset: thousandths(offset(ofRow: row.index)),
                                             cells: row.cells.map { builder.cell($0) }, footer: row.isFooter ? true : nil))
            }
        }
    }

    /// The columns, with the min- and max-content widths of `widths`, and the header's cells.
    private func documentColumns(alignments: [ColumnAlignment], widths: DataTableColumnWidths, builder: inout LayoutDocumentBuilder)
        -> ([TableLayoutDocument.Column], TableLayoutDocument.Header) {
        let configuration = styleConfiguration(rows: 0..<0, alignments: alignments)
        let widths = widths.columns
        let columns = zip(configuration.columns, widths).map { column, width in
            TableLayoutDocument.Column(title: column.title, x: thousandths(column.header.frame.minX),
                                       width: thousandths(column.header.frame.width),
                                       minContentWidth: width.minContentWidth.map(thousandths),
                                       maxContentWidth: width.maxContentWidth.map(thousandths), alignment: column.alignment.rawValue)
        }
        let header = TableLayoutDocument.Header(height: thousandths(self.configuration.headerHeight),
                                                cells: configuration.columns.map { builder.cell($0.header) })
        return (columns, header)
    }
}

/// The rows and columns of each of `pages`.
private func documentPages(_ pages: TablePages) -> [TableLayoutDocument.Page] {
    zip(pages.rows, pages.columns).map { TableLayoutDocument.Page(firstRow: $0.lowerBound, endRow: $0.upperBound, columns: $1) }
}

/// `value` to the nearest 1/1000: the document's precision.
func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Turns laid-out cells into the document's, collecting the fonts their runs use.
struct LayoutDocumentBuilder {
    private(set) var fonts: [TableLayoutDocument.Font] = []
    /// The first line's box, which the lines like it leave out.
    private var firstLine: TableLayoutDocument.LineBox?
    var usualLine: TableLayoutDocument.LineBox { firstLine ?? TableLayoutDocument.LineBox(height: 0, baseline: 0) }
    private var indices: [Font: Int] = [:]

    /// `cell`'s text items as lines (items sharing a line box's top), from the cell's top-left corner.
    mutating func cell(_ cell: TableStyleConfiguration.Cell) -> TableLayoutDocument.Cell {
        var lines: [TableLayoutDocument.Line] = []
        var start = cell.text.startIndex
        while start < cell.text.endIndex {
            let top = cell.text[start].frame.minY
            let end = cell.text[start...].firstIndex { $0.frame.minY != top } ?? cell.text.endIndex
            lines.append(line(cell.text[start..<end], in: cell.frame))
            start = end
        }
        return TableLayoutDocument.Cell(lines: lines)
    }

    private mutating func line(_ items: ArraySlice<TextItem>, in frame: Rect) -> TableLayoutDocument.Line {
        let first = items.first!
        let minX = items.map(\.frame.minX).min()!, maxX = items.map(\.frame.maxX).max()!
        let alone = items.count == 1
        let runs = items.map { item in
            TableLayoutDocument.Run(text: alone ? nil : String(item.run.text), font: index(of: item.run.font),
                                    x: alone ? nil : thousandths(item.origin.x - frame.minX),
                                    width: alone ? nil : thousandths(item.run.width), rightToLeft: item.run.isRightToLeft ? true : nil)
        }
        let y = thousandths(first.frame.minY - frame.minY)
        let box = TableLayoutDocument.LineBox(height: thousandths(first.frame.height), baseline: thousandths(first.origin.y - first.frame.minY))
        if firstLine == nil { firstLine = box }
        let usual = box == firstLine
        return TableLayoutDocument.Line(text: items.map { String($0.run.text) }.joined(), x: thousandths(minX - frame.minX),
                                        y: y, width: thousandths(maxX - minX), height: usual ? nil : box.height,
                                        baseline: usual ? nil : thousandths(first.origin.y - frame.minY), runs: runs)
    }

    private mutating func index(of font: Font) -> Int {
        if let index = indices[font] { return index }
        let file = font.path.map { String($0.split(separator: "/").last ?? "") }
        fonts.append(TableLayoutDocument.Font(family: font.familyName, file: file, face: font.faceIndex == 0 ? nil : font.faceIndex,
                                              size: font.size))
        indices[font] = fonts.count - 1
        return fonts.count - 1
    }
}
