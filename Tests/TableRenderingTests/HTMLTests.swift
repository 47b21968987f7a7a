import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The HTML backend: the page's structure against the layout's numbers, the embedded font
/// subsets against the whole fonts, escaping read back by Chromium, and virtualised rows.
@Suite struct HTMLTests {
    struct Item: Identifiable, Sendable {
        let id: Int
        let fields: [String]
    }

    /// A table of `rows` (each a row's fields under `titles`) in the bundled fonts at 14 px.
    func layout(_ titles: [String], _ rows: [[String]], wrap: Bool = false, maxColumnWidth: Double? = 200) throws -> DataTableLayout<Item> {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.textLayout = wrap ? .wrap : .singleLine
        configuration.maxColumnWidth = maxColumnWidth
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        let columns = titles.indices.map { index in DataTableColumn<Item>(titles[index]) { $0.fields[index] } }
        return try DataTableLayout(rows: rows.enumerated().map { Item(id: $0, fields: $1) }, columns: columns, configuration: configuration)
    }

    /// Every match of `pattern`'s first group in `text`.
    func matches(_ pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    /// What `probe` (a script that writes `<pre id="out">`) writes in Chromium into `table`'s
    /// page, written at `page` with its row data at `rowData` beside it.
    func probed(_ table: HTMLTable, probe: String, page: String, rowData: String) throws -> String {
        let folder = (page as NSString).deletingLastPathComponent
        try table.html.replacingOccurrences(of: "</html>", with: probe + "</html>").write(toFile: page, atomically: true, encoding: .utf8)
        try table.rowData?.write(toFile: folder + "/" + rowData, atomically: true, encoding: .utf8)
        let dom = try #require(RenderingFixtures.output(of: "chromium", [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--font-render-hinting=none", "--virtual-time-budget=5000",
            "--allow-file-access-from-files", "--user-data-dir=" + folder + "/profile", "--dump-dom", URL(fileURLWithPath: page).absoluteString,
        ]), "chromium did not run: is it installed?")
        return try #require(try matches(#"<pre id="out">(.*?)</pre>"#, in: dom).first)
    }

    /// "12.5px" as 12.5.
    func pixels(_ text: String) throws -> Double { try #require(Double(text.dropLast(2))) }

    @Test func rowsAndColumnsAddUpToTheLayoutsSizesOnChromiumsGrid() throws {
        let layout = try RenderingFixtures.productsLayout()
        let html = try layout.html(style: .grid).html
        let widths = try matches(#"<col style="width:([0-9.]+px)">"#, in: html).map(pixels)
        #expect(widths.count == layout.columns.count)
        for (width, column) in zip(widths, layout.columnWidths.columns) {
            #expect(abs(width - column.width) <= 1.0 / 64, "\(column)")
            #expect((width * 64).rounded() == width * 64)
        }
        let heights = try matches(#"<tr data-row="[0-9]+"[^>]*style="height:([0-9.]+px)">"#, in: html).map(pixels)
        #expect(heights.count == layout.rowCount)
        // Summed down the table, each row's top stays within 1/128 px of the layout's offset: no drift.
        var top = layout.configuration.headerHeight
        for (row, height) in heights.enumerated() {
            #expect(abs(top - layout.offset(ofRow: row)) <= 1.0 / 128, "row \(row)")
            top += height
        }
        #expect(abs(top - layout.contentHeight) <= 1.0 / 128)
    }

    @Test func embeddedSubsetsShapeTheTableAsTheWholeFonts() throws {
        let texts = ["office ffi AVATAR", "مرحبا بالعالم 123", "中文测试", "नमस्ते दुनिया"]
        let layout = try layout(["Text"], texts.map { [$0] })
        let html = try layout.html().html
        let subsets = try matches(#"src:url\(data:font/(?:ttf|otf);base64,([A-Za-z0-9+/=]+)\)"#, in: html)
        let stack = try FontStack.bundled(size: 14)
        // The table uses five faces: Noto Sans, Arabic, CJK and Devanagari, and Noto Sans Bold for
        // its bold title, "Text".
        #expect(subsets.count == 5)
        var compared = 0
        for subset in subsets {
            let bytes = [UInt8](try #require(Data(base64Encoded: subset)))
            let font = try Font(data: bytes, size: 14)
            func same(_ other: Font) -> Bool { other.familyName == font.familyName && other.weightClass == font.weightClass }
            let original = try #require((stack.fonts + stack.weight(.bold).fonts).first(where: same))
            #expect(bytes.count < original.path.flatMap { FileManager.default.contents(atPath: $0)?.count } ?? 0)
            for item in layout.drawing().textItems where same(item.run.font) {
                let run = item.run
                let again = font.stack.glyphRuns(of: String(run.text), direction: run.isRightToLeft ? .rightToLeft : .leftToRight)
                #expect(again.count == 1, "\(run.text)")
                #expect(again.first?.width == run.width, "\(font.familyName): \(run.text)")
                #expect(again.first?.glyphs.map(\.x) == run.glyphs.map(\.x), "\(font.familyName): \(run.text)")
                compared += 1
            }
        }
        #expect(compared >= 4)
    }

    @Test func fontsByURLNameTheirFilesAndAFontWithoutOneIsAnError() throws {
        let layout = try layout(["Text"], [["office"], ["中文"]])
        let table = try layout.html(options: HTMLOptions(fonts: .url(prefix: "/static/fonts/")))
        // The bold header's face first, then the cells' faces.
        #expect(table.fonts.map(\.name) == ["NotoSans-Bold.ttf", "NotoSans-Regular.ttf", "NotoSansCJKsc-Regular.otf"])
        for font in table.fonts {
            #expect(table.html.contains("src:url(\"/static/fonts/\(font.name)\")"))
            #expect(FileManager.default.fileExists(atPath: font.path))
        }
        #expect(!table.html.contains("base64"))

        let path = try #require(table.fonts.first?.path)
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
        var configuration = DataTableConfiguration(font: try Font(data: bytes, size: 14).stack)
        configuration.minColumnWidth = 10
        let memory = try DataTableLayout(rows: [Item(id: 0, fields: ["x"])], columns: [DataTableColumn<Item>("A") { $0.fields[0] }],
                                         configuration: configuration)
        #expect(throws: RenderError.fontNotServable(family: "Noto Sans",
                                                    reason: "it was loaded from memory, so it has no file to serve; embed it")) {
            try memory.html(options: HTMLOptions(fonts: .url(prefix: "/")))
        }
        // Embedded, the same font is fine.
        #expect(try memory.html().html.contains("base64"))
    }

    @Test(arguments: [false, true])
    func chromiumReadsBackEveryCellsTextEscapedOrRightToLeft(virtualised: Bool) throws {
        let cells = ["<script>document.title='hacked'</script>", "a & b &amp; c", "\"double\" and 'single'",
                     "שלום \"עולם\" <b>", "مرحبا <i>&</i> 2024", "</td></tr></table>"]
        let layout = try layout(["<Title & \"quote\">"], cells.map { [$0] }, maxColumnWidth: nil)
        let folder = try RenderingFixtures.temporaryFolder()
        let page = folder + "/escaped.html"
        let probe = """
            <script>(async () => {
              const root = document.getElementById("tm-table");
              if (root.querySelector(".t") && root.dataset.rows !== "ready") await new Promise(done => root.addEventListener("rowsready", done));
              await document.fonts.ready;
              const cells = [...document.querySelectorAll("th, td")].map(cell => [...cell.querySelectorAll(".l")].map(line => line.textContent).join("\\n"));
              document.body.insertAdjacentHTML("beforeend", "<pre id=out>" + JSON.stringify({title: document.title, scripts: document.scripts.length, cells})
                .replaceAll("&", "\\\\u0026").replaceAll("<", "\\\\u003c").replaceAll(">", "\\\\u003e") + "</pre>");
            })();</script>
            """
        let table = try layout.html(options: HTMLOptions(title: "Escaped", virtualizedRowCount: virtualised ? 1 : nil, rowDataURL: "escaped.json"))
        let json = try probed(table, probe: probe, page: page, rowData: "escaped.json")
        struct Read: Decodable { let title: String; let scripts: Int; let cells: [String] }
        let read = try JSONDecoder().decode(Read.self, from: Data(json.utf8))
        #expect(read.title == "Escaped")
        #expect(read.scripts == (virtualised ? 2 : 1))  // the probe's and the table's own: no cell made one
        #expect(read.cells == ["<Title & \"quote\">"] + cells)
    }

    /// A closing bracket trimmed at a line's end (it fits only so: at 14 px "中中中中」" is 70 px
    /// whole and 63 trimmed, in 66) is drawn with the font's `halt`, in the page and in the row
    /// data's script, so the browser draws it as narrow as it was measured.
    @Test func aClosingMarkTrimmedAtALinesEndIsDrawnHalfWidth() throws {
        let layout = try layout(["T"], (0..<3).map { ["row \($0)"] } + [["中中中中」中"]], wrap: true, maxColumnWidth: 16 + 66)
        #expect(try layout.html().html.contains(#">中中中中<span class="h">」</span></span>"#))
        let rowData = try #require(try layout.html(options: HTMLOptions(virtualizedRowCount: 2, rowDataURL: "t.json")).rowData)
        let run = try #require(try matches(#",(-?[0-9]+),"中中中中」",null"#, in: rowData).first)
        #expect(try #require(Int(run)) < 0)  // -1 - (class × 2 + right-to-left)
    }

    @Test func pastTheRowCountTheRowsGoToJSONAtTheirOffsets() throws {
        let rows = (0..<2500).map { ["row \($0)", String(repeating: "word ", count: $0 % 7)] }
        let layout = try layout(["Name", "Words"], rows, wrap: true)
        let table = try layout.html(style: .striped, options: HTMLOptions(virtualizedRowCount: 1000, prefetchRows: 5, rowDataURL: "t.json"))
        #expect(table.html.contains("<tbody></tbody>") && !table.html.contains("<td><div"))
        #expect(table.html.contains("url: \"t.json\""))
        // The cells' padding is the configuration's (8 across, 4 down by default), as in a page of every row.
        #expect(table.html.contains("tbody td{padding:4px 8px 4px 8px}"))
        let height = try pixels(try #require(try matches(#"<div class="t" style="[^"]*height:([0-9.]+px)"#, in: table.html).first))
        #expect(abs(height - layout.contentHeight) <= 1.0 / 128)

        struct RowData: Decodable { let offsets: [Double]; let rows: [[[Line]]] }
        /// A line's numbers and runs: `[left, top, baseline, order, class, text, room, …]`.
        struct Line: Decodable {
            let numbers: [Double]
            let texts: [String]
            init(from decoder: Decoder) throws {
                var container = try decoder.unkeyedContainer()
                var numbers: [Double] = [], texts: [String] = []
                while !container.isAtEnd {
                    if let text = try? container.decode(String.self) { texts.append(text) }
                    else if let number = try? container.decode(Double.self) { numbers.append(number) }
                    else { _ = try container.decodeNil() }
                }
                (self.numbers, self.texts) = (numbers, texts)
            }
        }
        let data = try JSONDecoder().decode(RowData.self, from: Data(try #require(table.rowData).utf8))
        #expect(data.rows.count == 2500 && data.offsets.count == 2501)
        for row in [0, 1, 999, 1000, 1024, 2048, 2499] {
            #expect(abs(data.offsets[row] - layout.offset(ofRow: row)) <= 1.0 / 128, "row \(row)")
            // Each cell's lines, read back, are the layout's lines of its text.
            let cells = data.rows[row]
            #expect(cells.count == 2)
            for (column, cell) in cells.enumerated() {
                let expected = layout.configuration.font.prepare(rows[row][column])
                    .layout(width: layout.columnWidths.columns[column].width - layout.configuration.cellPadding.horizontal).lines.map(\.text)
                #expect(cell.map { $0.texts.joined() } == expected.filter { !$0.isEmpty }, "row \(row), column \(column)")
            }
        }
        #expect(abs(data.offsets[2500] - layout.contentHeight) <= 1.0 / 128)
        // At the row count or below, every row is in the page.
        #expect(try layout.html(options: HTMLOptions(virtualizedRowCount: 2500)).rowData == nil)
    }

    @Test func theStylesChromeBecomesCSSFromItsModifiers() throws {
        let layout = try RenderingFixtures.productsLayout()
        layout.measureRows(0..<layout.rowCount)  // every row measured: the content height is no estimate
        let width = layout.columnWidths.columns.reduce(0) { $0 + $1.width }, height = layout.contentHeight
        func px(_ value: Double) -> String {
            let snapped = (value * 64).rounded() / 64
            return (snapped == snapped.rounded() ? String(Int(snapped)) : String(snapped)) + "px"
        }
        // RedBorderStyle: a 6 pt red stroke (255, 59, 48) on a rounded rectangle of radius 8, centred on the
        // table's edge, then everything clipped to that rectangle: the drawing starts 3 pt left of and above
        // the table, the clip box 3 px into it, the stroke's box 3 px outside the clip's, its radius 8 + 3.
        let red = try layout.html(style: RedBorderStyle()).html
        #expect(red.contains("<div class=\"k\" style=\"left:3px;top:3px;width:\(px(width));height:\(px(height));border-radius:8px\">"))
        #expect(red.contains("<div class=\"c v\" style=\"left:-3px;top:-3px;width:\(px(width + 6));height:\(px(height + 6));"
                             + "border-radius:11px;border:6px solid rgba(255,59,48,1)\"></div>"))
        #expect(red.contains("background:rgba(247,247,247,1)"))  // white 0.97

        // Striped: the header in white 0.92, odd rows in 0.96, a 1 pt line in 0.7 under the header.
        let striped = try layout.html(style: .striped).html
        #expect(striped.contains("thead th{background:rgba(235,235,235,1)}"))
        // (A cell spanning rows is not filled: the box it holds is, masked to its odd rows.)
        #expect(striped.contains("tbody tr.o>td:not([rowspan]),[id=\"tm-table\"] tbody td>.y{background:rgba(245,245,245,1);background-clip:padding-box}"))
        #expect(striped.contains("thead th::after{content:\"\";position:absolute;z-index:1;left:0;right:0;bottom:-0.5px;height:1px;"
                                 + "background:rgba(179,179,179,1)}"))
        #expect(!striped.contains(":not(:first-child)::before"))  // no column lines
        // Odd rows carry the class the stripes hang on.
        #expect(striped.contains("<tr data-row=\"1\" class=\"o\""))

        // Grid: lines in 0.75 between every two columns and rows and under the header, and around the table.
        let grid = try layout.html(style: .grid).html
        #expect(grid.contains("td:is(:not(:first-child),.m)::before{content:\"\";position:absolute;z-index:1;top:0;bottom:0px;left:-0.5px;width:1px;"
                              + "background:rgba(191,191,191,1)}"))
        #expect(grid.contains("tbody tr:not(.z)>td:not(.z)::after{"))
        #expect(grid.contains("<tr data-row=\"29\" class=\"o z\""))  // the last row: no line under it
        #expect(grid.contains("border:1px solid rgba(191,191,191,1)"))
    }

    @Test func theRowDataHashIsFNV1a() {
        // The published FNV-1a 64-bit test vectors.
        #expect(RenderingFixtures.fnv1a64(Array("".utf8)) == "cbf29ce484222325")
        #expect(RenderingFixtures.fnv1a64(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(RenderingFixtures.fnv1a64(Array("foobar".utf8)) == "85944171f73967e8")
    }

    /// A file name becomes a URL path segment: `#` (a fragment), `?` (a query), `%` (an escape),
    /// a space and non-ASCII letters are percent-encoded, each UTF-8 byte as `%XX` (RFC 3986).
    @Test func fileNamesArePercentEncodedInTheirURLs() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let name = "Deja#Vu ?%é.ttf"
        try FileManager.default.copyItem(atPath: try BundledFont.notoSans.path(), toPath: folder + "/" + name)
        var configuration = DataTableConfiguration(font: try Font(path: folder + "/" + name, size: 14).stack)
        configuration.textLayout = .singleLine
        let layout = try DataTableLayout(rows: (0..<3).map { Item(id: $0, fields: ["row \($0)"]) },
                                         columns: [DataTableColumn<Item>("A") { $0.fields[0] }], configuration: configuration)
        let table = try layout.html(options: HTMLOptions(fonts: .url(prefix: "/fonts/"), virtualizedRowCount: 1,
                                                         rowDataURL: HTMLOptions.rowDataURL(forPage: "/tmp/pages/v#1 ?%é.html")))
        #expect(table.fonts.map(\.name) == [name])
        #expect(table.html.contains("src:url(\"/fonts/Deja%23Vu%20%3F%25%C3%A9.ttf\")"))
        let url = "v%231%20%3F%25%C3%A9.rows-\(RenderingFixtures.fnv1a64(Array(try #require(table.rowData).utf8))).json"
        #expect(table.rowDataURL == url)
        #expect(table.html.contains("<link rel=\"preload\" href=\"\(url)\" as=\"fetch\""))
        #expect(table.html.contains("url: \"\(url)\""))
        #expect(HTMLOptions.rowDataURL(forPage: "a&b's~_-.x.html") == "a%26b%27s~_-.x.rows-{hash}.json")
    }

    /// A virtualised page and its rows are written together: rows file (named by its hash)
    /// first, page second, the old page's rows file removed last. A failing second write leaves
    /// the old page with its own rows, and no new rows file.
    @Test func aPageAndItsRowsAreReplacedTogether() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let page = folder + "/t.html"
        func table(_ word: String) throws -> HTMLTable {
            try layout(["A"], (0..<5).map { ["\(word) \($0)"] })
                .html(options: HTMLOptions(virtualizedRowCount: 1, rowDataURL: HTMLOptions.rowDataURL(forPage: page)))
        }
        func files() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }
        func contents(_ name: String) throws -> String { try String(contentsOfFile: folder + "/" + name, encoding: .utf8) }
        let old = try table("old"), new = try table("new")
        let oldRows = "t.rows-\(RenderingFixtures.fnv1a64(Array(try #require(old.rowData).utf8))).json"
        let newRows = "t.rows-\(RenderingFixtures.fnv1a64(Array(try #require(new.rowData).utf8))).json"
        #expect(oldRows != newRows)
        try old.write(toPage: page)
        #expect(try files() == ["t.html", oldRows])

        // The disk fills up as the page is written: the rows were written, the page was not.
        let full = RenderError.cannotWrite(path: page, reason: "No space left on device")
        #expect(throws: full) {
            try new.write(toPage: page) { (text, path) throws(RenderError) in
                if path == page { throw full }
                try writeAtomically(Array(text.utf8), to: path)
            }
        }
        #expect(try files() == ["t.html", oldRows])
        #expect(try contents("t.html") == old.html && old.html.contains("url: \"\(oldRows)\""))
        #expect(try contents(oldRows) == old.rowData)

        try new.write(toPage: page)
        #expect(try files() == ["t.html", newRows])
        #expect(try contents("t.html") == new.html && new.html.contains("url: \"\(newRows)\""))
        #expect(try contents(newRows) == new.rowData)

        // Written again unchanged, the page keeps its rows file.
        try new.write(toPage: page)
        #expect(try files() == ["t.html", newRows])
    }

    /// `writeHTML(toPage:)` streams a virtualised table's row data to its file (more than a
    /// mebibyte here, so in many writes): the files are those `html()` and `write(toPage:)`
    /// write, byte for byte, and writing over an older page removes the older rows, leaving no
    /// temporary file.
    @Test func aStreamedPageIsThePageWrittenWhole() throws {
        let (streamed, whole) = (try RenderingFixtures.temporaryFolder(), try RenderingFixtures.temporaryFolder())
        func files(_ folder: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder).sorted() }
        func options(_ folder: String) -> HTMLOptions {
            HTMLOptions(virtualizedRowCount: 10, rowDataURL: HTMLOptions.rowDataURL(forPage: folder + "/t.html"))
        }
        let table = try layout(["A", "B"], (0..<12_000).map { ["row \($0) of a table streamed", "\($0 * 7)"] })
        let made = try table.html(options: options(whole))
        #expect(try #require(made.rowData).utf8.count > 1 << 20)
        try made.write(toPage: whole + "/t.html")
        try layout(["A"], (0..<20).map { ["older \($0)"] }).writeHTML(toPage: streamed + "/t.html", options: options(streamed))
        try table.writeHTML(toPage: streamed + "/t.html", options: options(streamed))
        #expect(try files(streamed) == files(whole))
        #expect(try files(streamed).count == 2)
        for name in try files(whole) {
            #expect(FileManager.default.contents(atPath: streamed + "/" + name) == FileManager.default.contents(atPath: whole + "/" + name), "\(name)")
        }
    }
}

/// A number column's header in HTML: its `<th>` has its own padding, the content box its title
/// ends in (the sort arrow's 20 px on its leading side), so the browser's box is the measured one.
@Suite struct HTMLNumberHeaderTests {
    @Test func aNumberColumnsHeaderHasItsOwnContentBox() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Item,Price\nApple,1.5\nPear,22.25\n".write(toFile: folder + "/p.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/p.csv", "-o", folder + "/p.html"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOfFile: folder + "/p.html", encoding: .utf8)
        let headers = page.components(separatedBy: "<th scope=\"col\"").dropFirst().map { $0.prefix { $0 != ">" } }
        // Item: the page's rule (8 px left, 8 + 20 right); Price: 8 + 20 left, 8 right.
        #expect(page.contains("thead th{padding:"))
        #expect(headers.count == 2 && headers[0].isEmpty)
        let padding = try #require(headers.last.flatMap { $0.components(separatedBy: "padding:").last?.components(separatedBy: "\"").first })
        let sides = padding.split(separator: " ").map { Double($0.replacingOccurrences(of: "px", with: "")) }
        #expect(sides.count == 4 && sides[1] == 8 && sides[3] == 28, "\(padding)")
    }

}
