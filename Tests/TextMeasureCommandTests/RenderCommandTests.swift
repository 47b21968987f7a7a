import Foundation
import Testing
import TableRendering
import TextMeasureTestSupport

/// `textmeasure render`, run as a user runs it.
@Suite struct RenderCommandTests {
    func render(_ arguments: [String]) throws -> Command.Result {
        try Command().run(["render"] + arguments, input: [])
    }

    func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func writesEachFormatByItsExtension() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let formats: [(String, [UInt8])] = [("table.png", [0x89, 0x50, 0x4E, 0x47]), ("table.PDF", Array("%PDF".utf8)),
                                            ("table.svg", Array("<?xm".utf8)), ("table.html", Array("<!DO".utf8))]
        for (name, magic) in formats {
            let result = try render([RenderingFixtures.samplePath, "-o", folder + "/" + name, "--style", "grid",
                                     "--align", "Price=trailing", "--align", "Stock=center"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            #expect([UInt8](bytes.prefix(4)) == magic, "\(name)")
        }
        // No temporary file is left beside them.
        #expect(try files(in: folder) == ["table.PDF", "table.html", "table.png", "table.svg"])
    }

    @Test func scaleTwoDoublesThePixels() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        for scale in ["1", "2"] {
            #expect(try render([RenderingFixtures.samplePath, "-o", "\(folder)/\(scale).png", "--scale", scale]).status == 0)
        }
        func image(_ name: String) throws -> Bitmap {
            let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + name))
            return try #require(Bitmap(png: [UInt8](bytes)))
        }
        let one = try image("1.png"), two = try image("2.png")
        // Each side is ⌈points × scale⌉ pixels: doubled, less at most one pixel of rounding.
        #expect((2 * one.width - 1...2 * one.width).contains(two.width))
        #expect((2 * one.height - 1...2 * one.height).contains(two.height))
    }

    @Test func anUnknownExtensionIsAnErrorAndWritesNothing() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let result = try render([RenderingFixtures.samplePath, "-o", folder + "/table.jpg"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(folder + "/table.jpg") && result.stderr.contains(".png, .pdf, .svg, .html, .json or .xlsx"), "\(result.stderr)")
        #expect(try files(in: folder).isEmpty)
    }

    @Test func anUnwritablePathIsAnErrorNamingIt() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        for name in ["table.png", "table.json", "table.pdf"] {
            let path = folder + "/missing/" + name
            let result = try render([RenderingFixtures.samplePath, "-o", path])
            #expect(result.status != 0)
            #expect(result.stderr.contains(path) && result.stderr.contains("cannot be written"), "\(result.stderr)")
            #expect(try files(in: folder).isEmpty)
        }
    }

    /// A PDF of 10,000 rows or more on a terminal: the bar follows the stream's progress, the rows
    /// measured, then the pages drawn, each to 100 %, and is cleared at the end.
    @Test func aPDFsProgressBarShowsTheRowsMeasuredThenThePagesDrawn() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let input = folder + "/rows.csv"
        try Data(("A,B\n" + (0..<10_000).map { "r\($0),\($0 * 7)\n" }.joined()).utf8).write(to: URL(fileURLWithPath: input))
        let result = try Command().run(["render", input, "-o", folder + "/rows.pdf"], input: [], terminalStderr: true)
        #expect(result.status == 0)
        let full = "[\(String(repeating: "#", count: 30))] 100%"
        let heights = try #require(result.stderr.range(of: "heights   " + full), "\(result.stderr.suffix(300))")
        let pages = try #require(result.stderr.range(of: "pages     " + full), "\(result.stderr.suffix(300))")
        #expect(heights.upperBound <= pages.lowerBound)
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"))  // cleared at the end
    }

    @Test func aFailedRunLeavesAnExistingFileAlone() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let path = folder + "/table.pdf"
        try Data("before".utf8).write(to: URL(fileURLWithPath: path))
        let result = try render([RenderingFixtures.samplePath, "-o", path, "--page", "595x5", "--margin", "0"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("595 × 5 pt") && result.stderr.contains("too small"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: path) == Data("before".utf8))
        #expect(try files(in: folder) == ["table.pdf"])
    }

    @Test func badOptionsNameThemselves() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let out = folder + "/t.pdf"
        for (arguments, message) in [
            (["--page", "a5"], "--page must be a4, letter or WxH"),
            (["--align", "Nope=center"], "no column is titled 'Nope'"),
            (["--align", "Price=right"], "must be one of auto, leading, center, trailing, decimal, not 'right'"),
            (["--scale", "0"], "--scale must be above 0"),
            (["--style", "fancy"], "fancy"),
            (["--fonts", "link"], "--fonts must be embed or url:PREFIX, not 'link'"),
            (["--virtualize-after=-1"], "--virtualize-after must be 0 or more"),
            (["--repeat-columns=-1"], "--repeat-columns must be 0 or more, not -1"),
            (["--fit", "shrink"], "shrink"),
        ] {
            let result = try render([RenderingFixtures.samplePath, "-o", out] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try files(in: folder).isEmpty)
    }

    @Test func landscapeTurnsThePage() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        #expect(try render([RenderingFixtures.samplePath, "-o", folder + "/t.pdf", "--page", "letter", "--landscape"]).status == 0)
        let info = try #require(RenderingFixtures.output(of: "pdfinfo", [folder + "/t.pdf"]))
        #expect(info.contains("792 x 612 pts"), "\(info)")
    }

    @Test func htmlFontsByURLAndVirtualisedRowsBesideThePage() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let result = try render([RenderingFixtures.samplePath, "-o", folder + "/t.html", "--fonts", "url:/fonts/",
                                 "--virtualize-after", "10"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try files(in: folder)
        let rowsFile = try #require(names.first { $0.hasPrefix("t.rows-") })
        let rowData = try #require(FileManager.default.contents(atPath: folder + "/" + rowsFile))
        // The rows file is named after the page and the hash of its content.
        #expect(names == ["t.html", "t.rows-\(RenderingFixtures.fnv1a64(rowData)).json"])
        let html = try String(contentsOfFile: folder + "/t.html", encoding: .utf8)
        #expect(html.contains("src:url(\"/fonts/NotoSans-Regular.ttf\")") && !html.contains("base64"))
        #expect(html.contains("url: \"\(rowsFile)\""))
        let rows = try JSONSerialization.jsonObject(with: rowData)
        // The sample has 30 rows: their markup, and 31 offsets (the last, the table's bottom).
        let data = try #require(rows as? [String: Any])
        #expect((data["rows"] as? [Any])?.count == 30 && (data["offsets"] as? [Double])?.count == 31)
    }

    /// The page and the rows file of a virtualised table, named `v#1.html`: the page asks for its
    /// rows percent-encoded (`#` is `%23`), and a second run with other rows replaces both and
    /// removes the first run's rows file.
    @Test func aVirtualisedPageNamedWithAHashFindsItsRows() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let page = folder + "/v#1.html"
        var hashes: [String] = []
        for padding in ["8", "3"] {
            let result = try render([RenderingFixtures.samplePath, "-o", page, "--virtualize-after", "10", "--padding", padding])
            #expect(result.status == 0, "\(result.stderr)")
            let names = try files(in: folder)
            #expect(names.count == 2)
            let rowData = try #require(FileManager.default.contents(atPath: folder + "/" + (names.first { $0 != "v#1.html" } ?? "")))
            let hash = RenderingFixtures.fnv1a64(rowData)
            #expect(names == ["v#1.html", "v#1.rows-\(hash).json"])
            let html = try String(contentsOfFile: page, encoding: .utf8)
            #expect(html.contains("<link rel=\"preload\" href=\"v%231.rows-\(hash).json\""))
            #expect(html.contains("url: \"v%231.rows-\(hash).json\""))
            hashes.append(hash)
        }
        #expect(hashes[0] != hashes[1])
    }

    /// FreeType draws a face at most 65,535 px per em (rounded): a larger --size is an error
    /// naming it, not Cairo's "error occurred in libfreetype"; just below the limit draws.
    @Test func tooLargeASizeToDrawNamesSize() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let csv = folder + "/t.csv"
        try "a\nx\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let svg = try render([csv, "-o", folder + "/t.svg", "--size", "65535.6"])
        #expect(svg.status != 0)
        #expect(svg.stderr.contains("--size 65535.6 draws glyphs 65535.6 px per em"), "\(svg.stderr)")
        let png = try render([csv, "-o", folder + "/t.png", "--size", "40000", "--scale", "2"])
        #expect(png.stderr.contains("--size 40000.0 at --scale 2.0 draws glyphs 80000.0 px per em"), "\(png.stderr)")
        #expect(try render([csv, "-o", folder + "/t.svg", "--size", "65535.4"]).status == 0)
        #expect(try render([csv, "-o", folder + "/t.html", "--size", "1e6"]).status == 0)
    }
}

/// `render -o PAGE.html` virtualises a long table by default: past 10,000 rows, the rows go to a
/// rows file beside the page; at 10,000 they stay in it.
@Suite struct HTMLVirtualizationDefaultTests {
    @Test(arguments: [(10_000, false), (10_001, true)])
    func aLongTableIsVirtualisedByDefault(rows: Int, virtualised: Bool) throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try ("N\n" + (1...rows).map(String.init).joined(separator: "\n") + "\n").write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.html"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.contains { $0.hasPrefix("t.html.rows-") || $0.hasPrefix("t.rows-") } == virtualised, "\(files)")
        let page = try String(contentsOfFile: folder + "/t.html", encoding: .utf8)
        #expect(page.contains("data-row=\"\(rows - 1)\"") == !virtualised)
    }
}
