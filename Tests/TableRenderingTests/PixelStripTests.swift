import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// A PNG drawn in strips of rows (and tiles across) has the pixels of one surface drawing it all.
@Suite struct PixelStripTests {
    static func packed(_ image: Bitmap) -> [UInt32] {
        image.pixels.map { UInt32($0.red) << 24 | UInt32($0.green) << 16 | UInt32($0.blue) << 8 | UInt32($0.alpha) }
    }

    /// The reference is Cairo's own writer from one image surface holding the whole table; the
    /// strips are 1 pixel, odd sizes and larger (so that strip edges cut glyphs, the rounded
    /// corners and the border), at 1×, 1.5× and 2×: the same pixels, and the same PNG bytes.
    @Test(arguments: [1.0, 1.5, 2.0])
    func stripsGiveTheOneSurfacesPixels(scale: Double) throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120)
        for style in [AnyStyle(.bordered), AnyStyle(.grid)] {
            let drawing = style.drawing(layout)
            let reference = try #require(Bitmap(png: try drawing.pngData(scale: scale, writer: .cairo)))
            let expected = Self.packed(reference)
            #expect(expected.contains { $0 & 0xFF == 0 } && expected.contains { $0 & 0xFF == 0xFF })
            let whole = try drawing.pngData(scale: scale, stripHeight: reference.height)
            for strip in [1, 7, 13, 50, reference.height - 1] {
                let png = try drawing.pngData(scale: scale, stripHeight: strip)
                let image = try #require(Bitmap(png: png))
                #expect((image.width, image.height) == (reference.width, reference.height))
                let differing = Self.differences(Self.packed(image), expected)
                #expect(differing.isEmpty, "strip \(strip): \(differing.count) pixels differ, first at \(differing.first.map { ($0 % image.width, $0 / image.width) } as Any)")
                // The same rows through the same writer: the same bytes.
                let samePNG = png == whole
                #expect(samePNG, "strip \(strip)")
            }
        }
    }

    /// A table drawn strip by strip from its layout, each strip's rows laid out and drawn when it
    /// is, has the pixels of its whole display list on one surface, in every style.
    @Test(arguments: [1.0, 1.5, 2.0])
    func aTableDrawnRowsByStripHasTheWholeDrawingsPixels(scale: Double) throws {
        let layout = try RenderingFixtures.productsLayout(maxColumnWidth: 120)
        for (name, style) in [("bordered", AnyStyle(.bordered)), ("grid", AnyStyle(.grid)), ("striped", AnyStyle(.striped))] {
            let reference = try #require(Bitmap(png: try style.drawing(layout).pngData(scale: scale, writer: .cairo)))
            let expected = Self.packed(reference)
            for strip in (scale == 1 ? [1] : []) + [13, 50, reference.height] {
                let image = try #require(Bitmap(png: try style.rowsByStrip(layout, scale, strip)))
                #expect((image.width, image.height) == (reference.width, reference.height))
                let differing = Self.differences(Self.packed(image), expected)
                #expect(differing.isEmpty, "\(name), strip \(strip): \(differing.count) pixels differ, first at \(differing.first.map { ($0 % image.width, $0 / image.width) } as Any)")
            }
        }
    }

    /// Tiles across (past Cairo's 32,767 pixels, here forced at 37 and 101) meet without a seam:
    /// every pixel as the one surface draws it, but for a few anti-aliased pixels of a curve,
    /// which Cairo's rasteriser shades a few levels apart when the surface starts elsewhere
    /// across (found: the rounded corners' arcs; a shift down, as between strips, changes nothing).
    @Test(arguments: [1.0, 2.0])
    func tilesAcrossMeetWithoutASeam(scale: Double) throws {
        let drawing = try RenderingFixtures.productsLayout(maxColumnWidth: 120).drawing(style: .bordered)
        let reference = try #require(Bitmap(png: try drawing.pngData(scale: scale, writer: .cairo)))
        for (strip, tile) in [(13, 37), (reference.height, 101)] {
            let image = try #require(Bitmap(png: try drawing.pngData(scale: scale, stripHeight: strip, tileWidth: tile)))
            #expect((image.width, image.height) == (reference.width, reference.height))
            let differing = Self.differences(Self.packed(image), Self.packed(reference))
            let largest = differing.map { offset in
                let (a, b) = (image.pixels[offset], reference.pixels[offset])
                return [a.red, a.green, a.blue, a.alpha].indices.map { index in
                    abs(Int([a.red, a.green, a.blue, a.alpha][index]) - Int([b.red, b.green, b.blue, b.alpha][index]))
                }.max()!
            }.max() ?? 0
            #expect(differing.count <= 12 && largest <= 16, "strip \(strip), tile \(tile): \(differing.count) pixels differ, by up to \(largest)")
        }
    }

    /// Paths reaching far past Cairo's 24.8 fixed-point range (±2^23 pixels) are cut near the
    /// strip before Cairo sees them (as in an image over 2^23 pixels tall): a fill, a rounded rectangle's straight sides and a 2 pt line, each
    /// 2 × 10^8 points tall, over a 60 × 40 image. Expected from geometry: the fill covers every
    /// pixel; the rounded rectangle (x 10 to 40) every pixel between; the line (x 49 to 51) the
    /// pixels from 49 to 51.
    @Test(arguments: [1.0, 2.0])
    func pathsFarPastCairosRangeAreCutToTheStrip(scale: Double) throws {
        let far = 1e8
        let drawing = Drawing(bounds: Rect(x: 0, y: 0, width: 60, height: 40), items: [
            .fill(.rectangle(Rect(x: 0, y: -far, width: 60, height: 2 * far)), Color(red: 1, green: 0, blue: 0)),
            .fill(RoundedRectangle(cornerRadius: 5).path(in: Rect(x: 10, y: -far, width: 30, height: 2 * far)),
                  Color(red: 0, green: 1, blue: 0)),
            .stroke(.line(from: Point(x: 50, y: -far), to: Point(x: 50, y: far)), Color(red: 0, green: 0, blue: 1), lineWidth: 2),
        ])
        let image = try #require(Bitmap(png: try drawing.pngData(scale: scale, stripHeight: 7)))
        #expect((image.width, image.height) == (Int(60 * scale), Int(40 * scale)))
        var wrong: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let point = Double(x) / scale  // the pixel's left edge, in points
                let expected: (UInt8, UInt8, UInt8) = (10..<40).contains(point) ? (0, 255, 0) : (49..<51).contains(point) ? (0, 0, 255) : (255, 0, 0)
                let pixel = image[x, y]
                if (pixel.red, pixel.green, pixel.blue, pixel.alpha) != (expected.0, expected.1, expected.2, 255) { wrong.append((x, y)) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) pixels wrong, first \(wrong.prefix(5))")
    }
}

extension PixelStripTests {
    /// The offsets at which `a` and `b` differ (over the shorter). Equal pixels, the common case,
    /// are found by one `memcmp`: the debug build the tests run compares element by element, a
    /// generic call each, and that was most of this suite's time.
    static func differences(_ a: [UInt32], _ b: [UInt32]) -> [Int] {
        let same = a.count == b.count && (a.isEmpty || a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } })
        return same ? [] : zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    }
}
