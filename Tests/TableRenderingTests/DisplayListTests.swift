import CellLayout
import DataTables
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// The display list a style makes from a layout: cells where the layout puts them, glyphs inside
/// their cells, and chrome that never moves them.
@Suite struct DisplayListTests {
    let styles: [any TableStyle] = [PlainTableStyle(), BorderedTableStyle(), StripedTableStyle(), GridTableStyle(),
                                    NoChromeStyle(), RedBorderStyle()]

    @Test func cellFramesAreTheLayoutsColumnsAndRows() throws {
        let layout = try RenderingFixtures.productsLayout()
        let configuration = layout.styleConfiguration()
        let widths = layout.columnWidths.widths
        // Column starts as running sums of the widths, computed here.
        var starts: [Double] = [0]
        for width in widths { starts.append(starts.last! + width) }
        #expect(configuration.columns.count == widths.count)
        for column in configuration.columns {
            #expect(column.header.frame == Rect(x: starts[column.index], y: 0, width: widths[column.index],
                                                height: layout.configuration.headerHeight))
        }
        #expect(configuration.rows.map(\.index) == Array(0..<layout.rowCount))
        for row in configuration.rows {
            #expect(row.frame.minY == layout.offset(ofRow: row.index))
            #expect(row.frame.height == layout.height(ofRow: row.index))
            for (index, cell) in row.cells.enumerated() {
                #expect(cell.frame == Rect(x: starts[index], y: row.frame.minY, width: widths[index], height: row.frame.height))
                let padding = layout.configuration.cellPadding
                #expect(cell.contentFrame == Rect(x: starts[index] + padding.leading, y: row.frame.minY + padding.top,
                                                  width: widths[index] - padding.horizontal,
                                                  height: row.frame.height - padding.vertical))
            }
        }
        // Some cells of the capped columns wrap, so the frames are tested on rows of several heights.
        #expect(Set(configuration.rows.map(\.frame.height)).count > 1)
    }

    @Test(arguments: [ColumnAlignment.leading, .center, .trailing])
    func everyRunLiesInItsCellsContentBox(alignment: ColumnAlignment) throws {
        for textLayout in [DataTableTextLayout.wrap, .singleLine] {
            let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120, textLayout: textLayout)
            let configuration = layout.styleConfiguration(alignments: Array(repeating: alignment, count: layout.columns.count))
            var runs = 0
            for cell in configuration.columns.map(\.header) + configuration.rows.flatMap(\.cells) {
                for item in cell.text {
                    runs += 1
                    #expect(cell.contentFrame.contains(item.frame, tolerance: 1e-9),
                            "\(item.run.text) at \(item.frame) outside \(cell.contentFrame)")
                    // The run's box is its glyphs' advances, from the origin on the baseline.
                    #expect(item.frame.minX == item.origin.x)
                    #expect(abs(item.frame.width - item.run.glyphs.reduce(0) { $0 + $1.advance }) <= 1e-9)
                }
            }
            #expect(runs > layout.rowCount * layout.columns.count)
        }
    }

    @Test func aCellsTextIsWhatTheLayoutMeasured() throws {
        try expectEachCellDrawsItsLayout(RenderingFixtures.productsLayout(maxColumnWidth: 120))
    }

    /// Each cell of `layout` drawn as `prepare(text).layout(width:)` lays it out at the cell's
    /// content width: a run per line box, the line's characters, its width as `width(of:)`.
    func expectEachCellDrawsItsLayout<Row>(_ layout: DataTableLayout<Row>) {
        let configuration = layout.styleConfiguration()
        let font = layout.configuration.font
        for row in configuration.rows {
            for (index, cell) in row.cells.enumerated() {
                let text = layout.columns[index].text(layout.rows[row.index])
                let lines = font.prepare(text).layout(width: cell.contentFrame.width).lines
                // Runs grouped into lines by their line box's top, in order.
                var tops: [Double] = []
                for item in cell.text where tops.last != item.frame.minY { tops.append(item.frame.minY) }
                #expect(tops.count == lines.count)
                let drawn = tops.map { top in cell.text.filter { $0.frame.minY == top } }
                for (line, items) in zip(lines, drawn) {
                    // Logical text per line (visual order aside, the same characters).
                    #expect(items.map { String($0.run.text) }.joined().sorted() == line.text.sorted())
                    #expect(abs(items.reduce(0) { $0 + $1.run.width } - font.width(of: line.text)) <= 1e-9)
                }
            }
        }
    }

    /// Rows that keep their height through a change of column widths are laid out again at the
    /// new widths when drawn, not at the widths they were measured at.
    @Test func cellsAreLaidOutAtTheNewWidthsAfterAResize() throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120)
        _ = layout.styleConfiguration()
        let widths = layout.columnWidths.widths
        try layout.setFrameWidth(widths.reduce(0, +) * 1.5)
        #expect(layout.columnWidths.widths != widths)
        #expect((0..<layout.rowCount).contains { layout.isMeasured(row: $0) })
        expectEachCellDrawsItsLayout(layout)
    }

    /// Rows drawn (their lines kept by row index), then reversed: every row now stands where
    /// another's lines were kept, and each is drawn as its own text lays out, not from those lines.
    @Test func rowsThatMovedAreDrawnFromTheirOwnText() throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120)
        _ = layout.styleConfiguration()
        try layout.setData(layout.rows.reversed())
        expectEachCellDrawsItsLayout(layout)
    }

    /// A single-line cell shows a hard break as a space: its runs are those of the text with a
    /// space for the break, none is the glyph the break itself shapes to, and the row is as tall
    /// as that line.
    @Test func aSingleLineCellDrawsAHardBreakAsASpace() throws {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.textLayout = .singleLine
        configuration.columnWidthMode = .fixed(width: 300)
        let rows = [RenderingFixtures.Product(id: 0, fields: ["line one\nline two"])]
        let layout = try DataTableLayout(rows: rows, columns: [DataTableColumn<RenderingFixtures.Product>("Notes") { $0.fields[0] }],
                                         configuration: configuration)
        let font = configuration.font
        let items = layout.styleConfiguration().rows[0].cells[0].text
        let glyphs = items.flatMap(\.run.glyphs).map(\.id)
        let breakGlyphs = Set(font.glyphRuns(of: "\n").flatMap(\.glyphs).map(\.id))
        #expect(!glyphs.isEmpty && !glyphs.contains(0) && breakGlyphs.isDisjoint(with: glyphs))
        #expect(abs(items.reduce(0) { $0 + $1.run.width } - font.width(of: "line one line two")) <= 1e-9)
        #expect(items.map { String($0.run.text) }.joined() == "line one line two")
        let lineHeight = font.prepare("line one line two").layout(width: 300).height
        #expect(abs(layout.height(ofRow: 0) - (lineHeight + configuration.cellPadding.vertical)) <= 1e-6)
    }

    @Test func swappingTheStyleLeavesEveryGlyphRunInPlace() throws {
        let layout = try RenderingFixtures.productsLayout()
        let reference = layout.drawing(style: NoChromeStyle()).textItems
        #expect(reference.count > layout.rowCount * layout.columns.count)
        for style in styles {
            let items = layout.drawing(style: style).textItems
            #expect(items.count == reference.count)
            for (item, expected) in zip(items, reference) {
                #expect(item.origin == expected.origin)
                #expect(item.run == expected.run)
                #expect(item.frame == expected.frame)
            }
        }
    }

    @Test func theBorderedStyleStrokesAndClipsWhereTheReferenceDoes() throws {
        let layout = try RenderingFixtures.productsLayout()
        let drawing = layout.drawing(style: .bordered)  // measures every row first
        let table = Rect(x: 0, y: 0, width: layout.columnWidths.widths.reduce(0, +), height: layout.contentHeight)
        // background(white 0.97), cells, overlay(RoundedRectangle(8).stroke(.blue, 2)), all clipped to the rounded rectangle.
        #expect(drawing.items.count == 1)
        guard case .clip(let clip, let inner) = drawing.items[0] else { Issue.record("not a clip: \(drawing.items[0])"); return }
        #expect(clip == Path(.roundedRectangle(table, cornerRadius: 8)))
        guard case .fill(let background, let colour) = inner.first else { Issue.record("no background first"); return }
        #expect(background == Path(.rectangle(table)))
        #expect(colour == Color(white: 0.97))
        guard case .stroke(let border, let stroke, let width) = inner.last else { Issue.record("no stroke last"); return }
        #expect(border == Path(.roundedRectangle(table, cornerRadius: 8)))
        #expect(stroke == Color(red: 0, green: 122 / 255, blue: 1))
        #expect(width == 2)
        // Everything between is text; the drawing covers the stroke's outer half.
        #expect(inner.dropFirst().dropLast().allSatisfy { if case .text = $0 { true } else { false } })
        #expect(drawing.bounds == Rect(x: -1, y: -1, width: table.width + 2, height: table.height + 2))
    }

    @Test func paddingGrowsTheBodyButNotTheCells() throws {
        let layout = try RenderingFixtures.productsLayout()
        let configuration = layout.styleConfiguration()
        let plain = TableBody(columns: configuration.columns, rows: configuration.rows)
        let padded = plain.padding(EdgeInsets(top: 10, leading: 20, bottom: 30, trailing: 40)).background(.white)
        #expect(padded.frame == Rect(x: -20, y: -10, width: plain.frame.width + 60, height: plain.frame.height + 40))
        #expect(padded.drawing.bounds == padded.frame)
        #expect(padded.drawing.textItems.map(\.origin) == plain.drawing.textItems.map(\.origin))
    }

    @Test func stripesFollowTheRowIndexAndGridLinesTheCellEdges() throws {
        let layout = try RenderingFixtures.productsLayout()
        let configuration = layout.styleConfiguration(rows: 3..<7)
        let body = TableBody(columns: configuration.columns, rows: configuration.rows)
        let header = layout.configuration.headerHeight
        // Rows 3 and 5 are odd: striped. The first shown row starts right below the header.
        let stripes = body.rowStripes(.gray).drawing.items.compactMap { item -> Rect? in
            if case .fill(let path, _) = item, case .rectangle(let rect) = path.kind { rect } else { nil }
        }
        let height3 = layout.height(ofRow: 3), height4 = layout.height(ofRow: 4)
        #expect(stripes.map(\.minY) == [header, header + height3 + height4])
        let lines = body.gridLines(.black).drawing.items.compactMap { item -> Path? in
            if case .stroke(let path, _, _) = item { path } else { nil }
        }
        // Five column edges inside a six-column table, the header's bottom and three row edges.
        #expect(lines.count == (layout.columns.count - 1) + 1 + 3)
    }
}
