import Foundation
import ICULineBreaks
import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// Text is shaped in the runs its UAX #9 bidi levels give, measured and drawn alike.
@Suite struct BidiTests {
    static let fontsDirectory = Fixtures.fontsDirectory

    /// The fonts `files` as a stack; its spaces drawn as `rules`' browser draws them (default
    /// `.pango`: the golden runs are Pango's, see Scripts/golden-bidi-widths.py).
    static func stack(_ files: [String], size: Double, rules: LineBreakRules = .pango) throws -> FontStack {
        try FontStack(files.map { try Fixtures.bundled($0, size: size) }, size: size).withLineBreaks(rules)
    }

    /// One row of golden-bidi-widths.tsv: a text and its hand-worked runs, each shaped by hb-shape.
    struct Golden: Sendable, CustomStringConvertible {
        struct Run: Sendable { let text: String; let font: Int; let isRightToLeft: Bool; let units: Double; let unitsPerEm: Double }
        let label: String
        let fonts: [String]
        let direction: TextDirection
        let text: String
        let runs: [Run]
        var description: String { label }
    }

    static func scalars(_ hex: String) -> String {
        String(String.UnicodeScalarView(hex.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }))
    }

    static let golden: [Golden] = ((try? Fixtures.lines("golden-bidi-widths.tsv")) ?? []).map { row in
        let runs = stride(from: 4, to: row.count, by: 5).map { index in
            Golden.Run(text: scalars(row[index]), font: Int(row[index + 1])!, isRightToLeft: row[index + 2] == "rtl",
                       units: Double(row[index + 4])!, unitsPerEm: Double(row[index + 3])!)
        }
        let direction: TextDirection = switch row[2] { case "rtl": .rightToLeft; case "ltr": .leftToRight; default: .auto }
        return Golden(label: row[0], fonts: row[1].split(separator: ",").map(String.init), direction: direction,
                      text: scalars(row[3]), runs: runs)
    }

    /// For each case whose laid-out line has spaces measured in the face before them (see the
    /// test below): Noto Sans Hebrew's spaces less Noto Sans's, in 1000ths of an em (hb-shape:
    /// 270 and 260 units a space at 1000 upem): two such spaces in hebr.mixed, one in
    /// hebr.mixed-rtl.
    static let segmentSpaceDifferences: [String: Double] = ["hebr.mixed": 20, "hebr.mixed-rtl": 10]

    @Test func goldenFileIsRead() { #expect(Self.golden.count >= 9) }

    /// The width is the sum of hb-shape's widths of the hand-worked bidi runs, and the glyph runs
    /// are those runs, with their fonts and directions.
    @Test(arguments: golden)
    func widthIsTheSumOfHarfBuzzWidthsOfItsBidiRuns(_ golden: Golden) throws {
        for size in [14.0, 100] {
            let stack = try Self.stack(golden.fonts, size: size)
            let expected = golden.runs.reduce(0) { $0 + $1.units * size / $1.unitsPerEm }
            if golden.direction == .auto {
                #expect(abs(stack.width(of: golden.text, cache: nil) - expected) <= 0.001, "\(golden) at \(size)")
                #expect(abs(stack.width(of: golden.text) - expected) <= 0.001, "\(golden) at \(size), cached")
            }
            let prepared = stack.prepare(golden.text, direction: golden.direction, cache: nil)
            let line = prepared.layout(width: 10_000).lines[0]
            // A line laid out sums its segments, and a segment's trailing space is measured in
            // the face before it; in the whole text the space starts an item of its own (a level
            // change) and takes the Hebrew face after it: the line is one Hebrew space wider
            // ("Spaces at a bidi level change inside a wrapped text" in the article "Measuring text").
            let spaceDifference = Self.segmentSpaceDifferences[golden.label].map { $0 * size / 1000 } ?? 0
            #expect(abs(line.width + spaceDifference - expected) <= 0.001, "\(golden) at \(size), laid out")
            let runs = stack.glyphRuns(of: golden.text, direction: golden.direction)
                .sorted { $0.text.startIndex < $1.text.startIndex }
            #expect(runs.map { String($0.text) } == golden.runs.map(\.text), "\(golden)")
            #expect(runs.map(\.fontIndex) == golden.runs.map(\.font), "\(golden)")
            #expect(runs.map(\.isRightToLeft) == golden.runs.map(\.isRightToLeft), "\(golden)")
            #expect(abs(runs.reduce(0) { $0 + $1.width } - expected) <= 0.001, "\(golden) at \(size), glyph runs")
        }
    }

    static let hebrew = [BundledFont.notoSans.fileName, BundledFont.notoSansHebrew.fileName]
    static let arabic = [BundledFont.notoSans.fileName, BundledFont.notoSansArabic.fileName]

    /// Visual order, worked by hand from the levels (UAX #9 L2; see golden-bidi-widths.py for
    /// the levels of the first two).
    @Test func visualOrderOfMixedLines() throws {
        let hebrew = try Self.stack(Self.hebrew, size: 14), arabic = try Self.stack(Self.arabic, size: 14)
        func order(_ stack: FontStack, _ text: String, _ direction: TextDirection = .auto) -> [String] {
            stack.glyphRuns(of: text, direction: direction).map { String($0.text) }
        }
        // Levels 0 1 2 1 1 0 0: the level-2 digits stay, then "אבג 123 דהו" turns around them.
        // The space before "דהו" starts its item (a level change), so it takes the Hebrew
        // font, as Pango's itemizer gives it (and Pango's width of the line agrees).
        #expect(order(hebrew, "abc אבג 123 דהו def") == ["abc ", " דהו", "123", "אבג ", " ", "def"])
        // Levels 2 1 1 2 1 1 2 in a right-to-left paragraph: the whole line turns.
        #expect(order(hebrew, "abc אבג 123 דהו def", .rightToLeft) == ["def", " דהו ", "123", "אבג ", " ", "abc"])
        // Arabic with European digits (AN, level 2) reads right to left around them.
        #expect(order(arabic, "السعر 100 دولار") == [" دولار", "100", "السعر "])
        // Parentheses take the direction around them: left to right outside, so they stay.
        #expect(order(arabic, "Hello (مرحبا) World") == ["Hello (", "مرحبا", ") World"])
        // In a right-to-left paragraph "(", "." and ")" sit at level 1 beside the level-2 Latin;
        // the brackets take the Hebrew script of the text before "(" (Pango's paired
        // characters), "." the Latin before it, so each is a run of its own.
        #expect(order(hebrew, "שלום(TV.)") == [")", ".", "TV", "(", "שלום"])
        // Left to right forced: the Hebrew word alone turns; the scripts still split the rest.
        #expect(order(hebrew, "שלום(TV.)", .leftToRight) == ["שלום", "(", "TV.", ")"])
    }

    static let mixed = [
        "abc אבג 123 דהו def", "السعر 100 دولار", "Hello (مرحبا) World", "שלום(TV.)", "عام 2024: 15.5 مليون",
        "plain ASCII, no bidi", "١٢٣ العربية 456 abc", "\u{202B}abc\u{202C} אבג", "a\u{2067}שלום 12\u{2069}b",
    ]

    /// Drawing adds up to what measuring says, and each run is shaped in its level's direction:
    /// right-to-left glyphs come in descending cluster order, left-to-right in ascending.
    @Test(arguments: mixed)
    func glyphRunsAddUpToTheWidthAndFollowTheirDirection(_ text: String) throws {
        let stack = try FontStack.bundled(size: 14)
        let runs = stack.glyphRuns(of: text)
        #expect(abs(runs.reduce(0) { $0 + $1.width } - stack.width(of: text, cache: nil)) <= 1e-9)
        #expect(runs.map(\.text.count).reduce(0, +) == text.count)
        for run in runs {
            let clusters = run.glyphs.map(\.cluster)
            #expect(clusters == (run.isRightToLeft ? clusters.sorted(by: >) : clusters.sorted()), "\(run.text)")
            #expect(run.isRightToLeft == (run.level % 2 == 1))
        }
    }

    @Test func resolvedDirectionFollowsTheFirstStrongCharacter() {
        #expect(TextDirection.resolved(for: "abc אבג") == .leftToRight)
        #expect(TextDirection.resolved(for: "123 (אבג) abc") == .rightToLeft)
        #expect(TextDirection.resolved(for: "123 ...") == .leftToRight)
        #expect(TextDirection.resolved(for: "") == .leftToRight)
        #expect(TextDirection.resolved(for: "\u{200F}abc") == .rightToLeft)  // RLM is a strong R
    }

    /// Invalid UTF-8 reads as U+FFFD (a neutral): "א" (R, level 1), FF (between R and L: the
    /// right-to-left paragraph's direction, level 1), "a" (L, level 2).
    @Test func invalidUTF8ReadsAsReplacementCharacter() {
        let bytes: [UInt8] = [0xD7, 0x90, 0xFF, 0x61]
        let runs = bytes.withUnsafeBufferPointer { BidiLevels.runs(in: $0, rightToLeft: nil) }
        #expect(runs == [BidiLevels.Run(range: 0..<3, level: 1), BidiLevels.Run(range: 3..<4, level: 2)])
        let truncated: [UInt8] = [0x61, 0xD7]  // "a" then a lead byte with nothing after it
        #expect(truncated.withUnsafeBufferPointer { BidiLevels.runs(in: $0, rightToLeft: true) }
                    == [BidiLevels.Run(range: 0..<1, level: 2), BidiLevels.Run(range: 1..<2, level: 1)])
    }

    /// The byte check finds every right-to-left range, and only looks at ICU when it must.
    @Test func fastPathCheck() {
        func may(_ text: String) -> Bool { var copy = text; return copy.withUTF8 { BidiLevels.mayRiseAboveZero($0) } }
        for scalar: UInt32 in [0x5D0, 0x61C, 0x6F0, 0x8FF, 0xFB1D, 0xFDFF, 0xFE70, 0xFEFF, 0x10800, 0x10FFF, 0x1E800, 0x1EFFF,
                               0x200F, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(may("a" + String(Unicode.Scalar(scalar)!)), "U+\(String(scalar, radix: 16))")
        }
        for text in ["plain ASCII 123", "café Ωmega жизнь", "中文 🙂 ไทย", "\u{200E}\u{2010}\u{FB1C}\u{FE6F}\u{1E7FF}\u{10000}"] {
            #expect(!may(text), "\(text)")
        }
    }

    /// Headless Chromium, with the same font files and `dir="auto"`, gives every case the width
    /// TextMeasure's level runs give, each rounded up to Chromium's 1/64 px layout unit as
    /// Chromium rounds an inline item's width (Scripts/chromium-widths.py lays them out).
    @Test func chromiumMeasuresTheSameRuns() throws {
        let script = URL(fileURLWithPath: Self.fontsDirectory).deletingLastPathComponent()
            .appendingPathComponent("Scripts/chromium-widths.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--chromium-only"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Scripts/chromium-widths.py failed: is chromium installed?")
        let widths = try JSONDecoder().decode([Double].self, from: data)
        let cases = try Fixtures.lines("bidi-chromium.txt")
        try #require(widths.count == cases.count && cases.count >= 10)
        for (row, chromium) in zip(cases, widths) {
            let stack = try Self.stack(row[1].split(separator: ",").map(String.init), size: 100, rules: .chromium)
            let runs = stack.glyphRuns(of: row[2]).sorted { $0.text.startIndex < $1.text.startIndex }
            var items: [(level: Int, width: Double)] = []
            for run in runs {
                if let last = items.last, last.level == run.level { items[items.count - 1].width += run.width }
                else { items.append((run.level, run.width)) }
            }
            let expected = items.reduce(0) { $0 + ($1.width * 64).rounded(.up) / 64 }
            #expect(abs(chromium - expected) < 1e-6, "\(row[0]): Chromium \(chromium), TextMeasure \(expected)")
            #expect(abs(chromium - stack.width(of: row[2])) <= Double(items.count) / 64, "\(row[0])")
        }
    }
}
