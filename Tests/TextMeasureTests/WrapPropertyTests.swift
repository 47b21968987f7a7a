import PropertyBased
import Testing
import TextMeasure

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

extension WrapGen {
    /// `text` as a Swift string literal; invisible, combining, joining and non-ASCII space
    /// characters are escaped so the literal reproduces the exact scalars.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let category = scalar.properties.generalCategory
                let escaped: Bool = switch category {
                case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark, .lineSeparator,
                     .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
                case .spaceSeparator: scalar != " "
                default: scalar.properties.isVariationSelector || scalar.properties.isEmojiModifier
                }
                result += escaped ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
        }
        return result + "\""
    }
}

/// Generators of random text and widths.
enum WrapGen {
    /// Random text: up to 24 pieces from a weighted mix of scripts, spaces, breaks and emoji.
    /// Shrinking drops pieces and moves each toward the first kind (ASCII words) and its first
    /// variant.
    static let text = zip(Gen.int(in: 0..<totalWeight), Gen.int(in: 0...9_999))
        .map { kind, variant in piece(kind: kind, variant: variant) }
        .array(of: 0...24)
        .map { $0.joined() }

    /// One word without a break opportunity, up to 60 pieces of letters and digits in Latin,
    /// accented Latin, Greek, Cyrillic, Arabic, Hebrew and Devanagari (the kinds 0 and 10–15).
    static let word = zip(Gen.int(in: 0...6), Gen.int(in: 0...9_999))
        .map { kind, variant -> String in
            let pieces = kinds[[0, 10, 11, 12, 13, 14, 15][kind]].variants
            return pieces[variant % pieces.count]
        }
        .array(of: 1...60)
        .map { $0.joined() }

    /// Widths from 0 to 500: exactly 0, tiny (under 2 pt), small (under 20 pt) or any.
    static let width = zip(Gen.int(in: 0...9), Gen.double(in: 0...500)).map { mode, value -> Double in
        return switch mode {
        case 0: 0
        case 1: value / 250
        case 2: value / 25
        default: value
        }
    }

    /// Extra width over a content width: none, a little, or up to 100 pt.
    static let extra = zip(Gen.int(in: 0...3), Gen.double(in: 0...100)).map { mode, value -> Double in
        return switch mode {
        case 0: 0
        case 1: value / 1_000
        default: value
        }
    }

    static let ellipsis = Gen.int(in: 0...2).map { ["…", "...", "\u{2192}"][$0] }

    /// The kinds of piece and their weights; kind 0 (ASCII words) is where shrinking goes.
    /// A kind marked `isRun` strings one to four of its variants together.
    static let kinds: [(weight: Int, variants: [String], isRun: Bool)] = [
        (8, ["a", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Hello", "world", "office", "AVAWAY",
             "WWWWWWWW", "1234", "x", "supercalifragilisticexpialidocious", "Donaudampfschifffahrt"], false),
        (6, [" ", " ", " ", "  "], false),
        (2, [".", ",", "!", "?", ";", ":", "(", ")", "\"", "'", "/", "\u{2026}"], false),
        (1, ["-", "\u{2013}", "\u{2014}", "\u{2010}"], false),
        (1, ["\u{00AD}"], false),
        (1, ["\u{00A0}"], false),
        (1, ["\u{200B}"], false),
        (1, ["\u{2060}"], false),
        (1, ["\t"], false),
        (2, ["\n", "\n", "\r\n", "\u{2028}", "\r", "\u{000B}", "\u{000C}", "\u{0085}", "\u{2029}"], false),
        (2, ["caf\u{00E9}", "cafe\u{0301}", "na\u{00EF}ve", "\u{00C5}ngstr\u{00F6}m", "r\u{00E9}sum\u{00E9}", "e\u{0301}",
             "\u{0301}", "A\u{0301}\u{0301}", "\u{00F1}"], false),
        (1, ["\u{03B1}\u{03B2}\u{03B3}", "\u{0395}\u{03BB}\u{03BB}\u{03B7}\u{03BD}\u{03B9}\u{03BA}\u{03AC}",
             "\u{03BB}\u{03CC}\u{03B3}\u{03BF}\u{03C2}"], false),
        (1, ["\u{041F}\u{0440}\u{0438}\u{0432}\u{0435}\u{0442}", "\u{043C}\u{0438}\u{0440}", "\u{0451}\u{0436}\u{0438}\u{043A}"], false),
        (1, ["\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", "\u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645}",
             "\u{0627}\u{0644}\u{0633}\u{0644}\u{0627}\u{0645}", "\u{0639}\u{0644}\u{064A}\u{0643}\u{0645}",
             "\u{0644}\u{0627}"], false),
        (1, ["\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{05E2}\u{05D5}\u{05DC}\u{05DD}", "\u{05E9}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD}"], false),
        (1, ["\u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947}", "\u{0915}\u{094D}\u{0937}\u{0924}\u{094D}\u{0930}\u{093F}\u{092F}",
             "\u{0939}\u{093F}\u{0928}\u{094D}\u{0926}\u{0940}", "\u{0926}\u{094D}\u{0935}\u{093F}"], false),
        (1, ["\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}", "\u{0E20}\u{0E32}\u{0E29}\u{0E32}\u{0E44}\u{0E17}\u{0E22}",
             "\u{0E04}\u{0E23}\u{0E31}\u{0E1A}", "\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}\u{0E04}\u{0E23}\u{0E31}\u{0E1A}"], false),
        (2, ["\u{7684}", "\u{4E00}", "\u{662F}", "\u{4E0D}", "\u{4E86}", "\u{4EBA}", "\u{6211}", "\u{5728}", "\u{6709}",
             "\u{4ED6}", "\u{8FD9}", "\u{4E3A}", "\u{4E4B}", "\u{5927}", "\u{6765}", "\u{4EE5}", "\u{4E2A}", "\u{4E2D}",
             "\u{4E0A}", "\u{4EEC}"], true),
        (1, ["\u{3042}", "\u{3044}", "\u{3046}", "\u{3048}", "\u{304A}", "\u{304B}", "\u{304D}", "\u{304F}", "\u{3051}",
             "\u{3053}", "\u{30A2}", "\u{30A4}", "\u{30A6}", "\u{30A8}", "\u{30AA}"], true),
        (1, ["\u{AC00}", "\u{B098}", "\u{B2E4}", "\u{B77C}", "\u{B9C8}", "\u{BC14}", "\u{C0AC}"], true),
        (1, ["\u{1F44D}\u{1F3FD}", "\u{1F1EB}\u{1F1F7}", "\u{1F469}\u{200D}\u{1F4BB}", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}"], false),
    ]

    static let totalWeight = kinds.reduce(0) { $0 + $1.weight }

    /// The piece for a kind drawn by weight (`0..<totalWeight`) and a variant number.
    static func piece(kind: Int, variant: Int) -> String {
        var rest = kind
        for (weight, variants, isRun) in kinds {
            if rest < weight {
                guard isRun else { return variants[variant % variants.count] }
                var run = "", choice = variant / 4
                for _ in 0...(variant % 4) {
                    run += variants[choice % variants.count]
                    choice /= variants.count
                }
                return run
            }
            rest -= weight
        }
        return ""
    }
}
