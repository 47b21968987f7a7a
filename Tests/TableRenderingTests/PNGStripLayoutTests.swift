import DataTables
import Foundation
@testable import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// A PNG drawn in strips lays out each row once: a row taller than a strip draws only its lines
/// in each strip (one tall cell of 0.25/0.5/1/2 MB took 1.7/3.7/9.5/33 s: every strip shaped the
/// whole cell), and strips of a few pixels (a table so wide that 16 MB hold a few rows of pixels)
/// share the rows they draw (8,000 columns took 40 s, every strip laying out every cell). The
/// pixels are those of the image drawn in one strip.
@Suite struct PNGStripLayoutTests {
    #if DEBUG
    @Test func aTallRowIsLaidOutOnceForAllItsStrips() throws {
        // 400 lines of "wNNN wNNN" in Noto Sans Mono at 10 px (13.62 px a line): 5,448 px,
        // drawn in strips of 64 px, beside a short row above and below.
        let tall = MonoTable.Sale(id: 1, dept: SpanAcrossSplitRowTests.words(800), item: "tall")
        let sales = [MonoTable.Sale(id: 0, dept: "a", item: "b"), tall, MonoTable.Sale(id: 2, dept: "c", item: "d")]
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        _ = layout.measureRows(0..<3)
        #expect(layout.height(ofRow: 1) > 5000)
        let probe = CellText.Probe()
        let inStrips = try CellText.$probe.withValue(probe) {
            try layout.pngData(style: .plain, scale: 1, stripHeight: 64)
        }
        // Row 1's two cells, once each (before: once each a strip that showed the row, some 85 strips).
        #expect(probe.rows[1] == 2)
        let whole = try layout.pngData(style: .plain, scale: 1, stripHeight: 100_000)
        #expect(inStrips == whole)  // the same pixels, written by the same encoder
        let image = try #require(Bitmap(png: inStrips))
        #expect(image.pixels.contains { $0.alpha == 255 })
    }

    @Test func stripsOfAFewPixelsLayTheirRowsOutOnce() throws {
        let sales = (0..<3).map { MonoTable.Sale(id: $0, dept: "d\($0)", item: "i\($0)") }
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        _ = layout.measureRows(0..<3)
        let probe = CellText.Probe()
        let inStrips = try CellText.$probe.withValue(probe) {
            try layout.pngData(style: .plain, scale: 1, stripHeight: 1)
        }
        // Each row's two cells once (before: once each a strip of one pixel row, some 40 strips).
        #expect(probe.rows == [0: 2, 1: 2, 2: 2])
        #expect(inStrips == (try layout.pngData(style: .plain, scale: 1, stripHeight: 100_000)))
    }
    #endif
}
