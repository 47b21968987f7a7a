import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Grouped rows drawn: the spanning cell once, at the top of its span, and again at the top of
/// every page the span continues on.
@Suite struct RowSpanDrawingTests {
    /// Rows 0–1 share "Kitchen and bath and more" (three lines in Noto Sans Mono at 10 px in a
    /// 60 px column: 40.86 tall, so row 1 grows to two lines); row 2 has its own cell.
    @Test func theSpanningCellIsDrawnOnceAsTallAsItsRows() throws {
        let sales = [MonoTable.Sale(id: 0, dept: "Kitchen and bath and more", item: "pan"),
                     MonoTable.Sale(id: 1, dept: "Kitchen and bath and more", item: "tap"),
                     MonoTable.Sale(id: 2, dept: "Tools", item: "saw")]
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        try layout.groupRows(byColumn: 0)
        let rows = layout.styleConfiguration().rows
        let line = MonoTable.line
        #expect(abs(rows[0].cells[0].frame.height - 3 * line) < 1e-5)  // the span: both rows
        #expect(rows[0].cells[0].text.map(\.run.text) == ["Kitchen", "and bath", "and more"])
        #expect(rows[1].cells[0].text.isEmpty)  // below the first row, the cell is empty
        #expect(rows[1].cells[1].text.map(\.run.text) == ["tap"])
        #expect(rows[2].cells[0].text.map(\.run.text) == ["Tools"])
        // The grid line between rows 0 and 1 starts after the spanning cell (60 px in); the one
        // between rows 1 and 2 crosses the table.
        let body = GridTableStyle().makeBody(configuration: layout.styleConfiguration())
        let lines = body.drawing.items.compactMap { item -> (y: Double, from: Double, to: Double)? in
            guard case .stroke(let path, _, _) = item, case .line(let a, let b) = path.kind, a.y == b.y else { return nil }
            return (a.y, min(a.x, b.x), max(a.x, b.x))
        }
        #expect(lines.filter { abs($0.y - layout.offset(ofRow: 1)) < 1e-5 }.map { [$0.from, $0.to] } == [[60, 120]])
        #expect(lines.filter { abs($0.y - layout.offset(ofRow: 2)) < 1e-5 }.map { [$0.from, $0.to] } == [[0, 120]])
    }

    /// pdftotext's words of each page of a grouped table 30 "Alpha" rows and 40 "Bravo" rows
    /// long on 300 × 400 pt pages: each group shows its name once on every page it has rows on,
    /// level with its first item there, and nowhere else on the page.
    @Test func aGroupContinuedOnTheNextPageShowsItsNameAtTheTop() throws {
        let pages = try Self.groupedPDFWords((0..<30).map { "Alpha,a\($0)" } + (0..<40).map { "Bravo,b\($0)" })
        #expect(pages.count > 2)
        var continued = 0
        for (number, words) in pages.enumerated() {
            let items = words.filter { $0.text.first == "a" || $0.text.first == "b" }
            for (name, prefix) in [("Alpha", "a"), ("Bravo", "b")] {
                let names = words.filter { $0.text == name }
                guard let first = items.first(where: { $0.text.hasPrefix(prefix) }) else {
                    #expect(names.isEmpty, "page \(number + 1): \(name) without its rows")
                    continue
                }
                #expect(names.count == 1, "page \(number + 1): \(name) \(names.count) times")
                #expect(abs((names.first?.y ?? .nan) - first.y) < 0.01, "page \(number + 1): \(name) not level with \(first.text)")
                if first.text != prefix + "0" { continued += 1 }
            }
        }
        #expect(continued >= 2)  // groups did continue onto later pages
    }

    /// The words of each page `render --group-by Dept` draws of a CSV of `records` under "Dept,Item",
    /// in Noto Sans at 10 px, columns 76 px, on 300 × 400 pt pages, as `pdftotext -bbox` reads them.
    static func groupedPDFWords(_ records: [String]) throws -> [[(text: String, y: Double)]] {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/groups.csv", pdf = folder + "/groups.pdf"
        try (["Dept,Item"] + records).joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", pdf, "--page", "300x400", "--size", "10",
                                             "--widths", "76,76", "--group-by", "Dept"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let xml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", pdf, "-"]))
        return xml.components(separatedBy: "<page ").dropFirst().map(words)
    }

    /// The words of one page of `pdftotext -bbox`: text and top.
    static func words(_ page: String) -> [(text: String, y: Double)] {
        page.components(separatedBy: "<word ").dropFirst().compactMap { word in
            guard let y = word.range(of: "yMin=\""), let close = word.range(of: "\">"), let end = word.range(of: "</word>") else { return nil }
            let value = word[y.upperBound...].prefix { $0 != "\"" }
            return (String(word[close.upperBound..<end.lowerBound]), Double(value) ?? .nan)
        }
    }
}

extension RowSpanDrawingTests {
    /// A PNG drawn in strips of 5 px (each strip drawing the rows near it) has the pixels of the
    /// whole table drawn at once: a spanning cell whose lines reach into later strips is drawn
    /// there too, from where it starts, and only once.
    @Test func pngStripsDrawASpanAsTheWholeTableDoes() throws {
        // Ten lines of "aaaa bbbb" beside ten one-line rows: 136 pt, past the 56 pt a strip reaches.
        let name = Array(repeating: "aaaa bbbb", count: 10).joined(separator: " ")
        let sales = (0..<10).map { MonoTable.Sale(id: $0, dept: name, item: "i\($0)") }
            + [MonoTable.Sale(id: 10, dept: "Tools", item: "saw")]
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        try layout.groupRows(byColumn: 0)
        let whole = try layout.drawing(style: GridTableStyle()).pngData(scale: 2)
        let inStrips = try layout.pngData(style: GridTableStyle(), scale: 2, stripHeight: 5)
        let samePixels = inStrips == whole  // byte for byte: one image, however it was drawn
        #expect(samePixels)
    }
}

extension RowSpanDrawingTests {
    /// The layout document records the spans: the written file is the value, with `rowSpans`
    /// naming each group; the group's name is in its first row's cell only.
    @Test func theLayoutDocumentRecordsTheSpans() throws {
        let sales = [MonoTable.Sale(id: 0, dept: "Garden", item: "rake"), MonoTable.Sale(id: 1, dept: "Garden", item: "hoe"),
                     MonoTable.Sale(id: 2, dept: "Garden", item: "fork"), MonoTable.Sale(id: 3, dept: "Tools", item: "saw"),
                     MonoTable.Sale(id: 4, dept: "Kitchen", item: "pan"), MonoTable.Sale(id: 5, dept: "Kitchen", item: "tap")]
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        try layout.groupRows(byColumn: 0)
        let path = try RenderingFixtures.temporaryFolder() + "/groups.json"
        try layout.writeLayoutDocument(to: path)
        let decoded = try JSONDecoder().decode(TableLayoutDocument.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(decoded == layout.layoutDocument())
        #expect(decoded.rowSpans == [TableLayoutDocument.RowSpan(column: 0, row: 0, count: 3),
                                     TableLayoutDocument.RowSpan(column: 0, row: 4, count: 2)])
        #expect(decoded.rows.map { $0.cells[0].lines.map(\.text) } == [["Garden"], [], [], ["Tools"], ["Kitchen"], []])
        // A table without spans writes no key.
        let plain = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        #expect(plain.layoutDocument().rowSpans == nil)
    }
}

extension RowSpanDrawingTests {
    /// A group name of 40 words, two to a 60 px line in Noto Sans at 10 px (20 lines, 272.4 pt),
    /// beside three rows that start low on a 300 × 400 pt page: that page holds two of its rows
    /// (43.24 pt; the lines start 4 pt down, so two lines, "w01 w02" / "w03 w04"), and the next page
    /// the rest, level with its first row. Every word is drawn once, none below the table.
    @Test func aSpanningCellTallerThanItsRowsOnAPageGoesOnOverTheNext() throws {
        let name = (1...40).map { "w" + ($0 < 10 ? "0" : "") + String($0) }.joined(separator: " ")
        let pages = try Self.groupedPDFWords((0..<3).map { "Lead,a\($0)" } + (0..<3).map { "\"\(name)\",b\($0)" }
            + (0..<3).map { "Tail,c\($0)" })
        let names = pages.map { $0.filter { $0.text.hasPrefix("w") }.map(\.text) }
        #expect(names.flatMap { $0 }.sorted() == name.split(separator: " ").map(String.init))  // each word once
        #expect(names.first { !$0.isEmpty } == ["w01", "w02", "w03", "w04"])
        for words in pages {
            guard let b = words.first(where: { $0.text.hasPrefix("b") }), let first = words.first(where: { $0.text.hasPrefix("w") }),
                  let footer = words.first(where: { $0.text == "Page" }) else { continue }
            #expect(abs(first.y - b.y) < 0.01)  // the group's lines start level with its first row on the page
            #expect(words.filter { $0.text.hasPrefix("w") }.allSatisfy { $0.y + 13.62 <= footer.y })  // none below the table
        }
    }
}

extension RowSpanDrawingTests {
    /// `--sort Dept` sorts stably (rake stays before hoe), then `--group-by Dept` spans the
    /// Garden rows; a column the table lacks is named with the table's columns.
    @Test func theCommandSortsStablyThenGroups() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/sales.csv", json = folder + "/sales.json"
        try "Dept,Item\nGarden,rake\nKitchen,pan\nGarden,hoe\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try Command().run(["render", csv, "-o", json, "--sort", "Dept", "--group-by", "Dept"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONDecoder().decode(TableLayoutDocument.self, from: Data(contentsOf: URL(fileURLWithPath: json)))
        #expect(document.rows.map { $0.cells[1].lines.map(\.text) } == [["rake"], ["hoe"], ["pan"]])
        #expect(document.rowSpans == [TableLayoutDocument.RowSpan(column: 0, row: 0, count: 2)])

        let wrong = try Command().run(["render", csv, "-o", folder + "/x.png", "--group-by", "Aisle"], input: [])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--group-by Aisle: no column is titled 'Aisle' (the columns: Dept, Item)"))
    }
}
