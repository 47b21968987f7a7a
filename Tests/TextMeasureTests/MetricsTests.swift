import Testing
import TextMeasure
import TextMeasureTestSupport

/// Metrics against the raw tables (Scripts/golden-metrics.py parses head, hhea and OS/2 itself).
@Suite struct MetricsTests {
    static let rows = (try? Fixtures.lines("golden-metrics.tsv")) ?? []

    @Test func everyBundledFontHasGoldenMetrics() {
        #expect(Set(Self.rows.map { $0[0] }) == Set(BundledFont.allCases.map(\.fileName)))
    }

    @Test(arguments: rows)
    func metricsMatchTheTables(_ row: [String]) throws {
        let size = 20.0
        let metrics = try Fixtures.bundled(row[0], size: size).metrics
        let upem = Double(row[1])!
        func scaled(_ column: Int) -> Double { Double(row[column])! * size / upem }
        #expect(metrics.unitsPerEm == Int(row[1])!)
        #expect(abs(metrics.ascender - scaled(2)) < 1e-9)
        #expect(abs(metrics.descender - scaled(3)) < 1e-9)
        #expect(abs(metrics.lineGap - scaled(4)) < 1e-9)
        #expect(abs(metrics.lineHeight - (scaled(2) - scaled(3) + scaled(4))) < 1e-9)
        if Int(row[5])! > 0 { #expect(abs(metrics.capHeight - scaled(5)) < 1e-9) }
        if Int(row[6])! > 0 { #expect(abs(metrics.xHeight - scaled(6)) < 1e-9) }
        if Int(row[7])! > 0 { #expect(abs(metrics.averageCharWidth - scaled(7)) < 1e-9) }
    }

    /// In a monospaced font every advance is the same, so widths are counts × one advance.
    @Test func monospaceWidthsAreCharacterCountTimesAdvance() throws {
        let mono = try Font.bundled(.notoSansMono, size: 10)
        let advance = mono.width(of: "M")
        #expect(advance > 0)
        for text in ["iiii", "WWWW", "a b.", "{}[]"] {
            #expect(abs(mono.width(of: text) - 4 * advance) < 1e-9, "\(text)")
            #expect(abs(mono.nominalWidth(of: text) - 4 * advance) < 1e-9, "\(text)")
        }
    }

    /// A glyph's nominal advance is its advance before kerning: a text's glyphs, shaped with
    /// kerning, add up to hb-shape's width of it with `--features=-kern` (the golden widths'
    /// `-kern` rows, "AVATAR", "Te", "office"…), a mark's none.
    @Test(arguments: Fixtures.goldenWidths.filter { $0.features == ["-kern"] })
    func nominalAdvancesAddUpToTheUnkernedWidth(_ golden: Fixtures.GoldenWidth) throws {
        let font = try Fixtures.bundled(golden.fontFile, size: golden.unitsPerEm)
        let width = try FontStack([font]).glyphRuns(of: golden.text).reduce(0.0) { total, run in
            run.glyphs.reduce(total) { $0 + ($1.advance == 0 ? 0 : run.font.nominalAdvance(ofGlyph: $1.id)) }
        }
        #expect(abs(width - golden.units) < 1e-9, "\(golden)")
    }

    @Test func theGoldenWidthsHaveUnkernedRows() {
        #expect(Fixtures.goldenWidths.filter { $0.features == ["-kern"] }.count == 17)
    }
}
