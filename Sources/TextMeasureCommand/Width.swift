import ArgumentParser
import TableRendering
import TextMeasure

extension TextMeasureCommand {
    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the width in px of each line of standard input, one per line.",
            discussion: """
                Widths are exact HarfBuzz advances (font units × size ÷ units-per-em, no hinting, \
                no rounding), printed at full precision. Under the default line-break rules \
                (chromium), two things are measured as Chromium measures them: fullwidth \
                punctuation side by side is trimmed (the font's `halt` feature, as in "」「"), \
                and a colour emoji is as wide as its bitmap; --line-breaks pango measures them \
                as hb-shape does. A line that is not valid UTF-8 stops the run with an error naming \
                it; widths of the lines before it have been printed.
                """)

        @OptionGroup var font: FontOptions
        @OptionGroup var lineBreaks: LineBreakOptions

        @Option(help: ArgumentHelp("The text's weight: regular, or bold (the stack's bold faces, where it has them).",
                                   valueName: "regular|bold"))
        var weight = FontWeight.regular

        @Option(help: ArgumentHelp(
            "Shaping: 'auto' (exact: simple text summed without shaping where provably equal to HarfBuzz, the rest shaped), "
                + "'harfbuzz' (exact: every line shaped), 'none' (nominal advances, not exact); 'full' is 'auto'."))
        var shaping: Shaping = .auto

        @Flag(help: "Print JSON Lines: {\"text\": …, \"width\": …}.")
        var json = false

        enum Shaping: String, ExpressibleByArgument, CaseIterable {
            case auto, harfbuzz, none, full
        }

        func run() throws {
            let stack = try font.stack().withLineBreaks(lineBreaks.rules).weight(weight)
            ShapingMode.current = shaping == .harfbuzz ? .harfbuzz : .auto
            let (json, nominal) = (self.json, shaping == .none)
            // Lines are decoded, measured and printed in chunks on every core, once a batch has
            // 64 lines beyond ASCII: an ASCII line is summed in well under a microsecond, less
            // than handing it to another core costs (the threads then contend for the font's
            // shared objects' reference counts: 60 % more CPU and no less time). A line printed
            // before is printed again from a memo of the run's own, while the memo pays: a
            // column's values repeat.
            var memo = LineMemo()
            var remembering = MemoPolicy()
            var sampler = RepeatSampler()
            var input = InputLines()
            while true {
                let batch = input.nextBatch(4096)
                let lines = batch.lines
                let first = input.lineNumber - lines.count + 1  // the batch's first line's number
                // Without the memo every line is new; with it, each line has an entry there and
                // only the lines added are measured.
                var entries: [Int] = [], added = Array(lines.indices)
                if remembering.usesMemo { (entries, added) = memo.entries(for: lines, in: batch.bytes) }
                let sampledRepeats = remembering.samples ? sampler.repeats(lines, in: batch.bytes) : 0
                let unmeasured = remembering.usesMemo ? added.map { lines[$0] } : lines
                let chunks = LineBatch.linesBeyondASCII(unmeasured, in: batch.bytes) < 64 ? 1 : processorCount * 4
                let measured = concurrentMap(chunks, parallelFrom: 2) { chunk in
                    var printed = PrintedLines()
                    batch.bytes.withUnsafeBufferPointer { bytes in
                        for line in unmeasured[unmeasured.count * chunk / chunks ..< unmeasured.count * (chunk + 1) / chunks] {
                            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self) else {
                                printed.stopped = true
                                break
                            }
                            let width = nominal ? stack.nominalWidth(of: text) : stack.width(of: text, cache: nil)
                            if json {
                                printed.append("{\"text\":\(jsonString(text)),\"width\":\(width)}\n".utf8)
                            } else {
                                printed.append(width.description.utf8)
                            }
                        }
                    }
                    return printed
                }
                // Lines up to the first that is not UTF-8 (a chunk stops there) are printed.
                let measuredChunks = measured.prefix { !$0.stopped } + measured.drop { !$0.stopped }.prefix(1)
                let printedCount = measuredChunks.reduce(0) { $0 + $1.count }
                let end = printedCount < added.count ? added[printedCount] : lines.count
                if !remembering.usesMemo {
                    for chunk in measuredChunks { StandardOutput.write(chunk.bytes) }
                } else {
                    // Every line measured is remembered as printed: none stays pending past its batch.
                    var measuredLine = 0
                    for chunk in measuredChunks {
                        chunk.forEachLine { line in
                            memo.setOutput(line, of: entries[added[measuredLine]])
                            measuredLine += 1
                        }
                    }
                    var output: [UInt8] = []
                    output.reserveCapacity(end * 20)
                    for index in 0..<end { memo.appendOutput(of: entries[index], to: &output) }
                    StandardOutput.write(output)
                }
                if end < lines.count { throw InvalidUTF8(line: first + end) }
                remembering.batchDone(lines: lines.count, found: lines.count - added.count + sampledRepeats)
                if lines.isEmpty { break }
            }
        }
    }
}

/// Output lines printed into one buffer, with where each ends.
struct PrintedLines: Sendable {
    private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Whether the lines stopped at one that is not UTF-8.
    var stopped = false

    /// Appends a line (its "\n" added when it lacks one).
    mutating func append(_ line: some BidirectionalCollection<UInt8>) {
        bytes += line
        if line.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        ends.append(bytes.count)
    }

    /// How many lines there are.
    var count: Int { ends.count }

    /// Calls `body` with each line's bytes, in order.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                start = end
            }
        }
    }
}
