import CellLayout
import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// The outputs' size limits: PNG's own, Cairo's coordinate range for PDF and SVG, and the
/// smallest text a page shrinks a table to. Each is refused before anything is drawn, with an
/// error naming the limit, and never crashes.
@Suite struct OutputLimitTests {
    func render(_ arguments: [String]) throws -> Command.Result {
        try Command().run(["render"] + arguments, input: [])
    }

    /// A drawing `width` × `height` points holding one fill over all of it.
    func filled(width: Double, height: Double) -> Drawing {
        Drawing(bounds: Rect(x: 0, y: 0, width: width, height: height),
                items: [.fill(.rectangle(Rect(x: 0, y: 0, width: width, height: height)), .blue)])
    }

    // MARK: PNG

    /// PNG holds 2^31 − 1 = 2147483647 pixels a side: that many is an image, one more is not.
    /// Across, a row of the band is 4 bytes a pixel, with Cairo's 32-bit stride: (2^31 − 1) / 4
    /// = 536870911 pixels.
    @Test func anImageIsAtMostPNGsSize() throws {
        let bounds = { (width: Double, height: Double) in Rect(x: 0, y: 0, width: width, height: height) }
        #expect(try Drawing.imageSize(of: bounds(10, 2_147_483_647), scale: 1) == (10, 2_147_483_647))
        #expect(try Drawing.imageSize(of: bounds(536_870_911, 1), scale: 1) == (536_870_911, 1))
        #expect(throws: RenderError.imageTooLarge(width: 10, height: 2_147_483_648)) {
            try Drawing.imageSize(of: bounds(10, 2_147_483_648), scale: 1)
        }
        #expect(throws: RenderError.imageTooLarge(width: 536_870_912, height: 1)) {
            try Drawing.imageSize(of: bounds(536_870_912, 1), scale: 1)
        }
        // 1 × 1073741824 at 2× is 2 × 2147483648 pixels.
        #expect(throws: RenderError.imageTooLarge(width: 2, height: 2_147_483_648)) {
            try Drawing.imageSize(of: bounds(1, 1_073_741_824), scale: 2)
        }
        #expect(RenderError.imageTooLarge(width: 10, height: 3e9).description
            == "the image would be 10 × 3000000000 px; a PNG is at most 2147483647 px a side")
        #expect(RenderError.imageTooLarge(width: 6e8, height: 10).description.contains("536870911 px across"))
    }

    /// A 3-billion-point-tall drawing is refused at once, before a pixel is drawn (drawing it
    /// would take hours).
    @Test func aTooLargeImageFailsBeforeDrawing() throws {
        let start = ContinuousClock.now
        #expect(throws: RenderError.imageTooLarge(width: 100, height: 3e9)) { try filled(width: 100, height: 3e9).pngData() }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    /// The command checks the image's size from the layout, before drawing it: the sample with a
    /// header 10^9 points tall at 64 pixels a point would be 6.4 × 10^10 pixels tall.
    @Test func theCommandRefusesATooLargeImageBeforeDrawing() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let start = ContinuousClock.now
        let result = try render([RenderingFixtures.samplePath, "-o", folder + "/t.png", "--header-height", "1e9", "--scale", "64"])
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("a PNG is at most 2147483647 px a side"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// 600 rows at 2× are past Cairo's 32,767 pixels a side, and still one PNG: the sample's 30
    /// rows 20 times under one header (44 pt) and one border (1 pt above, 1 pt below), so 20
    /// times the sample's image less 19 headers and borders, 19 × 2 × 46 px, give or take the
    /// sample's height rounded up to whole pixels (less than 1 px, 20 times). Sizes from the
    /// PNG's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    @Test func aPNGTallerThanCairosSurfacesIsDrawnInBands() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let sample = try String(contentsOfFile: RenderingFixtures.samplePath, encoding: .utf8)
        let lines = sample.split(separator: "\n", omittingEmptySubsequences: true)
        let long = ([String(lines[0])] + Array(repeating: lines.dropFirst().map(String.init), count: 20).flatMap { $0 })
            .joined(separator: "\n") + "\n"
        try long.write(toFile: folder + "/long.csv", atomically: true, encoding: .utf8)
        for (input, output) in [(RenderingFixtures.samplePath, "short.png"), (folder + "/long.csv", "long.png")] {
            let result = try render([input, "-o", folder + "/" + output, "--scale", "2"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        func size(_ name: String) throws -> (width: Int, height: Int) {
            let bytes = [UInt8](try #require(FileManager.default.contents(atPath: folder + "/" + name)))
            #expect(bytes.count > 24 && Array(bytes[12..<16]) == Array("IHDR".utf8))
            let number = { (at: Int) in bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (number(16), number(20))
        }
        let short = try size("short.png"), long600 = try size("long.png")
        #expect(long600.width == short.width)
        let expected = 20 * short.height - 19 * 2 * 46
        #expect(long600.height > 32767 && (expected - 20...expected).contains(long600.height), "\(long600) vs \(short)")
    }

    /// The size checked before drawing is the drawing's: the bounds of the header's chrome grown
    /// by the rows' height are those of the whole table drawn, in every style.
    @Test func theBoundsCheckedBeforeDrawingAreTheDrawingsBounds() throws {
        let layout = try RenderingFixtures.productsLayout()
        for style in [AnyStyle(.plain), AnyStyle(.bordered), AnyStyle(.striped), AnyStyle(.grid)] {
            let bounds = style.bounds(layout), drawn = style.drawing(layout).bounds
            #expect(abs(bounds.minX - drawn.minX) < 1e-9 && abs(bounds.minY - drawn.minY) < 1e-9
                && abs(bounds.width - drawn.width) < 1e-9 && abs(bounds.height - drawn.height) < 1e-9, "\(bounds) vs \(drawn)")
        }
    }

    // MARK: Cairo's coordinates

    /// Cairo's coordinates are 24.8 fixed point: 2^23 − 1 = 8388607 points a side at most.
    @Test func pdfPagesPastCairosRangeAreRefused() throws {
        let layout = try RenderingFixtures.productsLayout()
        #expect(throws: RenderError.pageTooLarge(page: PageSize(width: 1e7, height: 842))) {
            try layout.pages(page: PageSize(width: 1e7, height: 842))
        }
        #expect(throws: RenderError.pageTooLarge(page: PageSize(width: 595, height: 8_388_608))) {
            try Drawing.pdfData(pages: [filled(width: 595, height: 8_388_608)])
        }
        #expect(RenderError.pageTooLarge(page: PageSize(width: 1e7, height: 842)).description
            == "the page (10000000 × 842 pt) is past Cairo's limit of 8388607 pt a side")
        // The largest page Cairo takes is a page.
        let pdf = try Drawing.pdfData(pages: [filled(width: 595, height: 8_388_607)])
        #expect(pdf.starts(with: Array("%PDF".utf8)))
    }

    @Test func svgPastCairosRangeIsRefused() throws {
        #expect(throws: RenderError.svgTooLarge(width: 100, height: 10_300_000)) { try filled(width: 100, height: 10_300_000).svgData() }
        #expect(throws: RenderError.svgTooLarge(width: 8_388_608, height: 10)) { try filled(width: 8_388_608, height: 10).svgData() }
        #expect(RenderError.svgTooLarge(width: 100, height: 10_300_000).description.contains(
            "the SVG would be 100 × 10300000 pt; SVG through Cairo is at most 8388607 pt a side"))
        let svg = try filled(width: 100, height: 8_388_607).svgData()
        #expect(String(decoding: svg, as: UTF8.self).contains("height=\"8388607pt\""))
    }

    /// The command names the option (a page) or the output (an SVG), and exits with an error
    /// instead of Cairo's abort (134).
    @Test func theCommandRefusesWhatCairoCannotDraw() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let pdf = try render([RenderingFixtures.samplePath, "-o", folder + "/t.pdf", "--page", "1e7x842"])
        #expect(pdf.status != 0 && pdf.status != 134)
        #expect(pdf.stderr.contains("--page width 10000000 pt is past Cairo's limit of 8388607 pt"), "\(pdf.stderr)")
        let svg = try render([RenderingFixtures.samplePath, "-o", folder + "/t.svg", "--header-height", "1e7"])
        #expect(svg.status == 1, "\(svg.stderr)")
        #expect(svg.stderr.contains("the SVG would be") && svg.stderr.contains("at most 8388607 pt a side"), "\(svg.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    // MARK: The smallest text

    /// A table shrunk to the page's width draws its 14 pt text at scale × 14; below 4 pt it is an
    /// error. Without chrome (the plain style) the table is as wide as its columns, W; on a page
    /// P wide with no margins the scale is P / W, so the threshold is P = W × 4 / 14.
    @Test func aPageThatWouldShrinkTextBelow4PointsIsAnError() throws {
        let layout = try RenderingFixtures.productsLayout()
        let width = layout.columnWidths.widths.reduce(0, +)
        let threshold = width * 4 / 14
        let narrow = PageSize(width: threshold * 0.99, height: 842)
        #expect(throws: RenderError.textTooSmall(scale: narrow.width / width, fontSize: 14, tableWidth: width, pageWidth: narrow.width)) {
            try layout.pages(style: .plain, page: narrow, margins: EdgeInsets(0), fit: .scale)
        }
        let pages = try layout.pages(style: .plain, page: PageSize(width: threshold * 1.01, height: 842), margins: EdgeInsets(0), fit: .scale)
        #expect(!pages.isEmpty)
        let message = RenderError.textTooSmall(scale: 0.25, fontSize: 14, tableWidth: 2000, pageWidth: 500).description
        #expect(message == "the table is 2000 pt wide and the page 500 pt within its margins: shrunk to fit (scale 0.25), "
            + "its 14 pt text would be 3.5 pt, below the 4 pt minimum; use a wider page (or --landscape), narrower columns, "
            + "or a PNG, SVG or HTML")
    }

    /// The same two columns with the default `--fit bands`: each is narrowed to A4's width inside
    /// the margins (595.28 − 72 less the bordered style's 1 pt a side), which holds one of them,
    /// so the key column A does not fit beside B: page 1 is A, page 2 is B, each numbered (two
    /// pages: "Page N of 2").
    @Test func theCommandSplitsColumnsWiderThanThePageIntoBands() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "A,B\n1,2\n".write(toFile: folder + "/two.csv", atomically: true, encoding: .utf8)
        let result = try render([folder + "/two.csv", "-o", folder + "/t.pdf", "--widths", "1e9,1e9"])
        #expect(result.status == 0, "\(result.stderr)")
        let pages = (1...2).map { page in
            RenderingFixtures.output(of: "pdftotext", ["-f", "\(page)", "-l", "\(page)", folder + "/t.pdf", "-"])?
                .split(whereSeparator: \.isWhitespace).map(String.init)
        }
        #expect(pages == [["A", "1", "Page", "1", "of", "2"], ["B", "2", "Page", "2", "of", "2"]])
        #expect(RenderingFixtures.output(of: "pdfinfo", [folder + "/t.pdf"])?.contains("Pages:           2") == true)
    }

    /// Two columns of 10^9 points on A4 with `--fit scale`: a blank page before; an error now,
    /// naming the table's width (the columns and the bordered style's 1 pt each side).
    @Test func theCommandRefusesAPageOfUnreadableText() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "A,B\n1,2\n".write(toFile: folder + "/two.csv", atomically: true, encoding: .utf8)
        let result = try render([folder + "/two.csv", "-o", folder + "/t.pdf", "--widths", "1e9,1e9", "--fit", "scale"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("below the 4 pt minimum") && result.stderr.contains("2000000002 pt wide"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["two.csv"])
    }

    // MARK: Failures

    /// A Cairo error (a transform of scale 0, an invalid matrix) is thrown from every output, and
    /// the surface it was drawing on is let go (run under `--sanitize=address` to see no leak).
    @Test func aCairoErrorIsThrownFromEveryOutput() throws {
        let broken = Drawing(bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                             items: [.transformed(scale: 0, offset: Point(x: 0, y: 0), [.fill(.rectangle(Rect(x: 0, y: 0, width: 5, height: 5)), .blue)])])
        let invalid = RenderError.cairo("invalid matrix (not invertible)")
        #expect(throws: invalid) { try broken.pngData() }
        #expect(throws: invalid) { try broken.svgData() }
        #expect(throws: invalid) { try Drawing.pdfData(pages: [broken]) }
    }
}
