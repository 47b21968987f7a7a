import DataTables
import Foundation
@testable import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// A PNG of a row taller than a band is drawn in bands without laying the row out again for
/// each: each of its cells is laid out once, and each band draws only its lines. One tall cell of
/// 0.25/0.5/1/2 MB took 1.7/3.7/9.5/33 s (every band shaped the whole cell); now its cost is
/// its lines once. The pixels are those of the image drawn in one band.
@Suite struct PNGTallRowTests {
    #if DEBUG
    @Test func aTallRowIsLaidOutOnceForAllItsBands() throws {
        // 400 lines of "wNNN wNNN" in Noto Sans Mono at 10 px (13.62 px a line): 5,448 px,
        // drawn in bands of 64 px, beside a short row above and below.
        let tall = MonoTable.Sale(id: 1, dept: SpanAcrossSplitRowTests.words(800), item: "tall")
        let sales = [MonoTable.Sale(id: 0, dept: "a", item: "b"), tall, MonoTable.Sale(id: 2, dept: "c", item: "d")]
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        _ = layout.measureRows(0..<3)
        #expect(layout.height(ofRow: 1) > 5000)
        let probe = CellText.Probe()
        let banded = try CellText.$probe.withValue(probe) {
            try layout.pngData(style: .plain, scale: 1, bandHeight: 64)
        }
        // Row 1's two cells, once each (before: once each a band that showed the row, some 85 bands).
        #expect(probe.rows[1] == 2)
        let whole = try layout.pngData(style: .plain, scale: 1, bandHeight: 100_000)
        #expect(banded == whole)  // the same pixels, written by the same encoder
        let image = try #require(Bitmap(png: banded))
        #expect(image.pixels.contains { $0.alpha == 255 })
    }
    #endif
}
