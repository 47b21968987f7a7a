import Foundation
import Testing
import TextMeasure

/// Wrapped layouts worked out by hand. With Noto Sans Mono every advance (letters, space,
/// hyphen U+2010, ellipsis) is 600/1000 em, so at 10 px each character is exactly 6 px, and a
/// line is (1069 + 293)/1000 em = 13.62 px tall (hhea = typo metrics, no line gap); these
/// numbers were read from the font with hb-shape and the raw hhea/OS/2 tables.
@Suite struct LayoutTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let lineHeight = 13.62

    func lines(_ text: String, width: Double, maxLines: Int = 0, truncation: Truncation = .end) -> [String] {
        Self.mono.prepare(text).layout(width: width, maxLines: maxLines, truncation: truncation).lines.map(\.text)
    }

    @Test func greedyFillTakesWordsWhileTheyFit() {
        let layout = Self.mono.prepare("aaa bbb ccc").layout(width: 45)
        #expect(layout.lines.map(\.text) == ["aaa bbb", "ccc"])
        #expect(layout.lines.map(\.width) == [42, 18])
        #expect(abs(layout.height - 2 * Self.lineHeight) < 1e-9)
        #expect(layout.width == 42)
        #expect(lines("aaa bbb ccc", width: 41.9) == ["aaa", "bbb", "ccc"])
        #expect(lines("aaa bbb ccc", width: 66) == ["aaa bbb ccc"])  // exactly the width fits
    }

    @Test func trailingSpacesHang() {
        let layout = Self.mono.prepare("aaa    bbb").layout(width: 20)
        #expect(layout.lines.map(\.text) == ["aaa", "bbb"])
        #expect(layout.lines[0].width == 18)  // the four spaces count for nothing at the line's end
        #expect(lines("aaa bbb   ", width: 42) == ["aaa bbb"])
        #expect(Self.mono.prepare("aaa bbb   ").layout(width: 42).lineCount == 1)
        #expect(lines("  aaa", width: 100) == ["  aaa"])  // leading spaces take room
    }

    @Test func hardBreaksAlwaysBreak() {
        let text = "a\nb\r\nc\u{2028}d\u{85}e\u{2029}f\rg\u{0B}h\u{0C}i"
        #expect(lines(text, width: 1000) == ["a", "b", "c", "d", "e", "f", "g", "h", "i"])
        #expect(lines("a\n\nb", width: 1000) == ["a", "", "b"])
        #expect(lines("a\n", width: 1000) == ["a", ""])  // a final hard break opens an empty line
    }

    @Test func emptyTextIsOneEmptyLine() {
        let layout = Self.mono.prepare("").layout(width: 100)
        #expect(layout.lineCount == 1)
        #expect(layout.lines[0].text == "")
        #expect(layout.lines[0].width == 0)
        #expect(abs(layout.height - Self.lineHeight) < 1e-9)
    }

    @Test func overlongWordsBreakBetweenGraphemes() {
        #expect(lines("abcdefghij", width: 25) == ["abcd", "efgh", "ij"])
        #expect(lines("xy abcdefghij", width: 25) == ["xy", "abcd", "efgh", "ij"])
        #expect(lines("e\u{301}e\u{301}e\u{301}", width: 13) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(lines("abc", width: 0) == ["a", "b", "c"])  // one grapheme a line, however narrow
    }

    @Test func tabsAdvanceToTheNextStopOfEightSpaces() {
        #expect(Self.mono.prepare("a\tb").layout(width: 1000).width == 54)  // b starts at 48
        #expect(Self.mono.prepare("abcdefghi\tb").layout(width: 1000).width == 102)  // past 48: next stop 96
        #expect(Self.mono.prepare("a\tb", tabInterval: 20).layout(width: 1000).width == 26)
        #expect(Self.mono.prepare("a\tb").maxContentWidth == 54)
    }

    @Test func softHyphenShowsAHyphenOnlyWhenTheBreakIsTaken() {
        let layout = Self.mono.prepare("co\u{AD}op\u{AD}er").layout(width: 30)
        #expect(layout.lines.map(\.text) == ["co\u{AD}op\u{AD}\u{2010}", "er"])
        #expect(layout.lines.map(\.width) == [30, 12])
        #expect(layout.lines.map(\.isHyphenated) == [true, false])
        #expect(lines("co\u{AD}op\u{AD}er", width: 100) == ["co\u{AD}op\u{AD}er"])
        #expect(Self.mono.prepare("co\u{AD}op").minContentWidth == 18)  // "co" and its hyphen
        // No hyphen where no line breaks at the soft hyphen: at the end, or before a hard break.
        #expect(lines("abc\u{AD}", width: 500) == ["abc\u{AD}"])
        #expect(lines("ab\u{AD}\ncd", width: 500) == ["ab\u{AD}", "cd"])
        #expect(lines("abc\u{AD}", width: 0) == ["a", "b", "c\u{AD}"])
    }

    @Test func noBreakSpaceWordJoinerAndZeroWidthSpace() {
        #expect(lines("aaa\u{A0}bbb ccc", width: 45) == ["aaa\u{A0}bbb", "ccc"])
        #expect(lines("aaa\u{2060}bbb", width: 20) == ["aaa\u{2060}", "bbb"])  // too wide: grapheme breaks only
        #expect(lines("aaa\u{200B}bbb", width: 20) == ["aaa\u{200B}", "bbb"])
    }

    @Test func graphemeClustersAreNeverSplit() {
        // UAX #14 allows a break between a space and a combining mark; layout does not take it.
        #expect(LineBreaker.opportunities(in: "a \u{301}b").count == 2)
        #expect(lines("a \u{301}b", width: 0) == ["a", " \u{301}", "b"])
        #expect(lines("a \u{301}b", width: 1000) == ["a \u{301}b"])
    }

    @Test func intrinsicWidths() {
        let prepared = Self.mono.prepare("aaa bb\ncccc dd")
        #expect(prepared.minContentWidth == 24)
        #expect(prepared.maxContentWidth == 42)
        #expect(prepared.layout(width: 42).lineCount == 2)
        #expect(prepared.layout(width: 41.99).lineCount == 3)
    }

    @Test func explicitLineHeights() {
        let prepared = Self.mono.prepare("aaa bbb ccc")
        #expect(prepared.layout(width: 20, lineHeight: .points(20)).height == 60)
        #expect(abs(prepared.layout(width: 20, lineHeight: .multiple(1.5)).height - 3 * 1.5 * Self.lineHeight) < 1e-9)
        #expect(prepared.height(atWidth: 20, lineHeight: .points(20)) == 60)
        // Half the extra leading goes above the line: baseline = 3.19 + 10.69.
        #expect(abs(prepared.layout(width: 20, lineHeight: .points(20)).lines[0].baseline - (20 - Self.lineHeight) / 2 - 10.69) < 1e-9)
    }

    @Test func maxLinesTruncatesTheLastLine() {
        #expect(lines("aaaa bbbb cccc", width: 30, maxLines: 1) == ["aaaa…"])
        #expect(lines("aaaa bbbb cccc", width: 30, maxLines: 1, truncation: .start) == ["…cccc"])
        #expect(lines("aaaa bbbb cccc", width: 30, maxLines: 1, truncation: .middle) == ["aa…cc"])
        #expect(lines("aaaa bbbb cccc", width: 30, maxLines: 2) == ["aaaa", "bbbb…"])
        // UIKit-style tail truncation fills the last line from the hidden text: "bbbb c…" is 42 px.
        #expect(lines("aaaa bbbb cccc", width: 42, maxLines: 1) == ["aaaa b…"])
        #expect(lines("aaaa bbbb cccc", width: 42, maxLines: 2) == ["aaaa", "bbbb c…"])
        #expect(lines("aaaa bbbb cccc", width: 100, maxLines: 1) == ["aaaa bbbb cccc"])
        #expect(lines("aaaa\n   \n", width: 100, maxLines: 1) == ["aaaa"])  // only blank lines hidden: no ellipsis
        let blank = Self.mono.prepare("aaaa\n   \n").layout(width: 100, maxLines: 1)
        #expect(blank.lines[0].range == "aaaa\n   \n".startIndex..<"aaaa\n   \n".endIndex)
        #expect(!blank.isTruncated)
        let layout = Self.mono.prepare("aaaa bbbb cccc").layout(width: 30, maxLines: 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[1].range.upperBound == "aaaa bbbb cccc".endIndex)
        #expect(layout.lines.map(\.width) == [24, 30])
    }

    /// A hard break in a single-line cell is a space, as a browser shows it in `white-space:
    /// nowrap`: shown, measured and cut as one (6 px a character here), never a glyph of its own.
    @Test func singleLineShowsHardBreaksAsSpaces() {
        for text in ["line one\nline two", "line one\r\nline two", "line one\rline two", "line one\u{2028}line two"] {
            let line = Self.mono.singleLine(text, width: 200).lines[0]
            #expect(line.text == "line one line two", "\(text.debugDescription)")
            #expect(line.width == 17 * 6)
            #expect(line.range == text.startIndex..<text.endIndex)
            #expect(!line.isTruncated)
        }
        #expect(Self.mono.singleLine("line one\n", width: 200).lines[0].text == "line one")  // the space hangs
        let cut = Self.mono.singleLine("line one\nline two", width: 60).lines[0]
        #expect(cut.text == "line one…")  // the space before the ellipsis dropped
        #expect(cut.width == 9 * 6)
    }

    @Test func truncateFitsASingleLineCell() {
        #expect(Self.mono.truncate("John Smith", toWidth: 40) == "John…")
        #expect(Self.mono.truncate("John Smith", toWidth: 42) == "John S…")
        #expect(Self.mono.truncate("John Smith", toWidth: 42, truncation: .start) == "…Smith")
        #expect(Self.mono.truncate("John Smith", toWidth: 42, truncation: .middle) == "Joh…ith")
        #expect(Self.mono.truncate("John Smith", toWidth: 60) == "John Smith")
        #expect(Self.mono.truncate("John Smith", toWidth: 6) == "…")
        #expect(Self.mono.truncate("John Smith", toWidth: 5) == "")
        #expect(Self.mono.truncate("John Smith", toWidth: 30, ellipsis: "...") == "Jo...")
        #expect(Self.mono.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 12) == "e\u{301}…")
    }
}
