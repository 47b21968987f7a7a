import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// Fullwidth punctuation trimmed as Chromium trims it (CSS `text-spacing-trim: normal`) under
/// `LineBreakRules.chromium`, and left whole under `.pango`. In the bundled CJK font every mark
/// here is 1 em wide, its ink in one half, and `halt` takes the other half away: at 16 px a
/// mark is 16 px, a trimmed one 8 px, an ideograph 16 px.
@Suite struct FullwidthPunctuationTests {
    static let stack = try! FontStack.bundled(size: 16)

    /// 600 generated texts of brackets, quotes, full stops, commas, colons, middle dots,
    /// ideographs, kana, Latin and spaces, as headless Chromium 156 measured them
    /// (`Scripts/chromium-line-breaks.py --punctuation`; Blink snaps a width to 1/64 px). Two texts
    /// differ by 0.65 px, a cause other than trimming: a curly quote after a CJK bracket, which
    /// Chromium draws in the Latin font (the first that has it, kerned with the letter after it)
    /// and the itemizer in the CJK font of the bracket's run.
    @Test func widthsAreChromiums() throws {
        let rows = try Fixtures.lines("chromium-punctuation-widths.tsv")
        #expect(rows.count == 600)
        let misses = rows.filter { abs(Self.stack.width(of: $0[0]) - Double($0[1])!) > 1.0 / 64 + 1e-9 }.map { $0[0] }
        #expect(misses.count <= 2, "\(misses.count) texts: \(misses.prefix(10))")
        #expect(misses.allSatisfy { $0.contains("‘") || $0.contains("’") }, "\(misses)")
    }

    /// Side by side: of a closing mark and the closing mark or full stop after it, the first
    /// loses its blank half; of an opening mark after another mark, the second. Pango's rules
    /// trim nothing.
    @Test(arguments: [("」「", 24.0), ("「「", 24), ("」」", 24), ("）。", 24), ("中」，文", 56), ("中、「文", 56),
                      ("（（中", 40), ("中。」", 40), ("」中「", 48), ("中：中", 48), ("「中」", 48)])
    func adjacentMarks(_ example: (String, Double)) {
        #expect(Self.stack.width(of: example.0) == example.1)
        #expect(Self.stack.withLineBreaks(.pango).width(of: example.0) == Double(example.0.count) * 16)
    }

    /// A run of thousands of trimmed marks: each is as wide as in a short text, and HarfBuzz is
    /// never given more than `maximumFeatureRanges` features limited to a range (it sets each
    /// one's mask over the whole buffer: a range per mark was quadratic, and a line of a million
    /// marks took minutes).
    @Test func manyTrimmedMarks() {
        let probe = Shaper.Probe()
        let text = String(repeating: "」「）。", count: 2_000)
        let (width, lines) = Shaper.$probe.withValue(probe) {
            (Self.stack.width(of: text), Self.stack.prepare(text).layout(width: 16 * 100).lines)
        }
        #expect(width == Double(2_000 * 40 + 8))  // 」, ） and 。 trimmed, 「 whole; the last 。 has nothing after it
        // Lines break before 「 only (UAX #14: no break before a closing mark, none after an
        // opening one). The first line is 」 (8) and 39 groups 「）。」, its last 」 whole with
        // nothing after it: 8 + 39 × 40 + 8 = 1,576 (one more group would be 1,608 even trimmed).
        // The others are 40 groups 「）。」 of 40 px, 「 whole at the line's start, the last 」 trimmed
        // as a line's end that would not otherwise fit: 1,600. What is left is 「）。, 16 + 8 + 16.
        let first: Double = 8 + 39 * 40 + 8, full: Double = 40 * 40, last: Double = 16 + 8 + 16
        #expect(lines.map(\.width) == [first] + Array(repeating: full, count: 49) + [last])
        #expect(probe.mostFeatureRanges <= Shaper.maximumFeatureRanges)
    }

    /// The faces: the CJK font trims (it has `halt`), its full stops and commas sit in the left
    /// half (closing marks in Simplified Chinese); the Latin font trims nothing.
    @Test func faces() {
        let set = Self.stack.fontSet
        let cjk = set.members.indices.first { set.covers($0, "」") && set.members[$0].face != nil }!
        let marks = set.face(cjk).fullwidthPunctuation
        #expect(marks.trims && !marks.hasContextualSpacing)
        #expect(marks.resolved(0x3002) == .close && marks.resolved(0xFF0C) == .close)
        #expect(marks.resolved(0x300C) == .open && marks.resolved(0x0028) == .openNarrow)
        #expect(!set.primary.fullwidthPunctuation.trims)
    }

    static func lines(_ text: String, _ width: Double, _ stack: FontStack = stack) -> [String] {
        stack.prepare(text).layout(width: width).lines.map { String(text[$0.range]) }
    }

    /// A line's start leaves an opening mark whole, even after a closing one: "「文" is 32 px on
    /// its line. Mid-line the same mark loses half: "」「文" is 40 px.
    @Test func lineStartsLeaveMarksWhole() throws {
        let layout = Self.stack.prepare("中中中」「文").layout(width: 60)
        #expect(layout.lines.map(\.width) == [56, 32])  // "中中中」" ends trimmed: see below
        #expect(Self.lines("中中中」「文", 60) == ["中中中」", "「文"])
        #expect(Self.stack.prepare("」「文").layout(width: 100).lines.map(\.width) == [40])
    }

    /// A closing bracket that ends a line it would not otherwise fit loses its blank half
    /// ("中中」" is 40 px in 41); a full stop or comma does not; nor a bracket with a space after
    /// it when the line could break before it, though alone on its line it does.
    /// A line's glyph runs add up to its width, a closing mark trimmed at its end included.
    @Test func glyphRunsOfALineHaveItsWidth() {
        let layout = Self.stack.prepare("中中」中").layout(width: 41)
        #expect(layout.lines.map(\.endTrim) == [8, 0])
        #expect(layout.lines.map { Self.stack.glyphRuns(of: $0).reduce(0) { $0 + $1.width } } == [40, 16])
        #expect(Self.stack.glyphRuns(of: layout.lines[0]).last?.glyphs.last?.advance == 8)
    }

    @Test func lineEndsTrimClosingBrackets() throws {
        #expect(Self.lines("中中」中", 41) == ["中中」", "中"])
        #expect(Self.stack.prepare("中中」中").layout(width: 41).lines.map(\.width) == [40, 16])
        #expect(Self.lines("中中」中", 39) == ["中", "中」", "中"])
        #expect(Self.lines("中中。中", 41) == ["中", "中。", "中"])
        #expect(Self.lines("中中」 中", 41) == ["中", "中」 ", "中"])
        #expect(Self.lines("」」 中", 20) == ["」」 ", "中"])
        #expect(Self.lines("中中」中", 41, Self.stack.withLineBreaks(.pango)) == ["中", "中」", "中"])
    }
}
