import PropertyBased
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Property tests of line breaking and wrapping over random Unicode text: the lines cover the
/// text, fit the width, behave monotonically, and truncation fits and places its ellipsis.
///
/// Seeds are random on each run (PropertyBased only fixes a seed through `.fixedSeed`, which
/// always records an issue); a failure prints its seed and a shrunk input, and every message
/// below shows the text as a Swift literal with escapes.
@Suite(.shrinking) struct WrapPropertyTests {
    let stack: FontStack
    init() throws { stack = try FontStack.bundled(size: 16) }

    /// Cases per property.
    static let cases = 200
    static let epsilon = 1e-9

    // MARK: Properties

    /// 1. The lines' ranges are contiguous, run from the start to the end of the text, and their
    /// slices put back together are the text, byte for byte.
    @Test func linesReassembleTheText() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width) { text, width in
            let layout = stack.prepare(text).layout(width: width)
            let problems = coverageProblems(of: layout.lines, in: text)
            #expect(problems.isEmpty, "\(Self.describe(text, width)): \(problems)")
        }
    }

    /// 1b. The same with `maxLines`: the lines cover the text, a truncated last line running to
    /// its end (as `TextLine.range` documents).
    @Test func linesWithMaxLinesCoverTheText() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width, Gen.int(in: 1...3)) { text, width, maxLines in
            var problems: [String] = []
            for truncation in [Truncation.end, .middle, .start] {
                let layout = stack.prepare(text).layout(width: width, maxLines: maxLines, truncation: truncation)
                problems += coverageProblems(of: layout.lines, in: text).map { ".\(truncation): \($0)" }
            }
            #expect(problems.isEmpty, "\(Self.describe(text, width)), maxLines \(maxLines): \(problems)")
        }
    }

    /// 2. No line is wider than the width unless it holds one grapheme cluster of the text
    /// (whitespace hanging at its end and its hard break aside): both the reported width and
    /// (for lines without a tab) the displayed line shaped again whole, in the direction of the
    /// whole text's paragraph, as a line is drawn (a line of a left-to-right paragraph that starts
    /// with Hebrew is not a right-to-left paragraph of its own: "שלוםover." kerns "r." there).
    @Test func linesFitTheWidth() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width) { text, width in
            let layout = stack.prepare(text).layout(width: width)
            var problems: [String] = []
            for (number, line) in layout.lines.enumerated() where Self.visible(text[line.range]).count > 1 {
                if !(line.width <= width + Self.epsilon) {
                    problems.append("line \(number) \(WrapGen.literal(line.text)) reports width \(line.width)")
                }
                if !line.text.unicodeScalars.contains("\t") {
                    let shaped = shapedWidth(line.text, of: text)
                    if !(shaped <= width + Self.epsilon) {
                        problems.append("line \(number) \(WrapGen.literal(line.text)) shapes to \(shaped) (reported \(line.width))")
                    }
                }
            }
            #expect(problems.isEmpty, "\(Self.describe(text, width)): \(problems)")
        }
    }

    /// 2b. A word wider than its line breaks between grapheme clusters into lines that are
    /// each exactly as wide as the line shaped alone, and full: one more cluster would not fit.
    /// Words mix scripts without a break opportunity, so some are one face and some several.
    @Test func overlongWordLinesAreExactAndFull() async {
        await propertyCheck(count: Self.cases, input: WrapGen.word, WrapGen.width) { word, width in
            let layout = stack.prepare(word).layout(width: width)
            var problems: [String] = []
            let characters = Array(word)
            var next = 0  // the first character of the current line
            for (number, line) in layout.lines.enumerated() {
                let shaped = stack.width(of: line.text, cache: nil)
                if line.width != shaped {
                    problems.append("line \(number) \(WrapGen.literal(line.text)) reports \(line.width), shapes to \(shaped)")
                }
                next += line.text.count
                if number < layout.lines.count - 1, next < characters.count {
                    let longer = line.text + String(characters[next])
                    let wider = stack.width(of: longer, cache: nil)
                    if wider <= width + Self.epsilon {
                        problems.append("line \(number) \(WrapGen.literal(line.text)) could take one more: \(wider)")
                    }
                }
            }
            #expect(problems.isEmpty, "\(Self.describe(word, width)): \(problems)")
        }
    }

    /// 3. The line count never grows as the width grows.
    @Test func lineCountNeverGrowsWithWidth() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width, WrapGen.width) { text, a, b in
            let prepared = stack.prepare(text)
            let (narrow, wide) = (min(a, b), max(a, b))
            let narrowCount = prepared.lineCount(atWidth: narrow), wideCount = prepared.lineCount(atWidth: wide)
            #expect(wideCount <= narrowCount, """
                text \(WrapGen.literal(text)): \(narrowCount) lines at width \(narrow) but \(wideCount) at wider \(wide); \
                narrow lines \(prepared.layout(width: narrow).lines.map { WrapGen.literal($0.text) }), \
                wide lines \(prepared.layout(width: wide).lines.map { WrapGen.literal($0.text) })
                """)
        }
    }

    /// 4. At any width from `maxContentWidth` up, each hard line is one line.
    @Test func hardLinesStayWholeFromMaxContentWidth() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.extra) { text, extra in
            let prepared = stack.prepare(text)
            let width = prepared.maxContentWidth + extra
            let expected = Self.hardLineCount(text)
            let layout = prepared.layout(width: width)
            #expect(layout.lineCount == expected, """
                \(Self.describe(text, width)) (maxContentWidth \(prepared.maxContentWidth) + \(extra)): \
                \(layout.lineCount) lines, expected \(expected) hard lines; lines \(layout.lines.map { WrapGen.literal($0.text) })
                """)
        }
    }

    /// 5a. A truncated layout's last line fits and carries the ellipsis where the truncation says.
    @Test func truncatedLayoutsFitAndShowTheEllipsis() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width, WrapGen.ellipsis) { text, width, ellipsis in
            let prepared = stack.prepare(text)
            var problems: [String] = []
            for maxLines in 1...3 {
                for truncation in [Truncation.end, .middle, .start] {
                    let layout = prepared.layout(width: width, maxLines: maxLines, truncation: truncation, ellipsis: ellipsis)
                    let setting = "maxLines \(maxLines) .\(truncation)"
                    if layout.lineCount > maxLines {
                        problems.append("\(setting): \(layout.lineCount) lines")
                    }
                    guard layout.isTruncated, let last = layout.lines.last else { continue }
                    if let problem = truncationProblem(last.text, of: text, width: width, truncation: truncation, ellipsis: ellipsis) {
                        problems.append("\(setting): last line \(WrapGen.literal(last.text)) \(problem)")
                    }
                    if !(last.width <= width + Self.epsilon) {
                        problems.append("\(setting): last line \(WrapGen.literal(last.text)) reports width \(last.width)")
                    }
                }
            }
            #expect(problems.isEmpty, "\(Self.describe(text, width)), ellipsis \(WrapGen.literal(ellipsis)): \(problems)")
        }
    }

    /// 5b. `FontStack.truncate` returns the text unchanged when it fits, else a cut that fits
    /// with the ellipsis where the truncation says.
    @Test func truncateFitsAndShowsTheEllipsis() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width, WrapGen.ellipsis) { text, width, ellipsis in
            // Whitespace at the end hangs, as at a line's end, and a hard break is a space; a tab's
            // width depends on tab stops, which `width(of:)` does not know, so a text with tabs is
            // only checked when cut.
            let whole = text.contains("\t") ? nil
                : stack.width(of: Self.trimmingHangingWhitespace(Self.hardBreaksAsSpaces(text)), cache: nil)
            var problems: [String] = []
            for truncation in [Truncation.end, .middle, .start] {
                let cut = stack.truncate(text, toWidth: width, truncation: truncation, ellipsis: ellipsis)
                if let whole, whole <= width {
                    if Array(cut.utf8) != Array(text.utf8) {
                        problems.append(".\(truncation): text of width \(whole) fits but became \(WrapGen.literal(cut))")
                    }
                } else if Array(cut.utf8) != Array(text.utf8) || whole != nil,
                          let problem = truncationProblem(cut, of: text, width: width, truncation: truncation, ellipsis: ellipsis) {
                    problems.append(".\(truncation): text of width \(whole ?? .nan) became \(WrapGen.literal(cut)), which \(problem)")
                }
            }
            #expect(problems.isEmpty, "\(Self.describe(text, width)), ellipsis \(WrapGen.literal(ellipsis)): \(problems)")
        }
    }

    /// 6. `lineCount(atWidth:)` and `height(atWidth:)` agree with `layout(width:)`.
    @Test func countAndHeightAgreeWithLayout() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.width, Gen.int(in: 0...3)) { text, width, maxLines in
            let prepared = stack.prepare(text)
            var problems: [String] = []
            for lineHeight in [LineHeight.font, .multiple(1.5), .points(20)] {
                let layout = prepared.layout(width: width, maxLines: maxLines, lineHeight: lineHeight)
                let count = prepared.lineCount(atWidth: width, maxLines: maxLines)
                let height = prepared.height(atWidth: width, maxLines: maxLines, lineHeight: lineHeight)
                if count != layout.lineCount {
                    problems.append("\(lineHeight): lineCount(atWidth:) \(count) but layout has \(layout.lineCount) lines")
                }
                if height != layout.height {
                    problems.append("\(lineHeight): height(atWidth:) \(height) but layout height \(layout.height)")
                }
            }
            #expect(problems.isEmpty, "\(Self.describe(text, width)), maxLines \(maxLines): \(problems)")
        }
    }

    /// 7. From `minContentWidth` up, lines end only at break opportunities: no word is broken.
    @Test func noBreakInsideASegmentFromMinContentWidth() async {
        await propertyCheck(count: Self.cases, input: WrapGen.text, WrapGen.extra) { text, extra in
            let prepared = stack.prepare(text)
            let width = prepared.minContentWidth + extra
            let opportunities = Set(LineBreaker.opportunities(in: text).map { offset(of: $0.index, in: text) })
            let layout = prepared.layout(width: width)
            var problems: [String] = []
            for (number, line) in layout.lines.enumerated() {
                let end = offset(of: line.range.upperBound, in: text)
                if !opportunities.contains(end), !(text.isEmpty && end == 0) {
                    problems.append("line \(number) \(WrapGen.literal(line.text)) ends at UTF-8 offset \(end), not a break opportunity")
                }
            }
            #expect(problems.isEmpty, """
                \(Self.describe(text, width)) (minContentWidth \(prepared.minContentWidth) + \(extra)): \(problems); \
                opportunities \(opportunities.sorted())
                """)
        }
    }

    // MARK: Checks

    /// What is wrong with how `lines` cover `text`, if anything.
    func coverageProblems(of lines: [TextLine], in text: String) -> [String] {
        guard let first = lines.first, let last = lines.last else { return ["no lines"] }
        var problems: [String] = []
        let ranges = lines.map { offset(of: $0.range.lowerBound, in: text)..<offset(of: $0.range.upperBound, in: text) }
        if ranges[0].lowerBound != 0 { problems.append("first line \(WrapGen.literal(first.text)) starts at \(ranges[0].lowerBound)") }
        if ranges[ranges.count - 1].upperBound != text.utf8.count {
            problems.append("last line \(WrapGen.literal(last.text)) ends at \(ranges[ranges.count - 1].upperBound) of \(text.utf8.count)")
        }
        for number in ranges.indices.dropFirst() where ranges[number - 1].upperBound != ranges[number].lowerBound {
            problems.append("line \(number - 1) ends at \(ranges[number - 1].upperBound), line \(number) starts at \(ranges[number].lowerBound)")
        }
        let joined = lines.flatMap { Array(text[$0.range].utf8) }
        if joined != Array(text.utf8) {
            problems.append("lines join to \(WrapGen.literal(String(decoding: joined, as: UTF8.self)))")
        }
        return problems
    }

    /// `line`, a line of `text` (or a cut of it), shaped again whole, uncached, in the direction of
    /// `text`'s paragraph, as it is measured and drawn: the sum of its glyph runs' advances.
    func shapedWidth(_ line: String, of text: String) -> Double {
        stack.glyphRuns(of: line, direction: TextDirection.resolved(for: text)).reduce(0) { $0 + $1.width }
    }

    /// What is wrong with `cut`, a text truncated to `width`, if anything: it must fit (measured
    /// whole; with tab stops, it is not checked here) and carry `ellipsis` where `truncation`
    /// says; it may be empty only when the ellipsis alone does not fit.
    func truncationProblem(_ cut: String, of text: String, width: Double, truncation: Truncation, ellipsis: String) -> String? {
        let ellipsisWidth = stack.width(of: ellipsis, cache: nil)
        if cut.isEmpty {
            return ellipsisWidth > width ? nil : "is empty though the ellipsis (width \(ellipsisWidth)) fits"
        }
        if !cut.unicodeScalars.contains("\t") {
            let shaped = shapedWidth(cut, of: text)
            if !(shaped <= width + Self.epsilon) { return "shapes to \(shaped)" }
        }
        let bytes = Array(cut.utf8), mark = Array(ellipsis.utf8)
        let placed = switch truncation {
        case .end: bytes.count >= mark.count && Array(bytes.suffix(mark.count)) == mark
        case .start: bytes.count >= mark.count && Array(bytes.prefix(mark.count)) == mark
        case .middle: bytes.count >= mark.count && (0...(bytes.count - mark.count)).contains { Array(bytes[$0..<$0 + mark.count]) == mark }
        }
        return placed ? nil : "lacks the ellipsis at its \(truncation)"
    }

    /// Whitespace that hangs at a line's end (U+0020 and the breakable space separators).
    static func hangs(_ scalar: Unicode.Scalar) -> Bool {
        [0x20, 0x1680, 0x205F, 0x3000].contains(scalar.value) || (0x2000...0x200A).contains(scalar.value) && scalar.value != 0x2007
    }

    /// `text` with each hard break (LF, VT, FF, CR, NEL, LS, PS; CR LF as one) a space.
    static func hardBreaksAsSpaces(_ text: String) -> String {
        var scalars: [Unicode.Scalar] = []
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }  // the CR before it is the space
            scalars.append((0x0A...0x0D).contains(scalar.value) || [0x85, 0x2028, 0x2029].contains(scalar.value) ? " " : scalar)
        }
        return String(String.UnicodeScalarView(scalars))
    }

    static func trimmingHangingWhitespace(_ text: some StringProtocol) -> String {
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, hangs(last) { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A line's source without its hard break, the whitespace hanging before it, and grapheme
    /// clusters made only of default-ignorable characters (a soft hyphen, a lone joiner), which
    /// take no width.
    static func visible(_ line: Substring) -> [Character] {
        trimmedSource(line).filter { !$0.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint) }
    }

    static func trimmedSource(_ line: Substring) -> String {
        var scalars = Array(line.unicodeScalars)
        while let last = scalars.last, [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(last.value) { scalars.removeLast() }
        return trimmingHangingWhitespace(String(String.UnicodeScalarView(scalars)))
    }

    func offset(of index: String.Index, in text: String) -> Int { text.utf8.distance(from: text.utf8.startIndex, to: index) }

    /// Hard lines of `text`: one more than its hard breaks (LF, CR, CR LF as one, VT, FF, NEL,
    /// LS, PS).
    static func hardLineCount(_ text: String) -> Int {
        var count = 1
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where previous == "\r": break
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: count += 1
            default: break
            }
            previous = scalar
        }
        return count
    }

    static func describe(_ text: String, _ width: Double) -> String { "text \(WrapGen.literal(text)) at width \(width)" }
}
