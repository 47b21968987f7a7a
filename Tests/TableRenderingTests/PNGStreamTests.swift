import Testing
import DocumentStreams
@testable import TableRendering
import TextMeasureTestSupport

/// libpng's strip-at-a-time writer (the C of the CPNGStream target) handing its bytes to a sink.
/// A sink that refuses them, at once or part way through the rows, stops the image with the
/// error Cairo's own writer reports for a failed stream (`CAIRO_STATUS_WRITE_ERROR`, "error while
/// writing to output stream" in cairo.h); a sink that takes everything gets the whole PNG.
@Suite struct PNGStreamTests {
    /// Writes the bordered sample at 1× in strips of 7 rows onto a sink that takes chunks while
    /// their total stays within `acceptedBytes`; the bytes it took.
    static func write(acceptedBytes: Int) throws(RenderError) -> [UInt8] {
        let drawing = AnyStyle(.bordered).drawing(try! RenderingFixtures.productsLayout(maxColumnWidth: 120))
        var taken: [UInt8] = []
        let sink = OutputSink { bytes in
            guard taken.count + bytes.count <= acceptedBytes else { return false }
            taken.append(contentsOf: bytes)
            return true
        }
        try Drawing.writePNG(bounds: drawing.bounds, scale: 1, stripHeight: 7, tileWidth: Drawing.tileWidth, fonts: CairoFonts(),
                             to: sink, items: { _ in drawing.items })
        return taken
    }

    @Test func aSinkThatTakesEverythingGetsTheWholeImage() throws {
        let png = try Self.write(acceptedBytes: .max)
        let image = try #require(Bitmap(png: png))
        let bounds = AnyStyle(.bordered).drawing(try RenderingFixtures.productsLayout(maxColumnWidth: 120)).bounds
        #expect((image.width, image.height) == (Int(bounds.width.rounded(.up)), Int(bounds.height.rounded(.up))))
    }

    /// Refused at once (the signature), within the header chunks, and part way through the rows.
    @Test(arguments: [0, 20, 1_000, 10_000])
    func aSinkThatRefusesStopsTheImage(acceptedBytes: Int) throws {
        let whole = try Self.write(acceptedBytes: .max).count
        #expect(acceptedBytes < whole)
        #expect(throws: RenderError.cairo("error while writing to output stream")) {
            _ = try Self.write(acceptedBytes: acceptedBytes)
        }
    }
}
