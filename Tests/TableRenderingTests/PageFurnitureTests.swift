import CellLayout
import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// A title above the table on the first page and "Page N of M" below it on every page, against
/// row counts worked by hand on ColumnBandTests' table (30 rows of one line in Noto Sans Mono 14,
/// line L from the font file, rows L + 8 tall, bands [id a e] [id b] [id c] [id d]) on its
/// 300 × 400 pt page with 10 pt margins: 400 − 20 − 44 (header) = 336 pt for rows.
@Suite struct PageFurnitureTests {
    /// The title "Products", one line in the header's font at 1.5 × 14 = 21 pt, so 1.5 L tall,
    /// and 12 pt of spacing; the number's line L and 12 pt. A page of rows holds ⌊room ÷ (L + 8)⌋:
    /// the first (336 − 1.5 L − 12 − L − 12 ≈ 264.3: 9), the others (336 − L − 12 ≈ 304.9: 11). So
    /// the first band's pages are rows 0..<9, 9..<20, 20..<30 and every other band's 0..<11,
    /// 11..<22, 22..<30. Without numbers: 336 − 1.5 L − 12 ≈ 295.4 holds 10 rows on page 1.
    @Test func theTitleAndTheNumbersTakeTheirRoomFromTheRows() throws {
        let layout = try ColumnBandTests.layout()
        let (_, line) = try SplitRowPageTests.monoMetrics()
        let row = line + 8
        let first = Int(((336 - 1.5 * line - 12 - line - 12) / row).rounded(.down))
        let later = Int(((336 - line - 12) / row).rounded(.down))
        #expect(first == 9 && later == 11)
        let pages = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                                     furniture: PageFurniture(title: "Products", pageNumbers: true))
        let down = [0..<first, first..<first + later, first + later..<30]
        let across = [0..<later, later..<2 * later, 2 * later..<30]
        #expect(pages.rows == down + across + across + across)
        let titled = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                                      furniture: PageFurniture(title: "Products"))
        #expect(titled.rows.first == 0..<Int(((336 - 1.5 * line - 12) / row).rounded(.down)))
        #expect(titled.rows.first == 0..<10)
    }

    /// pdftotext finds the title on page 1 only, and "Page N of M" on every page, N its number
    /// and M the page count, below the table's rows.
    @Test func pdftotextFindsTheTitleOnPageOneAndTheNumberOnEveryPage() throws {
        let layout = try ColumnBandTests.layout()
        let pages = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                                     furniture: PageFurniture(title: "Quarterly products", pageNumbers: true))
        #expect(pages.count == 12)
        let path = try RenderingFixtures.temporaryFolder() + "/furniture.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        for index in pages.indices {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", "-f", "\(index + 1)", "-l", "\(index + 1)", path, "-"]))
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            #expect(lines.contains("Quarterly products") == (index == 0), "page \(index + 1)")
            #expect(lines.last == "Page \(index + 1) of 12", "page \(index + 1)")
        }
    }

    /// A table on one page has no number; nor do pages asked for without.
    @Test func oneTablePageOrNoNumbersSaysNoPage() throws {
        let short = try ColumnBandTests.layout(rows: 3, lengths: [3, 3, 3, 3, 3, 3])
        let one = try short.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                                  furniture: PageFurniture(pageNumbers: true))
        #expect(one.count == 1 && one[0].textItems.allSatisfy { !$0.run.text.contains("Page") })
        let many = try ColumnBandTests.layout().pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10))
        #expect(many.count == 12 && many.allSatisfy { $0.textItems.allSatisfy { !$0.run.text.contains("Page") } })
    }

    /// The command: `--title` on page 1, numbers on every page, `--page-numbers off` without them.
    @Test func theCommandDrawsTheTitleAndThePageNumbers() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        for numbers in ["on", "off"] {
            let path = folder + "/titled-\(numbers).pdf"
            let result = try Command().run(["render", RenderingFixtures.samplePath, "-o", path, "--page", "400x300",
                                                 "--title", "Stock list", "--page-numbers", numbers], input: [])
            #expect(result.status == 0, "\(result.stderr)")
            let info = try #require(RenderingFixtures.output(of: "pdfinfo", [path]))
            let count = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.split(separator: " ").last ?? "") })
            #expect(count > 1)
            for page in 1...count {
                let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]))
                #expect(text.contains("Stock list") == (page == 1), "page \(page)")
                #expect(text.contains("Page \(page) of \(count)") == (numbers == "on"), "page \(page)")
            }
        }
    }
}

extension PageFurnitureTests {
    /// A title taller than the page leaves no room for the header: an error naming the title,
    /// before any page is drawn.
    @Test func aTitleTallerThanThePageIsAnError() throws {
        let layout = try ColumnBandTests.layout()
        let title = Array(repeating: "Products", count: 40).joined(separator: "\n")
        #expect(throws: RenderError.self) {
            try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                             furniture: PageFurniture(title: title))
        }
        do {
            _ = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10),
                                 furniture: PageFurniture(title: title))
        } catch {
            // The error names the title: 40 lines of the header's bold font at 1.5 times its size.
            guard case .titleTooTall(let height, let needed, let available) = error else { Issue.record("\(error)"); return }
            #expect(available == 380 && needed == 44 && height > 380)
        }
    }
}

/// A page too short for a row's bottom padding: the row's text fits, its padding does not. The
/// padding alone goes on no page of its own (it gave every other page only the header).
@Suite struct PaddingOnlyPageTests {
    @Test func noPageHoldsOnlyARowsPadding() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let rows = (1...30).map { "r\($0),v\($0)" }
        try ("A,B\n" + rows.joined(separator: "\n") + "\n").write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        // 14 px rows are 27.07 pt with their padding; a 100 pt page less the 44 pt header, the
        // border and the page number leaves less than that, but more than the line and the top padding.
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.pdf", "--page", "200x100", "--margin", "0",
                                        "--size", "14"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", folder + "/t.pdf", "-"]))
        let pages = text.split(separator: "\u{0C}").map { $0.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") } }
            .filter { !$0.allSatisfy(\.isEmpty) }
        #expect(pages.count == 30)
        for (index, page) in pages.enumerated() {
            #expect(page.contains("r\(index + 1) v\(index + 1)") && page.contains("Page \(index + 1) of 30"), "\(page)")
        }
    }
}

/// A title taller than the first page leaves the table no room: the error names the title, not
/// the header or a row.
@Suite struct TitleTooTallTests {
    @Test func aTitleTallerThanThePageIsNamed() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "A,B\nx,y\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let title = String(repeating: "Quarterly report ", count: 180)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.pdf", "--title", title], input: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains("the title is") && result.stderr.contains("--title"), "\(result.stderr)")
        #expect(!result.stderr.contains("row's tallest line"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/t.pdf"))
        // A title that leaves room prints.
        #expect(try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.pdf", "--title", "Quarterly report"], input: []).status == 0)
    }
}
