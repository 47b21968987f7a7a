import Foundation
import Testing
@testable import TextMeasure

/// The min-content width of plain text read off one walk of the whole text: the same number as
/// preparing it (each segment measured alone), and no segment measured on its own.
@Suite struct MinContentWidthTests {
    let stack: FontStack
    init() throws { stack = try FontStack.bundled(size: 14) }

    /// Texts whose segments meet at kerned pairs ("V-" "A", "T." "Y", "y/" "A"), ligatures beside
    /// a break ("off-" "fit"), pieces with no letter (digits, punctuation, spaces alone), leading
    /// and trailing spaces, and a word past 256 bytes (prepared from one HarfBuzz shaping).
    static let texts = [
        "AV-AVA To. Ty. VA/AV", "W. A. Y. T. Y", "off-fit ffi-ffl fly/fjord", "123-456 789 abc", "(a) [b] {c}",
        "  leading", "trailing   ", "!!! ??? ...", "x/y a-b c:d e;f", "$12.50 - 100% (est.)", "Yo-Yo Ta-Ta", "A",
        " ", "LV-426 / VT-220", String(repeating: "Wavy", count: 80) + " tail",
    ]

    /// Against `prepare(_:).minContentWidth`, which measures every segment alone through HarfBuzz
    /// or the simple-text path: equal to the last bit, with and without a cache.
    @Test(arguments: texts) func equalsThePreparedTexts(text: String) {
        let prepared = stack.prepare(text, cache: nil).minContentWidth
        #expect(stack.minContentWidth(of: text, cache: nil) == prepared)
        #expect(stack.minContentWidth(of: text, cache: WidthCache(capacity: 64)) == prepared)
    }

    /// The same over the descriptions and maintainers of the first 3,000 packages of the
    /// benchmarks' table.
    @Test func equalsThePreparedPackageTexts() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/Data/packages.tsv")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().prefix(3_000)
        var compared = 0
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            for text in [fields[3], fields[5]] {
                let expected = stack.prepare(text, cache: nil).minContentWidth
                #expect(stack.minContentWidth(of: text, cache: nil) == expected, "\(text)")
                compared += 1
            }
        }
        #expect(compared == 6_000)
    }

    /// Noto Sans Mono, worked by hand: every glyph is 600 units of 1,000, 8.4 pt at 14 pt; the
    /// widest segment of "ab cdef-gh" is "cdef-" (5 glyphs, its break after the hyphen).
    @Test func monospaceByHand() throws {
        let mono = try FontStack([Font.bundled(.notoSansMono, size: 14)])
        #expect(abs(mono.minContentWidth(of: "ab cdef-gh", cache: nil) - 5 * 8.4) < 1e-9)
    }

    /// A text of four words is measured once, whole (one stretch, its length in bytes): before,
    /// each of its four segments was measured on its own.
    @Test func aPlainTextIsMeasuredOnce() {
        let text = "alpha beta gamma delta"
        var distinct = DistinctTexts()
        _ = distinct.index(adding: text)
        let probe = Shaper.Probe()
        let width = Shaper.$probe.withValue(probe) {
            stack.minContentWidths(of: distinct.texts(in: 0..<1), at: [0], cache: nil)[0]
        }
        #expect(probe.stretches == 1)
        #expect(probe.bytes == text.utf8.count)
        #expect(width == stack.prepare(text, cache: nil).minContentWidth)
    }
}
