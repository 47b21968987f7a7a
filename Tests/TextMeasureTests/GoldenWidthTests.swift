import Testing
import TextMeasure
import TextMeasureTestSupport

/// Every fixture string measured with every bundled font equals hb-shape at --font-size=upem,
/// scaled to the size, within 0.001 px (Scripts/golden-widths.py made the expectations).
@Suite struct GoldenWidthTests {
    static let sizes: [Double] = [7, 12, 14, 17.5, 96]

    @Test func goldenFileCoversEveryFontAndScript() {
        let fonts = Set(Fixtures.goldenWidths.map(\.fontFile))
        #expect(fonts == Set(BundledFont.allCases.map(\.fileName)))
        #expect(Fixtures.goldenWidths.count >= 8 * 30)
    }

    @Test(arguments: Fixtures.goldenWidths)
    func shapedWidthEqualsHarfBuzz(_ golden: Fixtures.GoldenWidth) throws {
        let font = try Fixtures.bundled(golden.fontFile, features: golden.features)
        for size in Self.sizes {
            let sized = try font.withSize(size)
            let expected = golden.units * size / golden.unitsPerEm
            #expect(abs(sized.width(of: golden.text, cache: nil) - expected) <= 0.001, "\(golden) at \(size)")
            #expect(abs(sized.width(of: golden.text) - expected) <= 0.001, "\(golden) at \(size), cached")
        }
    }

    /// With kerning and ligatures off, Latin needs no shaping: nominal advances give the same sum.
    @Test func nominalWidthEqualsUnkernedUnligatedShaping() throws {
        let rows = Fixtures.goldenWidths.filter {
            $0.fontFile == BundledFont.notoSans.fileName && $0.features == ["-kern", "-liga"]
                && $0.text.unicodeScalars.allSatisfy { $0.isASCII }
        }
        #expect(rows.count >= 5)
        let font = try Font.bundled(.notoSans, size: 14)
        for golden in rows {
            #expect(abs(font.nominalWidth(of: golden.text) - golden.units * 14 / golden.unitsPerEm) <= 0.001, "\(golden)")
        }
    }

    @Test func kerningAndLigaturesChangeTheWidth() throws {
        let font = try Font.bundled(.notoSans, size: 14)
        let plain = font.withFeatures([try FontFeature("-kern"), try FontFeature("-liga")])
        #expect(font.width(of: "AVATAR") < plain.width(of: "AVATAR"))
    }
}
