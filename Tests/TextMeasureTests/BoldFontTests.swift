import Foundation
import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// Where bold text's fonts come from: the bundled stack's bold faces, bold files given with
/// `withBold(_:)`, and fontconfig's bold face of a family (as `fc-match 'Family:bold'` finds it).
/// Widths are hb-shape's (`hb-shape --font-funcs=ot --font-size=1000 --language=und`, advances
/// summed by hand in the comments).
@Suite struct BoldFontTests {
    /// "Total": Noto Sans Regular 486 + 605 + 361 + 561 + 258 = 2271 units, Bold 509 + 619 + 434
    /// + 604 + 305 = 2471 units (upem 1000).
    static let totalRegular = 2271.0, totalBold = 2471.0

    @Test func bundledStackMeasuresBoldTextInNotoSansBold() throws {
        let stack = try FontStack.bundled(size: 10)
        #expect(abs(stack.width(of: "Total", cache: nil) - Self.totalRegular / 100) < 1e-9)
        #expect(abs(stack.weight(.bold).width(of: "Total", cache: nil) - Self.totalBold / 100) < 1e-9)
        #expect(stack.hasBoldFonts)
    }

    /// CJK has no bundled bold face: 合計 (2 × 1000 units in Noto Sans CJK SC) keeps the regular
    /// face's width beside bold Latin.
    @Test func boldStackFallsBackToRegularCJK() throws {
        let bold = try FontStack.bundled(size: 10).weight(.bold)
        #expect(abs(bold.width(of: "Total合計", cache: nil) - (Self.totalBold + 2000) / 100) < 1e-9)
        #expect(bold.fonts.map { $0.path!.split(separator: "/").last.map(String.init) }
            == BundledFont.boldStackOrder.map(\.fileName))
    }

    /// The bundled bold stack sets each script in its own bold face: a word of Arabic, Hebrew,
    /// Devanagari or Thai measures as hb-shape measures it in that script's Bold file (the golden
    /// rows of `Scripts/golden-widths.py`).
    @Test func boldStackSetsEachScriptInItsBoldFace() throws {
        let bold = try FontStack.bundled(size: 10).weight(.bold)
        let files = ["arab": "NotoSansArabic-Bold.ttf", "hebr": "NotoSansHebrew-Bold.ttf",
                     "deva": "NotoSansDevanagari-Bold.ttf", "thai": "NotoSansThai-Bold.ttf"]
        var compared = 0
        for golden in Fixtures.goldenWidths where golden.features.isEmpty && !golden.text.contains(" ") {
            guard let prefix = golden.label.split(separator: ".").first, files[String(prefix)] == golden.fontFile else { continue }
            #expect(abs(bold.width(of: golden.text, cache: nil) - golden.units * 10 / golden.unitsPerEm) < 1e-9, "\(golden)")
            compared += 1
        }
        #expect(compared >= 4)
    }

    @Test func boldOfBoldIsItselfAndSizeCarriesOver() throws {
        let bold = try FontStack.bundled(size: 10).weight(.bold)
        #expect(bold.weight(.bold) == bold)
        let large = try FontStack.bundled(size: 10).withSize(20).weight(.bold)
        #expect(abs(large.width(of: "Total", cache: nil) - Self.totalBold / 50) < 1e-9)
    }

    @Test func stackWithoutBoldFontsDrawsRegular() throws {
        let stack = try FontStack([Font.bundled(.notoSans, size: 10)])
        #expect(stack.weight(.bold) == stack)
        #expect(!stack.hasBoldFonts)
        #expect(abs(stack.weight(.bold).width(of: "Total", cache: nil) - Self.totalRegular / 100) < 1e-9)
    }

    @Test func boldFilesGivenWithWithBold() throws {
        let regular = try FontStack([Font(path: BundledFont.notoSans.path(), size: 10)])
        let stack = regular.withBold(try FontStack([Font(path: BundledFont.notoSansBold.path())] + regular.fonts))
        #expect(abs(stack.weight(.bold).width(of: "Total", cache: nil) - Self.totalBold / 100) < 1e-9)
        #expect(stack != regular)
    }

    /// `fc-match -s 'Family:bold'` in the system's configuration (fonts-dejavu-core and
    /// fonts-liberation2): the bold stack's fonts are fontconfig's, first the family's bold face.
    @Test(arguments: ["DejaVu Sans", "Liberation Sans"])
    func familyBoldFaceIsFontconfigs(family: String) throws {
        let output = try #require(RenderingFixtures.output(of: "fc-match", ["-s", "\(family):bold", "--format", "%{file}|%{index}\\n"]))
        let expected = output.split(separator: "\n").map(String.init)
        let stack = try FontStack(families: [family], size: 14)
        let bold = stack.weight(.bold)
        let found = bold.fontSet.members.map { "\($0.candidate!.path)|\($0.candidate!.faceIndex)" }
        #expect(found.first == expected.first)
        #expect(found.first?.contains("Bold") == true)
        #expect(found == expected)
        #expect(stack.hasBoldFonts)
        #expect(try FontStack(families: [family], weight: .bold) == FontStack(families: [family], weight: .bold))
    }

    /// A configuration holding only DejaVu Sans (regular): the bold query finds the regular face
    /// and draws it at its own advances, never emboldened.
    @Test func familyWithoutBoldFaceStaysRegular() throws {
        let configuration = try FontConfiguration(fontFiles: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        let stack = try FontStack(families: ["DejaVu Sans"], size: 14, configuration: configuration)
        #expect(stack.weight(.bold).primary.path == stack.primary.path)
        #expect(stack.weight(.bold).primary.familyName == "DejaVu Sans")
        #expect(!stack.hasBoldFonts)
        #expect(stack.weight(.bold).width(of: "Total", cache: nil) == stack.width(of: "Total", cache: nil))
    }
}
