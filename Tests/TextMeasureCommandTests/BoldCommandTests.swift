import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `--bold-font` and `--header-weight`, run as a user runs them. The header "Total" is 2271
/// units in Noto Sans Regular and 2471 in Bold (hb-shape at 1000 units per em), so 22.71 and
/// 24.71 px at 10 px, with no padding or sort indicator.
@Suite struct BoldCommandTests {
    let commands = ColumnsCommandTests()

    func headerWidth(_ extra: [String]) throws -> Double {
        let path = try commands.file("Total\nx\n")
        let columns = try commands.json([path, "--size", "10", "--min", "0", "--padding", "0", "--sort-indicator", "0"] + extra)
        return try #require(columns.first?["headerWidth"] as? Double)
    }

    @Test func theHeaderIsBoldWhereTheStackHasABoldFace() throws {
        let regular = try BundledFont.notoSans.path(), bold = try BundledFont.notoSansBold.path()
        #expect(abs(try headerWidth([]) - 24.71) < 1e-9)  // the bundled stack's bold face
        #expect(abs(try headerWidth(["--header-weight", "regular"]) - 22.71) < 1e-9)
        #expect(abs(try headerWidth(["--font", regular]) - 22.71) < 1e-9)  // no bold face given: regular, never emboldened
        #expect(abs(try headerWidth(["--font", regular, "--bold-font", bold]) - 24.71) < 1e-9)
        #expect(abs(try headerWidth(["--font", regular, "--bold-font", bold, "--header-weight", "regular"]) - 22.71) < 1e-9)
    }

    /// `fc-match 'DejaVu Sans:bold'` is DejaVuSans-Bold.ttf: "Total" there is hb-shape's width of that file.
    @Test func aFamilysBoldFaceIsFontconfigs() throws {
        let file = try #require(RenderingFixtures.output(of: "fc-match", ["DejaVu Sans:bold", "--format", "%{file}"]))
        #expect(file.hasSuffix("DejaVuSans-Bold.ttf"))
        let shaped = try #require(RenderingFixtures.output(of: "hb-shape", ["--font-funcs=ot", "--font-size=2048", "--no-glyph-names",
                                                                          "--output-format=json", "--language=und", file, "Total"]))
        let glyphs = try #require(try JSONSerialization.jsonObject(with: Data(shaped.utf8)) as? [[String: Any]])
        let units = glyphs.reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
        #expect(abs(try headerWidth(["--family", "DejaVu Sans"]) - Double(units) * 10 / 2048) < 1e-9)
    }

    /// `width --weight bold` measures in the stack's bold faces: "Total" at 10 px.
    @Test func widthMeasuresInTheAskedWeight() throws {
        let regular = try BundledFont.notoSans.path(), bold = try BundledFont.notoSansBold.path()
        func width(_ arguments: [String]) throws -> Double {
            let result = try Command().run(["width", "--size", "10"] + arguments, input: Array("Total\n".utf8))
            #expect(result.status == 0, "\(result.stderr)")
            return try #require(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        #expect(abs(try width([]) - 22.71) < 1e-9)
        #expect(abs(try width(["--weight", "bold"]) - 24.71) < 1e-9)
        #expect(abs(try width(["--font", regular, "--weight", "bold"]) - 22.71) < 1e-9)
        #expect(abs(try width(["--font", regular, "--bold-font", bold, "--weight", "bold"]) - 24.71) < 1e-9)
    }

    @Test func boldFontNeedsFont() throws {
        let path = try commands.file("Total\nx\n")
        let result = try commands.columns([path, "--bold-font", try BundledFont.notoSansBold.path()])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--bold-font goes with --font"))
    }
}
