import ArgumentParser
import TextMeasure

extension TextMeasureCommand {
    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the width in px of each line of standard input, one per line.",
            discussion: """
                Widths are exact HarfBuzz advances (font units × size ÷ units-per-em, no hinting, \
                no rounding), printed at full precision. A line that is not valid UTF-8 stops the \
                run with an error naming it; widths of the lines before it have been printed.
                """)

        @OptionGroup var font: FontOptions

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
            let stack = try font.stack().weight(weight)
            ShapingMode.current = shaping == .harfbuzz ? .harfbuzz : .auto
            let (json, nominal) = (self.json, shaping == .none)
            // Chunks of lines are measured and printed on every core, and lines that must be
            // shaped go through a cache of the run's own: a column's values repeat.
            let cache = WidthCache(capacity: 1 << 16)
            var input = InputLines()
            while true {
                let (lines, error) = input.next(4096)
                let chunks = lines.count < 64 ? 1 : processorCount * 4
                // Once most look-ups find their line, every line beyond ASCII is looked up.
                let found = cache.statistics, repeating = found.hits > found.misses
                let printed = concurrentMap(chunks, parallelFrom: 2) { chunk -> [UInt8] in
                    let part = lines[lines.count * chunk / chunks ..< lines.count * (chunk + 1) / chunks]
                    let widths = nominal ? part.map(stack.nominalWidth) : stack.lineWidths(of: part, cache: cache, repeating: repeating)
                    var output: [UInt8] = []
                    output.reserveCapacity(part.count * 20)
                    for (line, width) in zip(part, widths) {
                        output += json ? "{\"text\":\(jsonString(line)),\"width\":\(width)}".utf8 : width.description.utf8
                        output.append(UInt8(ascii: "\n"))
                    }
                    return output
                }
                for output in printed { StandardOutput.write(output) }
                if let error { throw error }
                if lines.isEmpty { break }
            }
        }
    }
}
