import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `--line-breaks chromium|pango` on `wrap`, `columns`, `rows` and `render`, run as a user runs it,
/// worked out by hand in Noto Sans Mono (every character here 600 units: 6 px at 10 px, 75 px at
/// 125 px). Chromium does not break after "/" between ASCII characters; ICU's rules (pango) do.
@Suite struct LineBreakRulesCommandTests {
    /// At 6 characters a line: chromium has the segments "a/b " "a/b " "a/b", one a line; pango has
    /// "a/" "b " "a/" "b " "a/" "b": "a/b a/" (6) and then "b a/b".
    @Test func wrapFollowsTheRules() throws {
        let mono = ["--font", try BundledFont.notoSansMono.path(), "--size", "125"]
        let input = Array("{\"text\":\"a/b a/b a/b\",\"width\":450}\n".utf8)
        func lines(_ arguments: [String]) throws -> [String] {
            let result = try Command().run(["wrap"] + mono + arguments, input: input)
            #expect(result.status == 0, "\(result.stderr)")
            let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(object["lines"] as? [String])
        }
        #expect(try lines([]) == ["a/b", "a/b", "a/b"])
        #expect(try lines(["--line-breaks", "chromium"]) == ["a/b", "a/b", "a/b"])
        #expect(try lines(["--line-breaks", "pango"]) == ["a/b a/", "b a/b"])
        let wrong = try Command().run(["wrap"] + mono + ["--line-breaks", "css"], input: input)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("--line-breaks"))
    }

    /// The automatic layout's min-content width: "professional/tax" whole (16 characters, 96 px)
    /// under chromium, "professional/" (13, 78 px) under pango; with padding 8 a side.
    @Test func columnsMinContentFollowsTheRules() throws {
        let path = try ColumnsCommandTests().file("Job\nprofessional/tax\n")
        let options = ["--font", try BundledFont.notoSansMono.path(), "--size", "10", "--min", "0", "--padding", "8",
                       "--sort-indicator", "0", "--table-layout", "auto", "--frame-width", "10"]
        let chromium = try ColumnsCommandTests().json([path] + options)
        #expect(chromium.map { $0["minContentWidth"] as? Double } == [112])
        let pango = try ColumnsCommandTests().json([path] + options + ["--line-breaks", "pango"])
        #expect(pango.map { $0["minContentWidth"] as? Double } == [94])
    }

    /// Rows at a column 36 px (6 characters) wide: 3 lines under chromium, 2 under pango.
    @Test func rowsFollowTheRules() throws {
        let rows = RowsCommandTests()
        let path = try ColumnsCommandTests().file("A\na/b a/b a/b\n")
        let bare = try rows.bare + ["--widths", "36"]
        rows.expectClose(try rows.json([path] + bare).heights, [3 * RowsCommandTests.line])
        rows.expectClose(try rows.json([path] + bare + ["--line-breaks", "pango"]).heights, [2 * RowsCommandTests.line])
    }

    /// The drawing shows the lines the rules made: the SVG's text runs.
    @Test func renderDrawsTheRulesLines() throws {
        let path = try ColumnsCommandTests().file("A\na/b a/b a/b\n")
        let folder = try TemporaryFolder.make("line-breaks")
        let options = ["--font", try BundledFont.notoSansMono.path(), "--size", "10", "--widths", "36", "--padding", "0"]
        for (rules, lines) in [("chromium", 4), ("pango", 3)] {  // the header "A" and the cell's lines
            let output = folder + "/\(rules).html"
            let result = try Command().run(["render", path, "-o", output, "--line-breaks", rules] + options, input: [])
            #expect(result.status == 0, "\(result.stderr)")
            let page = try String(contentsOfFile: output, encoding: .utf8)
            #expect(page.components(separatedBy: "class=\"l\"").count - 1 == lines, "\(rules)")
        }
    }
}
