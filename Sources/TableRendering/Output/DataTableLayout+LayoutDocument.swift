internal import AtomicFiles
import CellLayout
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
        // The rows first, as `writeLayoutDocument` writes them: the usual line is a row's, and
        // the fonts take their indices in the same order.
        var builder = LayoutDocumentBuilder(padding: configuration.cellPadding)
        var rows: [TableLayoutDocument.Row] = []
        rows.reserveCapacity(rowCount)
        forEachDocumentRow(alignments: alignments, builder: &builder) { rows.append($0) }
        let (columns, header) = documentColumns(alignments: alignments, builder: &builder)
        return TableLayoutDocument(columns: columns, header: header, rows: rows, contentHeight: thousandths(contentHeight),
                                   fonts: builder.fonts, line: builder.usualLine, padding: builder.padding,
                                   pages: pages.map(documentPages), rowSpans: documentRowSpans)
    }

    /// The row spans as the document records them; nil for none.
    var documentRowSpans: [TableLayoutDocument.RowSpan]? {
        rowSpans.isEmpty ? nil : rowSpans.all.map { TableLayoutDocument.RowSpan(column: $0.column, row: $0.row, count: $0.count) }
    }

    /// `layoutDocument(alignments:pages:)` written to `path` as JSON, whole or not at all, a
    /// thousand rows at a time: memory holds the layout and a thousand rows' lines, never the
    /// whole document.
    ///
    /// - Throws: `RenderError.cannotWrite` naming the path.
    /// - Complexity: as `layoutDocument(alignments:pages:)`.
    public func writeLayoutDocument(to path: String, alignments: [ColumnAlignment] = [],
                                    pages: TablePages? = nil) throws(RenderError) {
        let file = try AtomicFile(writing: path, failure: RenderError.cannotWrite)
        defer { file.discard() }
        try writeLayoutDocument(alignments: alignments, pages: pages, reportedAs: path, to: file.append)
        try file.commit()
    }

    /// The document as JSON, given to `write` a chunk of about 1 MiB at a time (`path`: what an
    /// error names), after every row is measured.
    func writeLayoutDocument(alignments: [ColumnAlignment], pages: TablePages?, reportedAs path: String,
                             to write: ([UInt8]) throws(RenderError) -> Void) throws(RenderError) {
        measureRows(0..<rowCount)  // the content height is written before the rows
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys  // the same bytes every time
        func json(_ value: some Encodable) throws(RenderError) -> [UInt8] {
            // Only a length that is not finite fails to encode; a layout's are finite, but say so rather than trap.
            do { return Array(try encoder.encode(value)) } catch { throw .cannotWrite(path: path, reason: "\(error)") }
        }
        // The rows first, so that the usual line is a row's (the header is written after them).
        var builder = LayoutDocumentBuilder(padding: configuration.cellPadding)
        try write(Array("{\"version\":\(TableLayoutDocument.currentVersion),\"rows\":[".utf8))
        var chunk: [UInt8] = [], first = true
        var failure: RenderError?
        forEachDocumentRow(alignments: alignments, builder: &builder) { row in
            guard failure == nil else { return }
            if !first { chunk.append(UInt8(ascii: ",")) }
            first = false
            row.appendJSON(to: &chunk)
            if chunk.count >= 1 << 20 {
                do throws(RenderError) { try write(chunk) } catch { failure = error }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if let failure { throw failure }
        let (columns, header) = documentColumns(alignments: alignments, builder: &builder)
        var tail = try chunk + Array("],\"columns\":".utf8) + json(columns) + Array(",\"header\":".utf8) + json(header)
            + Array(",\"contentHeight\":".utf8) + json(thousandths(contentHeight))
            + Array(",\"fonts\":".utf8) + json(builder.fonts) + Array(",\"line\":".utf8) + json(builder.usualLine)
            + Array(",\"padding\":".utf8) + json(builder.padding)
        if let pages { tail += try Array(",\"pages\":".utf8) + json(documentPages(pages)) }
        if let spans = documentRowSpans { tail += try Array(",\"rowSpans\":".utf8) + json(spans) }
        try write(tail + Array("}\n".utf8))
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

    /// The columns, with their min- and max-content widths, and the header's cells.
    private func documentColumns(alignments: [ColumnAlignment], builder: inout LayoutDocumentBuilder)
        -> ([TableLayoutDocument.Column], TableLayoutDocument.Header) {
        let configuration = styleConfiguration(rows: 0..<0, alignments: alignments)
        let columns = zip(configuration.columns, columnWidths.columns).map { column, width in
            TableLayoutDocument.Column(title: column.title, x: thousandths(column.header.frame.minX),
                                       width: thousandths(column.header.frame.width),
                                       minContentWidth: width.minContentWidth.map(thousandths),
                                       maxContentWidth: width.maxContentWidth.map(thousandths), alignment: column.alignment.rawValue)
        }
        let groups = configuration.headerGroups.map { group in
            TableLayoutDocument.HeaderGroup(title: group.title, firstColumn: group.columns.lowerBound, columnCount: group.columns.count,
                                            level: group.level, top: thousandths(group.cell.frame.minY),
                                            height: thousandths(group.cell.frame.height), lines: builder.cell(group.cell).lines)
        }
        let header = TableLayoutDocument.Header(height: thousandths(self.configuration.headerHeight),
                                                cells: configuration.columns.map { builder.cell($0.header) },
                                                top: groups.isEmpty ? nil : thousandths(configuration.columns.first?.header.frame.minY ?? 0),
                                                groups: groups.isEmpty ? nil : groups)
        return (columns, header)
    }
}

/// The rows and columns of each of `pages`, with their widths and heights.
private func documentPages(_ pages: TablePages) -> [TableLayoutDocument.Page] {
    zip(zip(pages.rows, pages.columns), zip(pages.columnWidths, pages.rowHeights)).map { place, size in
        TableLayoutDocument.Page(firstRow: place.0.lowerBound, endRow: place.0.upperBound, columns: place.1,
                                 widths: size.0.map(thousandths), heights: size.1.map(thousandths))
    }
}

/// `value` to the nearest 1/1000: the document's precision.
func thousandths(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// Turns laid-out cells into the document's, collecting the fonts their runs use, and leaving
/// out what the usual case gives (see `TableLayoutDocument.Line`).
struct LayoutDocumentBuilder {
    private(set) var fonts: [TableLayoutDocument.Font] = []
    /// The first line's box and font, which the lines like it leave out.
    private var firstLine: TableLayoutDocument.LineBox?
    var usualLine: TableLayoutDocument.LineBox { firstLine ?? TableLayoutDocument.LineBox(height: 0, baseline: 0, font: 0) }
    let padding: TableLayoutDocument.Padding
    private var indices: [Font: Int] = [:]

    init(padding: EdgeInsets) {
        self.padding = TableLayoutDocument.Padding(top: thousandths(padding.top), leading: thousandths(padding.leading),
                                                   bottom: thousandths(padding.bottom), trailing: thousandths(padding.trailing))
    }

    /// `cell`'s text items as lines (items sharing a line box's top), from the cell's top-left corner.
    mutating func cell(_ cell: TableStyleConfiguration.Cell) -> TableLayoutDocument.Cell {
        var lines: [TableLayoutDocument.Line] = []
        var start = cell.text.startIndex
        var end = padding.top  // where the line before ends, as a reader finds it
        while start < cell.text.endIndex {
            let top = cell.text[start].frame.minY
            let stop = cell.text[start...].firstIndex { $0.frame.minY != top } ?? cell.text.endIndex
            let line = line(cell.text[start..<stop], in: cell.frame, following: end)
            lines.append(line.written)
            end = thousandths(line.y + line.height)
            start = stop
        }
        return TableLayoutDocument.Cell(lines: lines, color: cell.textStyle.color.map(HTMLMarkup.css),
                                        background: cell.textStyle.background.map(HTMLMarkup.css))
    }

    /// The line of `items`, as written, and its top and height; `following` is where the line
    /// before it in the cell ends (the padding's top for the first).
    private mutating func line(_ items: ArraySlice<TextItem>, in frame: Rect, following: Double)
        -> (written: TableLayoutDocument.Line, y: Double, height: Double) {
        let first = items.first!
        let minX = items.map(\.frame.minX).min()!, maxX = items.map(\.frame.maxX).max()!
        let alone = items.count == 1
        let runs = items.map { item in
            TableLayoutDocument.Run(text: alone ? nil : String(item.run.text), font: index(of: item.run.font),
                                    x: alone ? nil : thousandths(item.origin.x - frame.minX),
                                    width: alone ? nil : thousandths(item.run.width), rightToLeft: item.run.isRightToLeft ? true : nil)
        }
        let (x, y) = (thousandths(minX - frame.minX), thousandths(first.frame.minY - frame.minY))
        let box = TableLayoutDocument.LineBox(height: thousandths(first.frame.height),
                                              baseline: thousandths(first.origin.y - first.frame.minY), font: runs[0].font)
        if firstLine == nil { firstLine = box }
        let usual = box.height == usualLine.height && box.baseline == usualLine.baseline
        let oneUsualRun = alone && runs[0].rightToLeft == nil && runs[0].font == usualLine.font
        let line = TableLayoutDocument.Line(text: Self.readingOrder(items), x: x == padding.leading ? nil : x,
                                            y: y == following ? nil : y, width: thousandths(maxX - minX),
                                            height: usual ? nil : box.height,
                                            baseline: usual ? nil : thousandths(first.origin.y - frame.minY),
                                            runs: oneUsualRun ? nil : runs)
        return (line, y, box.height)
    }

    /// A line's text in reading (logical) order, from its runs in drawing order: the text from
    /// the first run's start to the last one's end when the runs are parts of one text (tabs
    /// between them included), else the runs' texts as drawn. O(the line's length): a run is
    /// part of the first run's text when that text has it at the run's place.
    static func readingOrder(_ items: ArraySlice<TextItem>) -> String {
        let texts = items.map(\.run.text)
        guard let base = texts.first?.base,
              texts.dropFirst().allSatisfy({ $0.base.utf8.count == base.utf8.count && base[$0.startIndex..<$0.endIndex] == $0 }),
              let start = texts.map(\.startIndex).min(), let end = texts.map(\.endIndex).max() else {
            return texts.joined()
        }
        return String(base[start..<end])
    }

    private mutating func index(of font: Font) -> Int {
        if let index = indices[font] { return index }
        let file = font.path.map { String($0.split(separator: "/").last ?? "") }
        let weight = Int(font.weightClass.rounded())
        fonts.append(TableLayoutDocument.Font(family: font.familyName, file: file, face: font.faceIndex == 0 ? nil : font.faceIndex,
                                              size: font.size, weight: weight == 400 || weight <= 0 ? nil : weight))
        indices[font] = fonts.count - 1
        return fonts.count - 1
    }
}
