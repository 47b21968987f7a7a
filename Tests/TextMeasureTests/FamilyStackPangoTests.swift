import Testing
import TextMeasure

/// `FontStack(families:)` against Pango: the natural width of each text of
/// `Fixtures/family-widths.txt`, set in its families and language at 16 px, equals Pango's
/// (PangoFT2 over the same private fontconfig configuration, `Scripts/pango-family-widths.sh`)
/// within Pango's unit, 1/1024 px, per character: Pango rounds each glyph advance to it.
@Suite struct FamilyStackPangoTests {
    struct Case: Sendable, CustomStringConvertible {
        let label: String
        let families: [String]
        let language: String
        let text: String
        let pangoUnits: Int
        var description: String { label }
    }

    static let cases: [Case] = {
        let texts = Dictionary(uniqueKeysWithValues: ((try? Fixtures.lines("family-widths.txt")) ?? []).map { ($0[0], $0) })
        return ((try? Fixtures.lines("pango-family-widths.tsv")) ?? []).compactMap { row in
            guard let fixture = texts[row[0]] else { return nil }
            return Case(label: row[0], families: fixture[1].split(separator: ",").map(String.init),
                        language: fixture[2], text: fixture[3], pangoUnits: Int(row[1])!)
        }
    }()

    /// Where the library itemizes differently from Pango, by design (the fonts each resolves
    /// to are the same; see Scripts/README-pango.md). The test fails if one of these comes to agree.
    static let knownDisagreements: [String: String] = [
        // Pango starts an item at a bidi level change and gives a space there to the first font
        // that has one; the library keeps a space in the font of the text before it.
        // (Noto Sans Thai's, the first of the list, 4.16 px, for Noto Sans Hebrew's 4.32 px.)
        "known.1": "a space after right-to-left text, before left-to-right text",
    ]

    @Test func everyFixtureLineHasAGolden() throws {
        #expect(Self.cases.count == 16)
    }

    @Test(arguments: cases)
    func naturalWidthEqualsPangos(_ fixture: Case) throws {
        let configuration = try FamilyStackTests.configuration.get()
        let stack = try FontStack(families: fixture.families, size: 16, language: fixture.language,
                                  configuration: configuration)
        let width = stack.width(of: fixture.text, cache: nil)
        let pango = Double(fixture.pangoUnits) / 1024
        let agrees = abs(width - pango) <= Double(fixture.text.unicodeScalars.count) / 1024
        #expect(agrees == (Self.knownDisagreements[fixture.label] == nil), "\(fixture.label): \(width) vs Pango \(pango)")
    }
}
