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
            // shaped go through a cache of the run's own while it pays: a column's values repeat.
            let cache = WidthCache(capacity: 1 << 16)
            var caching = CachePolicy()
            var input = InputLines()
            while true {
                let (lines, error) = input.next(4096)
                let chunks = lines.count < 64 ? 1 : processorCount * 4
                // Once most look-ups find their line, every line beyond ASCII is looked up.
                let found = cache.statistics, repeating = found.hits > found.misses
                let batchCache = caching.usesCache ? cache : nil
                let printed = concurrentMap(chunks, parallelFrom: 2) { chunk -> [UInt8] in
                    let part = lines[lines.count * chunk / chunks ..< lines.count * (chunk + 1) / chunks]
                    let widths = nominal ? part.map(stack.nominalWidth) : stack.lineWidths(of: part, cache: batchCache, repeating: repeating)
                    var output: [UInt8] = []
                    output.reserveCapacity(part.count * 20)
                    for (line, width) in zip(part, widths) {
                        output += json ? "{\"text\":\(jsonString(line)),\"width\":\(width)}".utf8 : width.description.utf8
                        output.append(UInt8(ascii: "\n"))
                    }
                    return output
                }
                for output in printed { StandardOutput.write(output) }
                caching.batchDone(looking: batchCache.map { _ in (found, cache.statistics) })
                if let error { throw error }
                if lines.isEmpty { break }
            }
        }
    }
}

/// Whether the `width` command's next batch of lines goes through its cache. A look-up and an
/// insert cost about a fifth of shaping a line, so the cache pays while at least a fifth of a
/// batch's look-ups find their line; below that the next batches measure without it, and every
/// 8th batch looks again (the lines may start repeating later).
struct CachePolicy {
    private(set) var usesCache = true
    private var batchesWithout = 0

    /// Decides for the next batch: `looking` holds the cache's statistics before and after this
    /// batch when it used the cache, nil when it did not.
    mutating func batchDone(looking: (before: WidthCache.Statistics, after: WidthCache.Statistics)?) {
        if let (before, after) = looking {
            let hits = after.hits - before.hits, lookUps = hits + after.misses - before.misses
            usesCache = lookUps == 0 || hits * 5 >= lookUps
            batchesWithout = 0
        } else {
            batchesWithout += 1
            usesCache = batchesWithout % 8 == 0
        }
    }
}
