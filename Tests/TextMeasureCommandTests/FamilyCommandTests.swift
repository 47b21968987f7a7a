import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `--family`, `--lang` and `--fallback` on the commands, with fontconfig reading the private
/// configuration `Fixtures/fontconfig/fonts.conf` (FONTCONFIG_FILE). Widths worked out by hand:
/// a Noto Sans CJK ideograph is 1000/1000 em; Noto Sans's .notdef is 600/1000 em.
@Suite struct FamilyCommandTests {
    static let environment = ["FONTCONFIG_FILE": Fixtures.fontconfigFile]

    func run(_ arguments: [String], _ input: String = "") throws -> Command.Result {
        try Command().run(arguments, input: Array(input.utf8), environment: Self.environment)
    }

    func file(_ text: String, _ name: String) throws -> String {
        let path = try TemporaryFolder.make("family") + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// 鬱 is not in the bundled CJK subset: .notdef (8.4 px at 14 px) unless system fallback
    /// finds it (in Noto Sans CJK: 14 px).
    @Test func widthWithSystemFallback() throws {
        let bundled = try run(["width"], "鬱\n")
        #expect(bundled.stdout == "8.4\n", "\(bundled.stderr)")
        let fallback = try run(["width", "--fallback", "system"], "鬱\n")
        #expect(fallback.stdout == "14.0\n", "\(fallback.stderr)")
    }

    /// The command gives the library's family stack Pango's width with `--line-breaks pango`
    /// (zh-tw.1 of the Pango fixture; by default its spaces are Chromium's, the first font's).
    @Test func widthByFamilyMatchesPango() throws {
        let fixture = try #require(Fixtures.familyCases("family-widths").first { $0.label == "zh-tw.1" })
        let result = try run(["width", "--family", "Noto Sans,sans-serif", "--lang", "zh-TW", "--size", "16", "--line-breaks", "pango"],
                             fixture.text + "\n")
        let width = try #require(Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(result.stderr)")
        #expect(abs(width - Double(fixture.pangoUnits) / 1024) <= Double(fixture.text.unicodeScalars.count) / 1024)
    }

    @Test func familyRepeatedOrCommaSeparated() throws {
        let text = "骨 Hello שלום\n"
        let comma = try run(["width", "--family", "Noto Sans Hebrew, Noto Sans CJK JP", "--lang", "ja"], text)
        let repeated = try run(["width", "--family", "Noto Sans Hebrew", "--family", "Noto Sans CJK JP", "--lang", "ja"], text)
        #expect(comma.status == 0 && !comma.stdout.isEmpty)
        #expect(comma.stdout == repeated.stdout)
    }

    @Test func errorsNameTheCulprit() throws {
        let family = try run(["width", "--family", "Noto Sans, No Such Family 7319"], "x\n")
        #expect(family.status != 0)
        #expect(family.stderr.contains("\"No Such Family 7319\""))
        let language = try run(["width", "--family", "Noto Sans", "--lang", "zh_Hant"], "x\n")
        #expect(language.status != 0)
        #expect(language.stderr.contains("\"zh_Hant\""))
        let both = try run(["width", "--family", "Noto Sans", "--font", "/x.ttf"], "x\n")
        #expect(both.status != 0)
        #expect(both.stderr.contains("--font or --family"))
    }

    @Test func columnsAndRowsByFamily() throws {
        let path = try file("Word\n鬱鬱\n骨\n", "table.csv")
        let options = ["--family", "Noto Sans CJK JP", "--lang", "ja", "--size", "10", "--min", "0", "--padding", "0",
                       "--sort-indicator", "0", "--json"]
        let columns = try run(["columns", path] + options)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(columns.stdout.utf8)) as? [String: Any], "\(columns.stderr)")
        let column = try #require((object["columns"] as? [[String: Any]])?.first)
        #expect(column["contentWidth"] as? Double == 20)
        let rows = try run(["rows", path] + options)
        let rowsObject = try #require(try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [String: Any], "\(rows.stderr)")
        #expect(rowsObject["columnWidths"] as? [Double] == [column["width"] as? Double].compactMap { $0 })
    }

    @Test func wrapByFamily() throws {
        let result = try run(["wrap", "--width", "25", "--family", "Noto Sans CJK JP", "--lang", "ja", "--size", "10"],
                             "{\"text\": \"鬱鬱 鬱鬱\"}\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(object["lineCount"] as? Int == 2)
        #expect(object["width"] as? Double == 20)
    }

    @Test func renderByFamilyWithFallback() throws {
        let path = try file("Word\n鬱鬱\n", "table.csv")
        let output = (path as NSString).deletingLastPathComponent + "/table.svg"
        let result = try run(["render", path, "-o", output, "--family", "Noto Sans", "--fallback", "system", "--lang", "ja"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: output))
    }
}
