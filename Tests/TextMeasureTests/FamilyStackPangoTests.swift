import Testing
import TextMeasure
import TextMeasureTestSupport

/// `FontStack(families:)` against Pango: the natural width of each text of
/// `Fixtures/family-widths.txt`, set in its families and language at 16 px, equals Pango's
/// (PangoFT2 over the same private fontconfig configuration, `Scripts/pango-family-widths.sh`)
/// within Pango's unit, 1/1024 px, per character: Pango rounds each glyph advance to it.
@Suite struct FamilyStackPangoTests {
    typealias Case = Fixtures.FamilyCase

    static func cases(_ fixture: String) throws -> [Case] { try Fixtures.familyCases(fixture) }

    static let handWritten = (try? cases("family-widths")) ?? []

    /// Whether `stack` gives `fixture.text` Pango's width, within Pango's unit a character.
    static func agrees(_ fixture: Case, configuration: FontConfiguration) throws -> Bool {
        let stack = try FontStack(families: fixture.families, size: 16, language: fixture.language,
                                  configuration: configuration).withLineBreaks(.pango)
        let width = stack.width(of: fixture.text, cache: nil)
        return abs(width - Double(fixture.pangoUnits) / 1024) <= Double(fixture.text.unicodeScalars.count) / 1024
    }

    @Test func everyFixtureLineHasAGolden() throws {
        #expect(try Self.cases("family-widths").count == 16)
        #expect(try Self.cases("family-widths-generated").count == 2880)
    }

    @Test(arguments: handWritten)
    func naturalWidthEqualsPangos(_ fixture: Case) throws {
        #expect(try Self.agrees(fixture, configuration: FamilyStackTests.configuration.get()), "\(fixture.label)")
    }

    /// Faker's addresses, company and person names (zh_TW, zh_CN, ja_JP, ar_AA) and mixed texts
    /// with digits, punctuation and spaces between scripts, in zh-tw, zh-cn, ja and en, with named
    /// and generic families (`Scripts/make-family-cases.py`): every one agrees with Pango.
    @Test func generatedMixedTextsAgreeWithPango() throws {
        let configuration = try FamilyStackTests.configuration.get()
        let cases = try Self.cases("family-widths-generated")
        let disagreeing = try cases.filter { try !Self.agrees($0, configuration: configuration) }.map(\.label)
        #expect(cases.count == 2880)
        #expect(disagreeing.isEmpty, "\(disagreeing.count) of \(cases.count) disagree: \(disagreeing.prefix(20))")
    }
}
