import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The `textmeasure` executable, run as a user runs it.
@Suite struct CommandTests {
    @Test func widthPrintsOneFullPrecisionWidthPerLine() throws {
        let path = try BundledFont.notoSans.path()
        let result = try Command().run(["width", "--font", path, "--size", "17.5"], input: Array("AVATAR\r\noffice\n\nWa".utf8))
        #expect(result.status == 0)
        let font = try Font(path: path, size: 17.5)
        #expect(result.stdout == ["AVATAR", "office", "", "Wa"].map { "\(font.width(of: $0))\n" }.joined())
    }

    @Test func widthUsesTheBundledStackByDefault() throws {
        let text = "Hello مرحبا 漢字 👍🏽"
        let result = try Command().run(["width", "--json"], input: Array((text + "\n").utf8))
        #expect(result.status == 0)
        let width = try FontStack.bundled(size: 14).width(of: text)
        #expect(result.stdout == "{\"text\":\"\(text)\",\"width\":\(width)}\n")
    }

    /// `--shaping auto` (the simple-text path where it applies) and `--shaping harfbuzz` print
    /// hb-shape's widths for Noto Sans's Latin and Common fixtures (Scripts/golden-widths.py)
    /// at 1000 px, one unit per px, alike.
    @Test(arguments: ["auto", "harfbuzz"])
    func shapingModesPrintHarfBuzzWidths(_ mode: String) throws {
        let golden = Fixtures.goldenWidths.filter {
            $0.fontFile == "NotoSans-Regular.ttf" && $0.features.isEmpty && ($0.label.hasPrefix("latn.") || $0.label.hasPrefix("zyyy."))
                && !$0.text.contains("\n")
        }
        #expect(golden.count >= 15)
        let path = try BundledFont.notoSans.path()
        let input = golden.map { $0.text + "\n" }.joined()
        let result = try Command().run(["width", "--shaping", mode, "--font", path, "--size", "1000"], input: Array(input.utf8))
        #expect(result.stdout == golden.map { "\($0.units * 1000 / $0.unitsPerEm)\n" }.joined())
    }

    @Test func nominalShaping() throws {
        let result = try Command().run(["width", "--shaping", "none", "--size", "10"], input: Array("office\n".utf8))
        #expect(result.stdout == "\(try FontStack.bundled(size: 10).nominalWidth(of: "office"))\n")
    }

    @Test func invalidUTF8NamesTheLine() throws {
        let result = try Command().run(["width"], input: Array("fine\n".utf8) + [0x66, 0xFF, 0x0A] + Array("never\n".utf8))
        #expect(result.status != 0)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("line 2"))
    }

    /// Lines that repeat, as a column's do, print the widths each prints alone (the memo's
    /// copies), across batches of 4,096 lines; an invalid line after them is still named by its
    /// number, with every line before it printed.
    @Test func repeatedLinesPrintTheirOwnWidths() throws {
        let values = ["Zürich 12", "Αθήνα 3", "office", "東京", "مرحبا", "Zürich 12 "]
        let lines = (0..<10_000).map { values[$0 * 7 % values.count] }
        let alone = try values.map { value in
            try Command().run(["width"], input: Array((value + "\n").utf8)).stdout.trimmingCharacters(in: .newlines)
        }
        let result = try Command().run(["width"], input: Array((lines.joined(separator: "\n") + "\n").utf8) + [0x66, 0xFF, 0x0A])
        let printed = result.stdout.split(separator: "\n").map(String.init)
        #expect(printed == lines.map { alone[values.firstIndex(of: $0)!] })
        #expect(result.stderr.contains("line 10001"))
    }

    /// Batches of 4,096 lines: repeats (the sample takes the memo up), lines all new and
    /// distinct (found in nothing: the memo is left), 7 batches of other new lines, repeats again
    /// (the next sample takes the memo up again), then the second batch's lines once more. Each
    /// prints its own width: the second batch's lines must be remembered as printed, not left
    /// pending for an index of a batch long gone.
    @Test func linesRepeatedAfterABatchOfNewOnesPrintTheirOwnWidths() throws {
        let repeats = (0..<4096).map { "r\($0 % 100)" }, new = (0..<4096).map { "new \($0) é" }
        let others = (0..<7 * 4096).map { "other \($0)" }
        let lines = repeats + new + others + repeats + new.reversed()
        let result = try Command().run(["width"], input: Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0)
        let printed = result.stdout.split(separator: "\n").map(String.init)
        let stack = try FontStack.bundled(size: 14)
        let wrong = zip(printed, lines).filter { $0 != String(stack.width(of: $1)) }.count
        #expect(printed.count == lines.count && wrong == 0, "\(wrong) of \(printed.count) lines printed another's width")
    }

    @Test func moreStandardErrorThanAPipeHolds() throws {
        // 5,000 lines of bad JSON: an error object on stdout and a line on stderr for each,
        // "textmeasure: line N: not valid JSON" (about 190 KB), far past a 64 KiB pipe buffer.
        let count = 5_000
        let result = try Command().run(["wrap", "--width", "100"], input: Array(String(repeating: "{\n", count: count).utf8))
        #expect(result.status == 1)
        #expect(result.stderr.utf8.count > 1 << 16)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == count)
        #expect(errors.last == "textmeasure: line \(count): not valid JSON")
        #expect(result.stdout.split(separator: "\n").count == count)
    }

    @Test func moreStandardInputAndOutputThanAPipeHolds() throws {
        // 200,000 lines of "x" in (400 KB) and its width in Noto Sans Mono at 10 px, 6 px, out
        // for each: the command writes output while the helper still writes input.
        let count = 200_000
        let result = try Command().run(["width", "--font", try BundledFont.notoSansMono.path(), "--size", "10"],
                             input: Array(String(repeating: "x\n", count: count).utf8))
        #expect(result.status == 0)
        #expect(result.stdout == String(repeating: "6.0\n", count: count))
    }

    @Test func badFontIsAnErrorNamingThePath() throws {
        let result = try Command().run(["width", "--font", "/no/such.ttf"], input: Array("x\n".utf8))
        #expect(result.status != 0)
        #expect(result.stderr.contains("/no/such.ttf"))
        #expect(result.stdout.isEmpty)
    }

    /// A FIFO given as a font, as a header font or as the bundled font folder's font is refused
    /// at once with an error naming it (opening it would wait for a writer forever); each run is
    /// stopped, and the test failed, after 20 s.
    @Test func fifoAsAFontIsAnErrorNotAHang() throws {
        let folder = NSTemporaryDirectory() + "/textmeasure-fifo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/NotoSans-Regular.ttf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let csv = Array("a,b\nx,y\n".utf8)
        let runs: [(arguments: [String], input: [UInt8], environment: [String: String])] = [
            (["width", "--font", fifo], Array("x\n".utf8), [:]),
            (["columns", "-", "--header-font", fifo], csv, [:]),
            (["width"], Array("x\n".utf8), ["TEXTMEASURE_FONTS_DIR": folder]),
        ]
        for run in runs {
            let result = try Command().run(run.arguments, input: run.input, timeLimit: 20, environment: run.environment)
            #expect(result.status != 0)
            #expect(result.stderr.contains("\(fifo) is a FIFO (named pipe), not a regular file"), "\(run.arguments): \(result.stderr)")
        }
    }
}
