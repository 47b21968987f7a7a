import CellLayout
import DataTables
import Foundation
import Testing
@testable import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// The layout as data (`TableLayoutDocument`, `render -o FILE.json`): checked against Codable,
/// against `rows --json`, against the drawing's glyph positions and against numbers worked by hand.
@Suite struct LayoutDocumentTests {
    /// Lengths are written to 1/1000: a rounded value is within half of that, and a sum of two
    /// within one.
    static let tolerance = 0.001

    @Test func roundTripsThroughCodable() throws {
        let layout = try RenderingFixtures.productsLayout()
        let pages = try layout.pages(page: PageSize(width: 700, height: 300))
        let document = layout.layoutDocument(alignments: [.leading, .trailing], pages: pages)
        let decoded = try JSONDecoder().decode(TableLayoutDocument.self, from: JSONEncoder().encode(document))
        #expect(decoded == document)
        #expect(document.pages?.count == pages.count && pages.count > 1)
    }

    @Test func theWrittenFileIsTheValue() throws {
        let layout = try RenderingFixtures.productsLayout()
        let path = try RenderingFixtures.temporaryFolder() + "/layout.json"
        let pages = try layout.pages(page: PageSize(width: 700, height: 300))
        try layout.writeLayoutDocument(to: path, alignments: [.center], pages: pages)
        let data = try #require(FileManager.default.contents(atPath: path))
        #expect(try JSONDecoder().decode(TableLayoutDocument.self, from: data)
            == layout.layoutDocument(alignments: [.center], pages: pages))
    }

    /// Texts JSON must escape (quotes, a backslash, a tab, a control character) and runs of
    /// another direction and font come back from the written file as they went in.
    @Test func theWrittenFileKeepsEscapedTextsAndMixedRuns() throws {
        typealias Product = RenderingFixtures.Product
        let texts = [#"say "hi" \ there"#, "a\tb", "bell\u{7} end", "abc مرحبا بالعالم def", "漢字 and 😀"]
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        let layout = try DataTableLayout(rows: texts.enumerated().map { Product(id: $0, fields: [$1]) },
                                         columns: [DataTableColumn<Product>("text") { $0.fields[0] }], configuration: configuration)
        let path = try RenderingFixtures.temporaryFolder() + "/escaped.json"
        try layout.writeLayoutDocument(to: path)
        let data = try #require(FileManager.default.contents(atPath: path))
        let decoded = try JSONDecoder().decode(TableLayoutDocument.self, from: data)
        let document = layout.layoutDocument()
        #expect(decoded == document)
        let runs = document.rows.flatMap { $0.cells.flatMap { $0.lines.flatMap { $0.runs ?? [] } } }
        #expect(runs.contains { $0.rightToLeft == true } && Set(runs.map(\.font)).count > 1)
        #expect(document.rows[0].cells[0].lines[0].text.hasPrefix(#"say "hi" \"#))  // cut to the column
    }

    /// Every run where the drawing sets it: its origin is the column's x plus the run's, and the
    /// row's offset plus the line's baseline.
    @Test func agreesWithTheDrawingsGlyphPositions() throws {
        let layout = try RenderingFixtures.productsLayout()
        let alignments: [ColumnAlignment] = [.leading, .center, .trailing]
        let document = layout.layoutDocument(alignments: alignments)
        let drawn = layout.drawing(style: .plain, alignments: alignments).textItems
        var placed: [(x: Double, y: Double, text: String)] = []
        func place(_ cell: TableLayoutDocument.Cell, x: Double, y: Double) {
            var previous: TableLayoutDocument.Line?
            for written in cell.lines {
                // What a line leaves out, by the schema's rules: x, y, its box, its one run in the usual font.
                let line = written.resolved(after: previous, in: document)
                // A line of one run leaves the run's text and x to the line.
                for run in line.runs! { placed.append((x + (run.x ?? line.x!), y + line.baseline!, run.text ?? line.text)) }
                previous = line
            }
        }
        for (column, cell) in zip(document.columns, document.header.cells) { place(cell, x: column.x, y: 0) }
        for row in document.rows {
            for (column, cell) in zip(document.columns, row.cells) { place(cell, x: column.x, y: row.offset) }
        }
        // Some lines are of several runs, so both forms are checked.
        #expect(document.rows.contains { $0.cells.contains { $0.lines.contains { ($0.runs?.count ?? 0) > 1 } } })
        // And lines that leave out their y (a wrapped cell's second line), and their runs.
        #expect(document.rows.contains { $0.cells.contains { $0.lines.dropFirst().contains { $0.y == nil } } })
        #expect(document.rows.contains { $0.cells.contains { $0.lines.contains { $0.runs == nil } } })
        #expect(placed.count == drawn.count && drawn.count > 100)
        for (run, item) in zip(placed, drawn) {
            #expect(run.text == String(item.run.text))
            #expect(abs(run.x - item.origin.x) <= Self.tolerance && abs(run.y - item.origin.y) <= Self.tolerance,
                    "\(run) against \(item.origin)")
        }
    }

    /// Noto Sans Mono at 10 px advances every character 6 px. Columns 100 px wide with 8 px of
    /// padding each side leave a content box from x 8 to 92, 84 px wide; the rows' padding top is 4.
    @Test func handWorkedCellsInNotoSansMono() throws {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 10)]))
        configuration.tabularFigures = false  // one font: the column of numbers in the same face (TabularFiguresTests)
        configuration.columnWidthMode = .fixed(width: 100)
        configuration.cellPadding = EdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8)
        configuration.sortIndicatorWidth = 0
        configuration.textLayout = .singleLine
        configuration.rowHeightMode = .fixed(30)
        configuration.headerHeight = 40
        typealias Product = RenderingFixtures.Product
        let columns = ["a", "b", "c"].enumerated().map { index, title in DataTableColumn<Product>(title) { $0.fields[index] } }
        let layout = try DataTableLayout(rows: [Product(id: 0, fields: ["abc", "12", "wxyz"])], columns: columns,
                                         configuration: configuration)
        let document = layout.layoutDocument(alignments: [.leading, .trailing, .center])

        #expect(document.columns.map(\.x) == [0, 100, 200])
        #expect(document.columns.map(\.width) == [100, 100, 100])
        #expect(document.columns.allSatisfy { $0.minContentWidth == nil && $0.maxContentWidth == nil })
        #expect(document.fonts.map(\.family) == ["Noto Sans Mono"] && document.fonts.map(\.file) == ["NotoSansMono-Regular.ttf"])
        #expect(document.fonts.map(\.size) == [10] && document.fonts.map(\.face) == [nil])
        #expect(document.header.height == 40)
        #expect(document.rows.map(\.offset) == [40] && document.rows.map(\.height) == [30])
        #expect(document.padding == TableLayoutDocument.Padding(top: 4, leading: 8, bottom: 4, trailing: 8))
        #expect(document.line.font == 0)
        let lines = try document.rows[0].cells.map { try #require($0.lines.first) }
        // "abc" leading: at the content box's left, the padding's 8, left out; 3 × 6 = 18 px wide.
        #expect(lines[0].text == "abc" && lines[0].x == nil && lines[0].width == 18)
        // "12" trailing: its right edge at 92, so 92 − 12 = 80.
        #expect(lines[1].text == "12" && lines[1].x == 80 && lines[1].width == 12)
        // "wxyz" centred: 8 + (84 − 24) ÷ 2 = 38.
        #expect(lines[2].text == "wxyz" && lines[2].x == 38 && lines[2].width == 24)
        // Each line at the content box's top (the padding's 4: left out), one run in the usual font
        // 0 where the line starts (left out).
        for line in lines {
            #expect(line.y == nil && line.runs == nil && line.height == nil && line.baseline == nil)
            let resolved = line.resolved(after: nil, in: document)
            #expect(resolved.y == 4 && resolved.runs == [TableLayoutDocument.Run(text: nil, font: 0, x: nil, width: nil, rightToLeft: nil)])
        }
        #expect(lines[0].resolved(after: nil, in: document).x == 8)
        // The header title "c", 6 px, centred in its column as well: 8 + (84 − 6) ÷ 2 = 47.
        #expect(document.header.cells[2].lines.map(\.x) == [47])
        // The row as the file has it: a cell is the array of its lines; a usual line its text and width.
        var json: [UInt8] = []
        document.rows[0].appendJSON(to: &json)
        #expect(String(decoding: json, as: UTF8.self) == #"{"height":30,"offset":40,"cells":[[{"text":"abc","width":18}],"#
            + #"[{"text":"12","x":80,"width":12}],[{"text":"wxyz","x":38,"width":24}]]}"#)
    }

    /// The command's file: JSON that Foundation parses, with the documented keys, heights and
    /// offsets as `rows --json` gives them, and pages only when `--page` is given.
    @Test func theCommandWritesTheDocumentedKeysAndAgreesWithRowsJSON() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let sample = RenderingFixtures.samplePath
        let options = ["--max", "150", "--wrap"]
        // With --page the document describes paper: 10 pt, automatic layout at the page's width
        // inside the margins (400 − 2 × 36), no sort arrow's room.
        let paper = ["--size", "10", "--table-layout", "auto", "--frame-width", "328", "--sort-indicator", "0"]
        for (name, extra, rowsOptions) in [("plain.json", [String](), [String]()), ("paged.json", ["--page", "400x300"], paper)] {
            let rows = try Command().run(["rows", sample, "--json"] + options + rowsOptions, input: [])
            #expect(rows.status == 0, "\(rows.stderr)")
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [String: Any])
            let result = try Command().run(["render", sample, "-o", folder + "/" + name] + options + extra, input: [])
            #expect(result.status == 0, "\(result.stderr)")
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["version"] as? Int == 2)
            let fonts = try #require(object["fonts"] as? [[String: Any]])
            #expect(!fonts.isEmpty && fonts.allSatisfy { $0["family"] is String && $0["file"] is String && $0["size"] is Double })
            let columns = try #require(object["columns"] as? [[String: Any]])
            let widths = try #require(expected["columnWidths"] as? [Double])
            #expect(columns.count == widths.count)
            for (column, width) in zip(columns, widths) {
                #expect(column["title"] is String)
                #expect(abs((column["width"] as? Double ?? -1) - width) <= Self.tolerance)
            }
            #expect((object["header"] as? [String: Any])?["height"] as? Double == 44)
            let written = try #require(object["rows"] as? [[String: Any]])
            let measured = try #require(expected["rows"] as? [[String: Double]])
            #expect(written.count == measured.count && !written.isEmpty)
            for (row, reference) in zip(written, measured) {
                #expect(abs((row["height"] as? Double ?? -1) - reference["height"]!) <= Self.tolerance)
                #expect(abs((row["offset"] as? Double ?? -1) - reference["offset"]!) <= Self.tolerance)
            }
            // The first cell's line: leading, at the padding, one run in the usual font: its text and width.
            let cell = try #require((written[0]["cells"] as? [[[String: Any]]])?.first)
            let line = try #require(cell.first)
            #expect(Set(line.keys) == ["text", "width"])
            let usual = try #require(object["line"] as? [String: Double])
            #expect(usual["height"] != nil && usual["baseline"] != nil && usual["font"] == 0)
            let padding = try #require(object["padding"] as? [String: Double])
            #expect(Set(padding.keys) == ["top", "leading", "bottom", "trailing"])
            // Font 0 is the cells' regular face (the rows are written first); the bold header's comes after.
            #expect(fonts.first?["file"] as? String == "NotoSans-Regular.ttf" && fonts.first?["weight"] == nil)
            #expect(fonts.contains { $0["file"] as? String == "NotoSans-Bold.ttf" && $0["weight"] as? Int == 700 })
            if extra.isEmpty {
                #expect(object["pages"] == nil)
            } else {
                let pages = try #require(object["pages"] as? [[String: Any]])
                // The pages cover every row, in order, each from where the last ended (or in it, a split row).
                #expect(pages.first?["firstRow"] as? Int == 0 && pages.last?["endRow"] as? Int == written.count && pages.count > 1)
                for (page, next) in zip(pages, pages.dropFirst()) { #expect((next["firstRow"] as? Int ?? .max) <= (page["endRow"] as? Int ?? -1)) }
                // 400 pt is narrower than the sample: its columns go into bands, each column on a page.
                let shown = pages.map { $0["columns"] as? [Int] ?? [] }
                #expect(Set(shown.joined()) == Set(0..<columns.count) && shown.allSatisfy { !$0.isEmpty })
                // Each page has its band's widths, one a column, and its rows' heights, one a row.
                for page in pages {
                    #expect((page["widths"] as? [Double])?.count == (page["columns"] as? [Int])?.count)
                    #expect((page["heights"] as? [Double])?.count == (page["endRow"] as? Int ?? 0) - (page["firstRow"] as? Int ?? 0))
                }
            }
        }
    }

    /// Under automatic table layout, each column carries the min- and max-content widths that
    /// `columns --json` reports for the same frame; without it, neither key is written.
    @Test func automaticLayoutWritesTheContentWidthsColumnsReports() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let sample = RenderingFixtures.samplePath
        let auto = ["--table-layout", "auto", "--frame-width", "300"]
        let columns = try Command().run(["columns", sample, "--json"] + auto, input: [])
        #expect(columns.status == 0, "\(columns.stderr)")
        let expected = try #require((try JSONSerialization.jsonObject(with: Data(columns.stdout.utf8)) as? [String: Any])?["columns"]
            as? [[String: Any]])
        for (name, extra) in [("auto.json", auto), ("fitted.json", [])] {
            let result = try Command().run(["render", sample, "-o", folder + "/" + name] + extra, input: [])
            #expect(result.status == 0, "\(result.stderr)")
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            let written = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["columns"] as? [[String: Any]])
            #expect(written.count == expected.count && !written.isEmpty)
            for (column, reference) in zip(written, expected) {
                for key in ["minContentWidth", "maxContentWidth"] {
                    if extra.isEmpty {
                        #expect(column[key] == nil, "\(key)")
                    } else {
                        let value = try #require(column[key] as? Double, "\(key)"), wanted = try #require(reference[key] as? Double)
                        #expect(abs(value - wanted) <= Self.tolerance, "\(key)")
                    }
                }
            }
        }
    }

    /// A table wider than its page: each page lists its band's columns, the bands and pages worked
    /// by hand in `ColumnBandTests` (key column, then [a e], [b], [c], [d]; 12 rows a page).
    @Test func pagesListTheColumnsOfTheirBand() throws {
        let layout = try ColumnBandTests.layout()
        let pages = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10))
        let document = layout.layoutDocument(pages: pages)
        let bands = [[0, 1, 2], [0, 3], [0, 4], [0, 5]]
        let down = [0..<12, 12..<24, 24..<30]
        #expect(document.pages?.map(\.columns) == bands.flatMap { band in down.map { _ in band } })
        #expect(document.pages?.map { $0.firstRow..<$0.endRow } == bands.flatMap { _ in down })
        // Under SwiftDataTables' rules each band keeps the columns' widths (8.4 pt a character +
        // 16); its single-line rows are one line + 8 tall.
        let widths = [[41.2, 83.2, 58], [41.2, 184], [41.2, 142], [41.2, 226]]
        #expect(document.pages?.map(\.widths) == widths.flatMap { band in down.map { _ in band } })
        let (_, line) = try SplitRowPageTests.monoMetrics()
        #expect(document.pages?.allSatisfy { $0.heights == Array(repeating: ((line + 8) * 1000).rounded() / 1000, count: $0.endRow - $0.firstRow) } == true)
    }
}
