import CHarfBuzz
import CellLayout
import DataTables
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// PDF and SVG documents, read back by independent tools: poppler's `pdftotext` and `pdfinfo`,
/// Foundation's XML parser.
@Suite struct DocumentTests {
    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = try RenderingFixtures.temporaryFolder() + "/" + name
        try writeAtomically(bytes, to: path)
        return path
    }

    @Test func pdftotextGivesBackEveryCellOfTheSample() throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: nil)
        let path = try write(try Drawing.pdfData(pages: try layout.pages(style: .bordered)), "sample.pdf")
        let text = try #require(RenderingFixtures.output(of: "pdftotext", [path, "-"]))
        let titles = RenderingFixtures.products.titles
        let fields = titles + RenderingFixtures.products.rows.flatMap(\.fields)
        for field in fields {
            if text.contains(field) { continue }
            // poppler writes a right-to-left ligature's letters in visual order (لا as ال). The
            // same text drawn by Pango and Cairo (pango-view) extracts the same way: that is the
            // expectation for such a cell.
            let extracted = try pangoExtraction(of: field)
            let pango = try #require(extracted)
            #expect(text.contains(pango), "\(field) (Pango + Cairo: \(pango)) not in the PDF's text")
        }
        // "Office" keeps its letters through the ffi ligature's cluster map.
        #expect(text.contains("Office"))
    }

    /// `text` drawn by pango-view into a PDF, as pdftotext reads it back (bidi marks dropped).
    func pangoExtraction(of text: String) throws -> String? {
        let path = try RenderingFixtures.temporaryFolder() + "/pango.pdf"
        guard RenderingFixtures.output(of: "pango-view", ["--no-display", "--output=" + path, "--font=Noto Sans Arabic 14",
                                                           "--text=" + text]) != nil else { return nil }
        return RenderingFixtures.output(of: "pdftotext", [path, "-"]).map {
            String($0.unicodeScalars.filter { !"\u{202A}\u{202B}\u{202C}\u{200E}\u{200F}\u{0C}\n".unicodeScalars.contains($0) })
        }
    }

    @Test func fiveHundredRowsOnA4TakeTheComputedPagesEachWithTheHeader() throws {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 10))
        configuration.rowHeightMode = .fixed(20)
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        let rows = (0..<500).map { RenderingFixtures.Product(id: $0, fields: ["Row \($0 + 1)", "Item \($0 * 7 % 500)"]) }
        let columns = ["Number", "Name"].indices.map { index in
            DataTableColumn<RenderingFixtures.Product>(["Number", "Name"][index]) { $0.fields[index] }
        }
        let layout = try DataTableLayout(rows: rows, columns: columns, configuration: configuration)
        let pages = try layout.pages(style: .bordered, page: .a4, margins: EdgeInsets(36))
        // A4 is 841.89 pt tall: 769.89 within the margins, less the bordered style's 1 pt of
        // stroke above and below and the 44 pt header: 723.89 pt, 36 rows of 20 pt a page.
        // 500 rows: 13 full pages and 32 rows on a 14th.
        #expect(pages.count == 14)
        #expect(pages.map { $0.textItems.filter { $0.run.text.hasPrefix("Row ") }.count } == Array(repeating: 36, count: 13) + [32])
        let path = try write(try Drawing.pdfData(pages: pages), "rows.pdf")
        let info = try #require(RenderingFixtures.output(of: "pdfinfo", [path]))
        #expect(info.split(separator: "\n").contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" 14") })
        for page in 1...14 {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]))
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(Array(lines.prefix(2)) == ["Number", "Name"] || lines.first == "Number", "page \(page) starts \(lines.prefix(3))")
            #expect(lines.contains("Row \((page - 1) * 36 + 1)"), "page \(page)")
        }
    }

    @Test func withFitScaleATableWiderThanThePageIsScaledDownToItsWidth() throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: nil)
        let width = layout.columnWidths.widths.reduce(0, +)
        let page = PageSize(width: 300, height: 400)
        let pages = try layout.pages(style: NoChromeStyle(), page: page, margins: EdgeInsets(10), fit: .scale)
        guard case .transformed(let scale, let offset, _) = pages[0].items.first else { Issue.record("no transform"); return }
        #expect(abs(scale - 280 / width) < 1e-12)
        #expect(offset == Point(x: 10, y: 10))
        #expect(pages.allSatisfy { $0.bounds == Rect(x: 0, y: 0, width: 300, height: 400) })
    }

    @Test func aPageWithoutRoomIsAnErrorNamingIt() throws {
        let layout = try RenderingFixtures.productsLayout()
        #expect(throws: RenderError.self) { try layout.pages(page: PageSize(width: 100, height: 60), margins: EdgeInsets(36)) }
        do {
            // The 44 pt header and a row's 19.068 pt line below its 4 pt of top padding need 67.068 pt
            // (and the plain style's separator), more than ten times a 5 pt page.
            _ = try layout.pages(page: PageSize(width: 595, height: 5), margins: EdgeInsets(0))
            Issue.record("a 5 pt page took a 44 pt header and a row at a scale of at least 1/10")
        } catch {
            #expect(String(describing: error).contains("595 × 5 pt"), "\(error)")
        }
        // A 50 pt page holds the header and a part of a row, each row split between its lines
        // over several pages: every line is drawn once, and inside its page.
        let page = PageSize(width: 595, height: 50)
        let pages = try layout.pages(page: page, margins: EdgeInsets(0))
        #expect(pages.count > layout.rowCount)
        var drawn: [String] = []
        for drawing in pages {
            guard case .transformed(let scale, let offset, _) = drawing.items.first else { Issue.record("no transform"); continue }
            for item in drawing.textItems where item.frame.minY >= layout.configuration.headerHeight - 1e-9 {
                drawn.append(String(item.run.text))
                #expect(offset.y + item.frame.maxY * scale <= page.height + 1e-9, "\(item.run.text) below the page")
            }
        }
        let lines = layout.styleConfiguration().rows.flatMap(\.cells).flatMap(\.text).map { String($0.run.text) }
        #expect(drawn.sorted() == lines.sorted())  // a row's second lines come a page later
    }

    /// A row of one line, then one cell of 600 hard lines, in Noto Sans 14 on A4 inside 36 pt
    /// margins, in a style without chrome: the tall row starts right below the first and is split
    /// between lines, the header heads every page. Expected by hand: a line is (ascender −
    /// descender + line gap) × 14 / units-per-em tall (HarfBuzz's font extents of the file); the
    /// first page holds the short row, the top padding and as many lines as fit below, each later
    /// page ⌊room / line⌋ lines, the last the rest and the bottom padding.
    @Test func aRowTallerThanAPageIsSplitBetweenItsLinesWithTheHeaderOnEachPage() throws {
        let count = 600
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 300)
        let rows = [RenderingFixtures.Product(id: 0, fields: ["first"]),
                    RenderingFixtures.Product(id: 1, fields: [(1...count).map { "line \($0)" }.joined(separator: "\n")])]
        let layout = try DataTableLayout(rows: rows, columns: [DataTableColumn<RenderingFixtures.Product>("Lines") { $0.fields[0] }],
                                         configuration: configuration)
        let pages = try layout.pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))

        let blob = try #require(hb_blob_create_from_file_or_fail(try BundledFont.notoSans.path()))
        let face = hb_face_create(blob, 0), font = hb_font_create(face)
        defer { hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        let line = Double(extents.ascender - extents.descender + extents.line_gap) * 14 / Double(hb_face_get_upem(face))
        let room = PageSize.a4.height - 72 - configuration.headerHeight
        let padding = configuration.cellPadding
        var expected: [ClosedRange<Int>] = []
        var next = 1
        while next <= count {
            let fit = Int(((expected.isEmpty ? room - (padding.vertical + line) - padding.top : room) / line).rounded(.down))
            expected.append(next...min(count, next + fit - 1))
            next += fit
        }
        if Double(expected.last!.count) * line + padding.bottom > room { expected.append(count + 1...count) }  // the padding alone
        #expect(pages.count == expected.count)

        let path = try write(try Drawing.pdfData(pages: pages), "tall.pdf")
        var seen: [Int] = []
        for page in 1...pages.count {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]))
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(lines.first == "Lines", "page \(page) starts \(lines.prefix(2))")
            #expect(lines.contains("first") == (page == 1))
            let numbers = lines.dropFirst().compactMap { Int($0.dropFirst("line ".count)) }
            #expect(numbers == Array(page <= expected.count ? expected[page - 1] : 1...0), "page \(page)")
            seen += numbers
        }
        #expect(seen == Array(1...count))
    }

    @Test func svgIsWellFormedXML() throws {
        let layout = try RenderingFixtures.productsLayout()
        let bytes = try layout.drawing(style: .grid).svgData()
        final class Delegate: NSObject, XMLParserDelegate {
            var elements = 0
            var root: String?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if root == nil { root = name }
                elements += 1
            }
        }
        let parser = XMLParser(data: Data(bytes))
        let delegate = Delegate()
        parser.delegate = delegate
        #expect(parser.parse(), "\(parser.parserError.map { String(describing: $0) } ?? "")")
        #expect(delegate.root == "svg")
        #expect(delegate.elements > layout.rowCount * layout.columns.count)
    }
}
