import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `--header-group`, run as a user runs it, in Noto Sans Mono at 10 px (6 px a character, bold
/// too), no padding, no sort indicator, no minimum width.
@Suite struct HeaderGroupCommandTests {
    let commands = ColumnsCommandTests()

    /// "SKU" is 24 px ("B-22"), "Name" 78 ("Gadget, large"), 102 together. The group's title,
    /// "Inventory of every warehouse today", is 34 characters, 204 px: twice that, so each
    /// column doubles (content-fitted: in proportion to the widths), 48 and 156.
    @Test func aWideGroupWidensItsColumns() throws {
        let path = try commands.file("SKU,Name,Note\nA-1,Widget,x\nB-22,\"Gadget, large\",y\n")
        let widths = try commands.widths([path] + commands.bare + ["--header-group", "Inventory of every warehouse today:SKU,Name"])
        #expect(widths == [48, 156, 24])  // "Note" keeps its header's 24
    }

    @Test func columnsMustBeAdjacent() throws {
        let path = try commands.file("A,B,C\n1,2,3\n")
        let result = try commands.columns([path] + commands.bare + ["--header-group", "G:A,C"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--header-group \"G:A,C\": column \"C\" is not next to \"A\": the columns must be adjacent"))
    }

    @Test func unknownColumnsAndBadValuesAreNamed() throws {
        let path = try commands.file("A,B,C\n1,2,3\n")
        let unknown = try commands.columns([path] + commands.bare + ["--header-group", "G:A,D"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("--header-group \"G:A,D\": no column is titled 'D' (the columns: A, B, C)"))
        let noColon = try commands.columns([path] + commands.bare + ["--header-group", "G"])
        #expect(noColon.stderr.contains("--header-group \"G\": give it as TITLE:COL1,COL2,…"))
        let overlap = try commands.columns([path] + commands.bare + ["--header-group", "G:A,B", "--header-group", "H:B,C"])
        #expect(overlap.status != 0)
        #expect(overlap.stderr.contains("header group 2 \"H\": it must be nested in or apart from group 1 \"G\""))
    }

    /// Two columns of one title: a group naming that title is refused, naming both columns, never
    /// put over the first; a group over the other columns is fine.
    @Test func anAmbiguousTitleIsRefused() throws {
        let path = try commands.file("A,B,A\n1,2,3\n")
        let ambiguous = try commands.columns([path] + commands.bare + ["--header-group", "G:A,B"])
        #expect(ambiguous.status != 0)
        #expect(ambiguous.stderr.contains("--header-group \"G:A,B\": 2 columns are titled 'A' (columns 1 and 3); rename them in the header to tell them apart"),
                "\(ambiguous.stderr)")
        #expect(try commands.columns([path] + commands.bare + ["--header-group", "G:B"]).status == 0)
    }

    /// `rows`: two levels of groups over a 20 px header make the header block 60 px, so the
    /// first row starts at 60 and the table (three rows of one 13.62 px line) ends at
    /// 60 + 3 × 13.62 = 100.86.
    @Test func rowsStartBelowTheGroupRows() throws {
        let path = try commands.file("A,B,C\n1,2,3\n4,5,6\n7,8,9\n")
        let bare = try ColumnsCommandTests().bare + ["--vertical-padding", "0", "--header-height", "20"]
        let layout = try RowsCommandTests().json([path] + bare + ["--header-group", "In:B,C", "--header-group", "Out:A,B,C"])
        #expect(abs(layout.offsets[0] - 60) < 1e-6)
        #expect(abs(layout.contentHeight - (60 + 3 * RowsCommandTests.line)) < 1e-5)
    }

    /// `render` to PDF: 200 rows of 13.62 px below a 2 × 20 px header take several A4 pages, and
    /// pdftotext -bbox finds the group's title on each, once, above the header's "Reorder".
    @Test func renderRepeatsTheGroupRowOnEveryPage() throws {
        let path = try commands.file("SKU,On hand,Reorder\n" + (0..<200).map { "A-\($0),\($0 * 3),\($0 % 7)" }.joined(separator: "\n") + "\n")
        let output = try RenderingFixtures.temporaryFolder() + "/groups.pdf"
        let result = try Command().run(["render", path, "-o", output, "--header-group", "Stock:On hand,Reorder",
                                             "--font", try BundledFont.notoSansMono.path(), "--size", "10"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let xhtml = try #require(RenderingFixtures.output(of: "pdftotext", ["-bbox", output, "-"]))
        let pages = xhtml.components(separatedBy: "<page ").dropFirst()
        #expect(pages.count > 1)
        for (number, page) in pages.enumerated() {
            let words = RenderingFixtures.words(in: page)
            let stock = words.filter { $0.text == "Stock" }
            let reorder = try #require(words.first { $0.text == "Reorder" }, "page \(number + 1)")
            #expect(stock.count == 1 && stock[0].yMax <= reorder.yMin, "page \(number + 1)")
        }
    }
}
