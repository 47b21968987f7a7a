import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `textmeasure wrap`, run as a user runs it, with expectations worked out by hand.
///
/// Every test but the default-stack one sets the bundled Noto Sans Mono at 125 px. In that font
/// (upem 1000) every glyph used here advances 600 units (checked with `hb-shape`, no kerning or
/// ligatures in these strings), so each character, the ellipsis "…" included, is exactly
/// 600 × 125 / 1000 = 75 px. Its line height is hhea ascender 1069 − descender −293 + line gap 0
/// (USE_TYPO_METRICS is off) = 1362 units = 170.25 px. 125 px makes the scale 1/8, so all these
/// numbers are exact in binary and print exactly. `monoFontHasTheMetricsTheseTestsAssume`
/// checks the font tables themselves.
@Suite struct WrapCommandTests {
    static let size = "125"
    static let char = 75.0
    static let lineHeight = 170.25

    var mono: [String] { get throws { ["--font", try BundledFont.notoSansMono.path(), "--size", Self.size] } }

    func wrap(_ arguments: [String], _ lines: [String]) throws -> Command.Result {
        try Command().run(["wrap"] + mono + arguments, input: Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// The output object expected for a layout.
    func layout(_ lines: [String], width: Double, height: Double, truncated: Bool = false) -> String {
        let quoted = lines.map { "\"\($0)\"" }.joined(separator: ",")
        return "{\"lineCount\":\(lines.count),\"width\":\(width),\"height\":\(height),\"lines\":[\(quoted)]"
            + (truncated ? ",\"truncated\":true}" : "}")
    }

    func outputLines(_ result: Command.Result) -> [String] {
        result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func monoFontHasTheMetricsTheseTestsAssume() throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try BundledFont.notoSansMono.path())))
        func u16(_ at: Int) -> Int { Int(data[at]) << 8 | Int(data[at + 1]) }
        func i16(_ at: Int) -> Int { Int(Int16(bitPattern: UInt16(u16(at)))) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: data[record..<record + 4], as: UTF8.self)] = u32(record + 8)
        }
        let head = try #require(tables["head"]), hhea = try #require(tables["hhea"]), os2 = try #require(tables["OS/2"])
        #expect(u16(head + 18) == 1000)                                        // unitsPerEm
        let verticalMetrics: [Int] = [i16(hhea + 4), i16(hhea + 6), i16(hhea + 8)]  // ascender, descender, line gap
        #expect(verticalMetrics == [1069, -293, 0])
        let fsSelection = u16(os2 + 62)
        #expect(fsSelection & 0x80 == 0)  // no USE_TYPO_METRICS: hhea metrics apply
        #expect(Double(1069 + 293 + 0) * 125 / 1000 == Self.lineHeight)
        #expect(600.0 * 125 / 1000 == Self.char)
    }

    @Test func breaksAtTheWidthAndALineWidthOverridesIt() throws {
        // "aaa bbb" is 7 × 75 = 525 px; "aaa bbb ccc" is 825 px.
        let result = try wrap(["--width", "600"], [
            #"{"text": "aaa bbb ccc"}"#,                // --width 600: "aaa bbb" fits, "ccc" wraps
            #"{"text": "aaa bbb ccc", "width": 524}"#,  // 1 px short of "aaa bbb"
            #"{"text": "aaa bbb ccc", "width": 825}"#,  // exactly the whole text
            #"{"text": "aaa bbb ccc", "width": 0}"#,    // a word wider than the width breaks between graphemes
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(outputLines(result) == [
            layout(["aaa bbb", "ccc"], width: 7 * Self.char, height: 2 * Self.lineHeight),
            layout(["aaa", "bbb", "ccc"], width: 3 * Self.char, height: 3 * Self.lineHeight),
            layout(["aaa bbb ccc"], width: 11 * Self.char, height: Self.lineHeight),
            layout(["a", "a", "a", "b", "b", "b", "c", "c", "c"], width: Self.char, height: 9 * Self.lineHeight),
        ])
    }

    @Test func stringsAreEscapedInTheOutput() throws {
        let text = #"say "hi" \o/"#  // 12 characters
        let input = String(data: try JSONSerialization.data(withJSONObject: ["text": text, "width": 1000]), encoding: .utf8)
        let result = try wrap([], [try #require(input)])
        #expect(result.status == 0)
        let output = try object(try #require(outputLines(result).first))
        #expect(output["lines"] as? [String] == [text])
        #expect(output["width"] as? Double == 12 * Self.char)
        #expect(result.stdout.contains(#"["say \"hi\" \\o/"]"#))
    }

    @Test func noWidthAnywhereIsAnErrorForThatLineOnly() throws {
        let result = try wrap([], [#"{"text": "aaa", "width": 300}"#, #"{"text": "aaa"}"#, #"{"text": "bbb", "width": 300}"#])
        #expect(result.status == 1)
        let lines = outputLines(result)
        #expect(lines.count == 3)
        #expect(lines[0] == layout(["aaa"], width: 3 * Self.char, height: Self.lineHeight))
        #expect(lines[2] == layout(["bbb"], width: 3 * Self.char, height: Self.lineHeight))
        let error = try object(lines[1])
        #expect(error["line"] as? Int == 2)
        #expect((error["error"] as? String)?.hasPrefix("line 2: ") == true)
        #expect((error["error"] as? String)?.contains("width") == true)
        #expect(result.stderr.hasPrefix("textmeasure: line 2: "))
    }

    @Test(arguments: [
        // "abcdefghij" (750 px) in 300 px (4 characters) with one line: three characters and "…".
        ("end", "abc…"), ("middle", "ab…j"), ("start", "…hij"),
    ])
    func oneLineTruncation(mode: String, expected: String) throws {
        let result = try wrap(["--width", "300", "--max-lines", "1", "--truncation", mode], [#"{"text": "abcdefghij"}"#])
        #expect(result.status == 0)
        #expect(outputLines(result) == [layout([expected], width: 4 * Self.char, height: Self.lineHeight, truncated: true)])
    }

    @Test(arguments: [
        // "aaa bbb ccc ddd" in 300 px is four lines of three characters; with two lines the second
        // shows the rest, "bbb ccc ddd", cut to four characters with the ellipsis, the spaces next
        // to the ellipsis dropped.
        ("end", "bbb…"), ("middle", "bb…d"), ("start", "…ddd"),
    ])
    func truncationAtMaxLines(mode: String, expected: String) throws {
        let result = try wrap(["--width", "300", "--max-lines", "2", "--truncation", mode], [
            #"{"text": "aaa bbb ccc ddd"}"#,
            #"{"text": "aaa bbb ccc ddd", "maxLines": 0}"#,  // unlimited for this line
            #"{"text": "aaa bbb ccc ddd", "maxLines": 4}"#,  // just enough: not truncated
            #"{"text": "aaa bbb", "maxLines": 3}"#,
        ])
        #expect(result.status == 0)
        #expect(outputLines(result) == [
            layout(["aaa", expected], width: 4 * Self.char, height: 2 * Self.lineHeight, truncated: true),
            layout(["aaa", "bbb", "ccc", "ddd"], width: 3 * Self.char, height: 4 * Self.lineHeight),
            layout(["aaa", "bbb", "ccc", "ddd"], width: 3 * Self.char, height: 4 * Self.lineHeight),
            layout(["aaa", "bbb"], width: 3 * Self.char, height: 2 * Self.lineHeight),
        ])
    }

    @Test func customEllipsis() throws {
        // "..." is three characters, so one "a" is left of the 4 that fit 300 px.
        let result = try wrap(["--width", "300", "--max-lines", "1", "--ellipsis", "..."], [#"{"text": "aaaaaaaaaa"}"#])
        #expect(outputLines(result) == [layout(["a..."], width: 4 * Self.char, height: Self.lineHeight, truncated: true)])
    }

    @Test(arguments: [
        // Two lines, "aaa bbb" and "ccc", each this tall.
        ("font", Self.lineHeight), ("20", 20.0), ("20.5", 20.5), ("1.5x", Self.lineHeight * 3 / 2), ("0.5x", Self.lineHeight / 2),
    ])
    func lineHeightOption(argument: String, perLine: Double) throws {
        let result = try wrap(["--width", "600", "--line-height", argument], [#"{"text": "aaa bbb ccc"}"#])
        #expect(result.status == 0)
        #expect(outputLines(result) == [layout(["aaa bbb", "ccc"], width: 7 * Self.char, height: 2 * perLine)])
    }

    @Test(arguments: [
        ["--line-height", "0"], ["--line-height", "tall"], ["--line-height", "1.5y"], ["--line-height", "x"],
        ["--line-height", "nan"], ["--width", "0"], ["--width", "nan"], ["--width=-5"], ["--max-lines=-1"],
        ["--truncation", "left"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) throws {
        let result = try wrap(arguments, [#"{"text": "aaa", "width": 300}"#])
        #expect(result.status == 64)  // EX_USAGE, ArgumentParser's validation failure
        #expect(result.stdout.isEmpty)
        let option = try #require(arguments.first?.split(separator: "=").first)
        #expect(result.stderr.contains(option))
    }

    @Test func badLinesInTheMiddleOfABatchLoseNothingElse() throws {
        let input = [
            #"{"text": "aaa", "width": 300}"#,
            #"{"text": "aaa", "width": 300"#,  // unterminated
            #"{"text": "bbb bbb", "width": 300}"#,
            "",
            "   ",
            #"["text", "aaa"]"#,
            #"{"text": 5, "width": 300}"#,
            #"{"width": 300}"#,
            #"{"text": "aaa", "width": "wide"}"#,
            #"{"text": "aaa", "width": -1}"#,
            #"{"text": "aaa", "width": 300, "maxLines": 1.5}"#,
            #"{"text": "aaa", "width": 300, "maxLines": -2}"#,
            #"{"text": "ccc", "width": 300}"#,
        ]
        let result = try wrap([], input)
        #expect(result.status == 1)
        let lines = outputLines(result)
        try #require(lines.count == input.count)
        #expect(lines[0] == layout(["aaa"], width: 3 * Self.char, height: Self.lineHeight))
        #expect(lines[2] == layout(["bbb", "bbb"], width: 3 * Self.char, height: 2 * Self.lineHeight))
        #expect(lines[12] == layout(["ccc"], width: 3 * Self.char, height: Self.lineHeight))
        let problems = [  // a word of each message
            2: "JSON", 4: "blank", 5: "blank", 6: "object", 7: "text", 8: "text",
            9: "width", 10: "width", 11: "maxLines", 12: "maxLines",
        ]
        let stderr = result.stderr.split(separator: "\n").map(String.init)
        #expect(stderr.count == problems.count)
        for (number, word) in problems {
            let error = try object(lines[number - 1])
            #expect(Set(error.keys) == ["error", "line"])
            #expect(error["line"] as? Int == number)
            let message = try #require(error["error"] as? String)
            #expect(message.hasPrefix("line \(number): "))
            #expect(message.contains(word), "line \(number): \(message)")
            #expect(stderr.contains("textmeasure: \(message)"))
        }
    }

    @Test func invalidUTF8LinesGetAnErrorAndTheOthersAreLaidOut() throws {
        let newline: [UInt8] = [0x0A]
        let invalid = Array(#"{"text": "a"#.utf8) + [0xFF] + Array(#""}"#.utf8) + newline
        let input = Array(#"{"text": "aaa", "width": 300}"#.utf8) + newline + invalid + invalid
            + Array(#"{"text": "bbb bbb", "width": 300}"#.utf8) + newline
            + Array(#"{"text": "#.utf8) + [0xC3]  // a sequence cut off by the end of input, on line 5
        let result = try Command().run(["wrap"] + mono, input: input)
        #expect(result.status == 1)
        let lines = outputLines(result)
        try #require(lines.count == 5)
        #expect(lines[0] == layout(["aaa"], width: 3 * Self.char, height: Self.lineHeight))
        #expect(lines[3] == layout(["bbb", "bbb"], width: 3 * Self.char, height: 2 * Self.lineHeight))
        for number in [2, 3, 5] {
            let error = try object(lines[number - 1])
            #expect(Set(error.keys) == ["error", "line"])
            #expect(error["line"] as? Int == number)
            #expect(error["error"] as? String == "line \(number): not valid UTF-8")
        }
        #expect(result.stderr == [2, 3, 5].map { "textmeasure: line \($0): not valid UTF-8\n" }.joined())
    }

    @Test func invalidUTF8LinesKeepTheLineNumbersAcrossBatches() throws {
        // 3,000 lines, more than a batch holds: every third is not UTF-8; line i of the others
        // is i % 9 + 1 "a"s, on one line at 10000 px.
        let count = 3000
        let input = (1...count).flatMap { number -> [UInt8] in
            number % 3 == 0 ? [0x22, 0xFE, 0x0A]
                : Array(#"{"text": "\#(String(repeating: "a", count: number % 9 + 1))"}"#.utf8) + [0x0A]
        }
        let result = try Command().run(["wrap"] + mono + ["--width", "10000"], input: input)
        #expect(result.status == 1)
        let lines = outputLines(result)
        try #require(lines.count == count)
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if number % 3 == 0 {
                #expect(line == #"{"error":"line \#(number): not valid UTF-8","line":\#(number)}"#)
            } else {
                let length = number % 9 + 1
                #expect(line == layout([String(repeating: "a", count: length)], width: Double(length) * Self.char, height: Self.lineHeight))
            }
        }
        #expect(result.stderr.split(separator: "\n").count == count / 3)
    }

    @Test func manyLinesStayInOrderAcrossBatches() throws {
        // More lines than a batch holds, with bad JSON late in the input: line i is i % 9 + 1
        // "a"s, all on one line at 10000 px.
        let count = 3000, bad = 2500
        let input = (1...count).map { number in
            number == bad ? "{" : #"{"text": "\#(String(repeating: "a", count: number % 9 + 1))"}"#
        }
        let result = try wrap(["--width", "10000"], input)
        #expect(result.status == 1)
        let lines = outputLines(result)
        try #require(lines.count == count)
        for (index, line) in lines.enumerated() where index + 1 != bad {
            let length = (index + 1) % 9 + 1
            #expect(line == layout([String(repeating: "a", count: length)], width: Double(length) * Self.char, height: Self.lineHeight))
        }
        #expect(try object(lines[bad - 1])["line"] as? Int == bad)
        #expect(result.stderr == "textmeasure: line \(bad): not valid JSON\n")
    }

    @Test func usesTheBundledStackByDefault() throws {
        // Latin, Arabic, CJK and emoji: four fonts of the default stack on one line, at exactly
        // its shaped width (so the line is shaped whole and must fit).
        let text = "Hello مرحبا 漢字 👍🏽"
        let stack = try FontStack.bundled(size: 14)
        let width = stack.width(of: text)
        let input = #"{"text": "\#(text)", "width": \#(width)}"#
        let result = try Command().run(["wrap"], input: Array((input + "\n").utf8))
        #expect(result.status == 0)
        // The line is as tall as the largest ascender, descent and line gap among its fonts.
        let fonts = try [BundledFont.notoSans, .notoSansArabic, .notoSansCJK, .notoColorEmoji].map { try Font.bundled($0, size: 14) }
        let ascent = fonts.map(\.metrics.ascender).max() ?? 0
        let descent = fonts.map { -$0.metrics.descender }.max() ?? 0
        let gap = fonts.map(\.metrics.lineGap).max() ?? 0
        #expect(outputLines(result) == [layout([text], width: width, height: ascent + descent + gap)])
    }
}
