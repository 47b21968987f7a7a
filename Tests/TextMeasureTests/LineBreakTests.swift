import Testing
import TextMeasure

/// Break opportunities against Unicode's own conformance file, LineBreakTest.txt (package
/// `unicode-data`), and the breaks tables rely on.
@Suite struct LineBreakTests {
    static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// Cases of LineBreakTest.txt (Unicode 15.0) where ICU 72's root-locale rules answer
    /// otherwise, by line number, each with its reason. There are two tailorings, 22 cases of 7,655.
    static let icuTailorings: [Int: String] = [
        2265: hyphenRule,
        2267: hyphenRule,
        2421: hyphenRule,
        2423: hyphenRule,
        2425: hyphenRule,
        2427: hyphenRule,
        2429: hyphenRule,
        2431: hyphenRule,
        2873: numberRule,
        2875: numberRule,
        7477: numberRule,
        7576: numberRule,
        7577: numberRule,
        7578: numberRule,
        7579: numberRule,
        7580: numberRule,
        7581: numberRule,
        7583: numberRule,
        7584: numberRule,
        7585: numberRule,
        7586: numberRule,
        7587: numberRule
    ]

    /// ICU's rule 20.9 (its rule file says so: "boundaries between hyphens and following letters
    /// are suppressed when there is a boundary preceding the hyphen", as CSS does): no break in
    /// "-#" or "-§" at the start of text. Unicode 15.1 adopted the rule as LB20a.
    static let hyphenRule = "ICU 20.9: no break after a word-initial hyphen before a letter"

    /// ICU reads a full stop or comma before a digit as part of a number (".35", "a.2", ",0"),
    /// where UAX #14 15.0 allows a break between them.
    static let numberRule = "ICU numbers: no break between IS and a following NU"

    struct Case {
        let line: Int
        let text: String
        /// UTF-8 offsets where the file marks a break (÷), the start of text excluded.
        let breaks: [Int]
    }

    static func cases() throws -> [Case] {
        let contents = try String(contentsOfFile: testFile, encoding: .utf8)
        var result: [Case] = []
        for (number, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let data = line.prefix { $0 != "#" }.split(separator: " ", omittingEmptySubsequences: true).map { $0.trimmingCharacters() }
            guard !data.isEmpty else { continue }
            var text = String.UnicodeScalarView()
            var breaks: [Int] = []
            var offset = 0
            for token in data.dropFirst() {
                if token == "÷" { breaks.append(offset) } else if token != "×" {
                    let scalar = try #require(UInt32(token, radix: 16).flatMap(Unicode.Scalar.init), "line \(number + 1)")
                    text.append(scalar)
                    offset += String(scalar).utf8.count
                }
            }
            result.append(Case(line: number + 1, text: String(text), breaks: breaks))
        }
        return result
    }

    @Test func conformsToLineBreakTestExceptICUTailorings() throws {
        let cases = try Self.cases()
        #expect(cases.count > 7000)
        var failures: [Int] = []
        for testCase in cases {
            // UAX #14's own cases: ICU's rules as they are (`.pango`); `.chromium` tailors them further.
            let found = LineBreaker.opportunities(in: testCase.text, rules: .pango).map { testCase.text.utf8.distance(from: testCase.text.startIndex, to: $0.index) }
            if found != testCase.breaks { failures.append(testCase.line) }
        }
        let unexpected = failures.filter { Self.icuTailorings[$0] == nil }
        #expect(unexpected.isEmpty, "\(unexpected.count) unexpected failures, lines \(unexpected.prefix(40))")
        let fixed = Self.icuTailorings.keys.filter { !failures.contains($0) }
        #expect(fixed.isEmpty, "listed as tailored but passing: \(fixed.sorted())")
    }
}

private extension Substring {
    func trimmingCharacters() -> String { String(self.filter { !$0.isWhitespace }) }
}
