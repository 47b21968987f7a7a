import CHarfBuzz
import CellLayout
import DataTables
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// What the PNG backend puts on pixels, read back from the PNG bytes.
@Suite struct PixelTests {
    /// The PNG is written by libpng with no row filter, not by Cairo's writer: both must decode
    /// to the same pixels (un-premultiplied alike, the bordered style's transparent corners and
    /// its anti-aliased stroke included), at 1× and 2×.
    @Test(arguments: [1.0, 2.0])
    func pixelsAreCairosOwnWritersPixels(scale: Double) throws {
        let drawing = try RenderingFixtures.productsLayout(maxColumnWidth: 120).drawing(style: .bordered)
        let ours = try #require(Bitmap(png: try drawing.pngData(scale: scale)))
        let cairos = try #require(Bitmap(png: try drawing.pngData(scale: scale, writer: .cairo)))
        #expect((ours.width, ours.height) == (cairos.width, cairos.height))
        func packed(_ image: Bitmap) -> [UInt32] {
            image.pixels.map { UInt32($0.red) << 24 | UInt32($0.green) << 16 | UInt32($0.blue) << 8 | UInt32($0.alpha) }
        }
        let (a, b) = (packed(ours), packed(cairos))
        #expect(a == b, "\(zip(a, b).count { $0 != $1 }) pixels differ")
        #expect(b.contains { $0 & 0xFF == 0 } && b.contains { $0 & 0xFF != 0 && $0 & 0xFF != 0xFF })  // transparent and partial alpha
    }

    @Test(arguments: [1.0, 2.0])
    func withoutChromeThereIsNoInkOutsideTheContentBoxes(scale: Double) throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120)
        let configuration = layout.styleConfiguration()
        let drawing = NoChromeStyle().makeBody(configuration: configuration).drawing
        let png = try drawing.pngData(scale: scale)
        let image = try #require(Bitmap(png: png))
        #expect(image.width == Int((drawing.bounds.width * scale).rounded(.up)))
        #expect(image.height == Int((drawing.bounds.height * scale).rounded(.up)))
        let cells = configuration.columns.map(\.header) + configuration.rows.flatMap(\.cells)
        // Ink may leave a content box only where a glyph's own outline does (the hook of a "J"
        // reaches left of its origin): the glyphs' ink boxes, from HarfBuzz's glyph extents of
        // the font files, placed where the display list puts the glyphs.
        // Cairo 1.16's image backend draws each glyph at its origin rounded to the nearest device
        // pixel, so a glyph's ink may sit up to half a pixel from where its extents put it.
        let boxes = cells.map(\.contentFrame)
            + cells.flatMap(\.text).flatMap(Self.inkBoxes).map { $0.outset(by: EdgeInsets(0.5 / scale)) }
        var inked = 0, outside: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y].alpha > 0 {
                inked += 1
                // The pixel's square in drawing coordinates touches a content box (antialiasing
                // fills the pixel a box's edge crosses).
                let square = Rect(x: drawing.bounds.minX + Double(x) / scale, y: drawing.bounds.minY + Double(y) / scale,
                                  width: 1 / scale, height: 1 / scale)
                if !boxes.contains(where: { $0.minX < square.maxX && square.minX < $0.maxX && $0.minY < square.maxY && square.minY < $0.maxY }) {
                    outside.append((x, y))
                }
            }
        }
        #expect(inked > 10_000)
        #expect(outside.isEmpty, "\(outside.count) inked pixels outside every content box and glyph, first \(outside.prefix(5))")
    }

    /// The ink boxes of `item`'s glyphs, from the font file's outlines (or bitmaps) through
    /// HarfBuzz, independently of Cairo.
    static func inkBoxes(of item: TextItem) -> [Rect] {
        let font = item.run.font
        guard let path = font.path, let blob = hb_blob_create_from_file_or_fail(path) else { return [] }
        let face = hb_face_create(blob, UInt32(font.faceIndex))
        let hbFont = hb_font_create(face)
        defer { hb_font_destroy(hbFont); hb_face_destroy(face); hb_blob_destroy(blob) }
        let upem = Double(hb_face_get_upem(face))
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        let scale = font.size / upem
        return item.run.glyphs.compactMap { glyph in
            var extents = hb_glyph_extents_t()
            guard hb_font_get_glyph_extents(hbFont, glyph.id, &extents) != 0 else { return nil }
            return Rect(x: item.origin.x + glyph.x + Double(extents.x_bearing) * scale,
                        y: item.origin.y + glyph.y - Double(extents.y_bearing) * scale,
                        width: Double(extents.width) * scale, height: -Double(extents.height) * scale)
        }
    }

    @Test(arguments: [1.0, 2.0])
    func theBorderedStyleStrokesBlueInsideAndClipsItsCorners(scale: Double) throws {
        let layout = try RenderingFixtures.productsLayout()
        let drawing = layout.drawing(style: .bordered)
        let png = try drawing.pngData(scale: scale)
        let image = try #require(Bitmap(png: png))
        // The drawing starts 1 pt left of and above the table (the stroke's outer half, clipped).
        #expect(drawing.bounds.minX == -1 && drawing.bounds.minY == -1)
        func pixel(_ x: Double, _ y: Double) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            image[Int(((x + 1) * scale).rounded(.down)), Int(((y + 1) * scale).rounded(.down))]
        }
        let width = layout.columnWidths.widths.reduce(0, +), height = layout.contentHeight
        // The pixels whose squares lie wholly within a band of the drawing (x0..<x1, y0..<y1):
        // at 1× the right and bottom edges fall inside pixels, so not every band holds one.
        func pixels(x: ClosedRange<Double>, y: ClosedRange<Double>) -> [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)] {
            let columns = Int(((x.lowerBound + 1) * scale).rounded(.up))..<Int(((x.upperBound + 1) * scale).rounded(.down))
            let rows = Int(((y.lowerBound + 1) * scale).rounded(.up))..<Int(((y.upperBound + 1) * scale).rounded(.down))
            return rows.flatMap { row in columns.map { image[$0, row] } }
        }
        // The 2 pt stroke is centred on the edge: its inner half, 0 to 1 pt in, is pure blue
        // (0, 122, 255) along every side; the outer half is clipped away: transparent.
        let middle = (x: width / 2 - 10...width / 2 + 10, y: height / 2 - 10...height / 2 + 10)
        let inner = [pixels(x: middle.x, y: 0...1), pixels(x: middle.x, y: height - 1...height),
                     pixels(x: 0...1, y: middle.y), pixels(x: width - 1...width, y: middle.y)]
        let outer = [pixels(x: middle.x, y: -1...0), pixels(x: middle.x, y: height...height + 1),
                     pixels(x: -1...0, y: middle.y), pixels(x: width...width + 1, y: middle.y)]
        #expect(!inner[0].isEmpty && !inner[2].isEmpty)  // the top and left bands are pixel-aligned
        for (side, band) in inner.enumerated() {
            #expect(band.allSatisfy { $0.red == 0 && $0.green == 122 && $0.blue == 255 && $0.alpha == 255 }, "side \(side): \(band.prefix(3))")
        }
        for (side, band) in outer.enumerated() {
            #expect(band.allSatisfy { $0.alpha == 0 }, "side \(side): \(band.prefix(3))")
        }
        #expect(!outer[0].isEmpty && !outer[2].isEmpty)
        // The corners outside the radius-8 arc are transparent (the corner square of 1 pt lies
        // 1.41 pt from the rounded corner's arc at least); just inside the stroke, the background
        // is white 0.97 (247.35 of 255, within Cairo's rounding to 8 bits).
        for corner in [pixels(x: 0...1, y: 0...1), pixels(x: width - 1...width, y: 0...1),
                       pixels(x: 0...1, y: height - 1...height), pixels(x: width - 1...width, y: height - 1...height)] {
            #expect(corner.allSatisfy { $0.alpha == 0 }, "\(corner)")
        }
        for background in pixels(x: width - 6...width - 3, y: middle.y) {
            #expect([background.red, background.green, background.blue].allSatisfy { abs(Double($0) - 0.97 * 255) <= 1 } && background.alpha == 255)
        }
    }

    /// Glyphs drawn into a rounded clip's corners are cut by the arc, wherever else they reach:
    /// a 60 px full block (U+2588, Noto Sans Mono) over each corner of a rounded rectangle of
    /// radius 30. Expected from geometry alone: a pixel whose square lies inside the glyph's ink
    /// box (HarfBuzz's extents) and at least 1 px inside the arc is inked; one at least 1 px
    /// outside the arc is transparent.
    @Test(arguments: [1.0, 2.0])
    func glyphsInARoundedClipsCornersAreCutByTheArc(scale: Double) throws {
        let font = try Font(path: try BundledFont.notoSansMono.path(), size: 60)
        let stack = try FontStack([font])
        let frame = Rect(x: 0, y: 0, width: 120, height: 120)
        let (radius, advance) = (30.0, 36.0)  // the block is 600 of 1000 units wide
        var texts: [DrawingItem] = []
        for (x, baseline) in [(0.0, 50.0), (frame.maxX - advance, 50.0), (0.0, 110.0), (frame.maxX - advance, 110.0)] {
            let run = try #require(stack.glyphRuns(of: "\u{2588}").first)
            texts.append(.text(TextItem(origin: Point(x: x, y: baseline), run: run,
                                        frame: Rect(x: x, y: baseline - 60, width: run.width, height: 60), color: .black)))
        }
        let drawing = Drawing(bounds: frame, items: [.clip(RoundedRectangle(cornerRadius: radius).path(in: frame), texts)])
        let image = try #require(Bitmap(png: try drawing.pngData(scale: scale)))
        let inks = drawing.textItems.flatMap(Self.inkBoxes)
        #expect(inks.count == 4)
        /// How far the point lies inside the rounded rectangle (negative: outside).
        func depth(_ x: Double, _ y: Double) -> Double {
            let cx = min(max(x, radius), frame.maxX - radius), cy = min(max(y, radius), frame.maxY - radius)
            if cx == x || cy == y { return min(x, frame.maxX - x, y, frame.maxY - y) }
            return radius - ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        }
        var (inked, cut, checked) = (0, 0, 0)
        for row in 0..<image.height {
            for column in 0..<image.width {
                let square = Rect(x: Double(column) / scale, y: Double(row) / scale, width: 1 / scale, height: 1 / scale)
                guard inks.contains(where: { $0.contains(square) }) else { continue }
                let corners = [(square.minX, square.minY), (square.maxX, square.minY), (square.minX, square.maxY), (square.maxX, square.maxY)]
                let depths = corners.map { depth($0.0, $0.1) }
                if depths.allSatisfy({ $0 >= 1 }) {
                    checked += 1
                    if image[column, row].alpha == 255 { inked += 1 }
                } else if depths.allSatisfy({ $0 <= -1 }) {
                    checked += 1
                    if image[column, row].alpha == 0 { cut += 1 }
                }
            }
        }
        #expect(checked > 1000)
        #expect(inked + cut == checked, "\(checked - inked - cut) of \(checked) pixels drawn on the wrong side of the arc")
        #expect(cut > 100)
    }
}
