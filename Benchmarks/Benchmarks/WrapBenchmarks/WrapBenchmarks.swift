// Benchmarks of TextMeasure's line wrapping (`FontStack.prepare` + `PreparedText` layout) on real
// text: cells of the Debian package index in Benchmarks/Data/packages.tsv (see its README.md),
// with the bundled font stack at 14 pt.
//
// Two groups, each with a baseline measured in the same run (`Benchmarks/run.sh` prints the ratios):
//
// * Paragraph: a 673-character English paragraph (Paragraph.text). "prepare paragraph" shapes
//   every segment (cache: nil); "layout at a new width" and "lineCount at a new width" then lay
//   the prepared paragraph out at widths that change every call. Target: a layout costs < 1/20
//   of a prepare. One iteration = Paragraph.prepares prepares, or Paragraph.widths.count layouts.
// * Cells: 100,000 table cells (the description and maintainer of each of the 50,000 rows),
//   each prepared and measured with `height(atWidth: 200)`, with a cold, no or a warm cache,
//   beside "bare hb_shape of the same 100k cells (baseline)": each cell shaped whole once, the
//   least work any exact method needs. One iteration = all 100,000 cells.
// * Long words: one word of 1k to 1M letters, prepared and laid out at width 50; the cost per
//   character, against the 1k word's, must stay within 2× (linear layout), and 1M letters must
//   take under 1 s. One iteration = one prepare + layout.

import Benchmark
import BareHarfBuzz
import PackageTable
import Synchronization
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 1,
        scalingFactor: .one,  // one iteration = one batch (see above); run.sh divides by its size
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )
    // A batch of 100,000 cells takes 0.3–1.3 s: 10–20 iterations keep the group to about a minute.
    func cells(_ iterations: Int, setup: Benchmark.BenchmarkSetupHook? = nil) -> Benchmark.Configuration {
        .init(timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: iterations, setup: setup)
    }

    // Fixtures are built (and checked) before any measurement.
    Benchmark.setup = {
        Fixtures.check()
    }

    // MARK: Paragraph

    // The baseline of the paragraph group: split at the break opportunities (ICU) and shape every
    // segment with fallback, no cache.
    Benchmark("prepare paragraph") { _ in
        Paragraph.prepareAll()
    }

    // The same prepare with the simple-text path off (ShapingMode.harfbuzz): every segment shaped.
    Benchmark("prepare paragraph, harfbuzz only") { _ in
        ShapingMode.current = .harfbuzz
        defer { ShapingMode.current = .auto }
        Paragraph.prepareAll()
    }

    // Greedy fill over the segment widths at each width of Paragraph.widths in turn (no two
    // consecutive calls at the same width), building every line's string. A line whose summed
    // width comes within 0.15 em of the width is shaped whole.
    Benchmark("layout at a new width") { _ in
        let prepared = Fixtures.prepared
        for width in Paragraph.widths {
            blackHole(prepared.layout(width: width))
        }
    }

    // The same fill, counting lines without building their strings.
    Benchmark("lineCount at a new width") { _ in
        let prepared = Fixtures.prepared
        var total = 0
        for width in Paragraph.widths {
            total += prepared.lineCount(atWidth: width)
        }
        blackHole(total)
    }

    // MARK: 100,000 cells

    // The baseline of the cell group: one hb_font, ONE reused hb_buffer, each cell shaped whole
    // once (clear, add UTF-8, guess properties, hb_shape, sum x_advance). Primary font only, no
    // line breaking: a lower bound for any exact wrapping.
    Benchmark("bare hb_shape of the same 100k cells (baseline)", configuration: cells(20)) { _ in
        let baseline = Fixtures.baseline
        var total = 0.0
        for cell in Fixtures.cells {
            total += baseline.width(of: cell)
        }
        blackHole(total)
    }

    // prepare + height for every cell through a fresh cache (made and dropped outside the measured
    // region): a segment is shaped the first time it appears in the batch, a hit afterwards.
    Benchmark("wrap 100k cells, cold cache", configuration: cells(10)) { benchmark in
        let stack = Fixtures.stack
        let cells = Fixtures.cells
        let cache = WidthCache(capacity: 500_000)
        withExtendedLifetime(cache) {
            benchmark.startMeasurement()
            var total = 0.0
            for cell in cells {
                total += stack.prepare(cell, cache: cache).height(atWidth: Fixtures.cellWidth)
            }
            blackHole(total)
            benchmark.stopMeasurement()
        }
    }

    // prepare + height for every cell with every segment shaped (cache: nil).
    Benchmark("wrap 100k cells, no cache", configuration: cells(10)) { _ in
        let stack = Fixtures.stack
        var total = 0.0
        for cell in Fixtures.cells {
            total += stack.prepare(cell, cache: nil).height(atWidth: Fixtures.cellWidth)
        }
        blackHole(total)
    }

    // prepare + height for every cell through `WidthCache.shared`, filled beforehand with every
    // segment (the setup checks that a pass adds no miss): hashing and lookups, no shaping but
    // the lines shaped whole near the width.
    Benchmark("wrap 100k cells, warm shared cache", configuration: cells(20, setup: { Fixtures.warmSharedCache() })) { _ in
        let stack = Fixtures.stack
        var total = 0.0
        for cell in Fixtures.cells {
            total += stack.prepare(cell).height(atWidth: Fixtures.cellWidth)
        }
        blackHole(total)
    }

    // MARK: Long words

    // One word of random lowercase letters (no break opportunity), prepared and laid out at
    // width 50 (about 6 letters a line) with no cache: the cost per character must not grow with
    // the length (run.sh compares each length's to the 1k word's). "Latin + Arabic" mixes two
    // faces, so its lines are shaped one by one rather than read from one shaping of the word.
    for (name, length) in LongWord.lengths {
        Benchmark("long word, \(name) letters at width 50", configuration: .init(maxDuration: .seconds(5), maxIterations: 20)) { _ in
            let prepared = Fixtures.stack.prepare(LongWord.latin(length), cache: nil)
            blackHole(prepared.layout(width: 50).lineCount)
        }
    }
    for (name, length) in LongWord.lengths.prefix(3) {
        Benchmark("long word, \(name) Latin + Arabic at width 50", configuration: .init(maxDuration: .seconds(5), maxIterations: 20)) { _ in
            let prepared = Fixtures.stack.prepare(LongWord.mixed(length), cache: nil)
            blackHole(prepared.layout(width: 50).lineCount)
        }
    }
}

/// The words of the long-word group, made once per length (outside the measured region).
enum LongWord {
    static let lengths = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)]

    /// `length` random lowercase letters (SplitMix64, seed 15).
    static func latin(_ length: Int) -> String { words.withLock { $0.latin(length) } }

    /// `length` characters: random runs of 3 lowercase letters and 3 Arabic letters, alternating.
    static func mixed(_ length: Int) -> String { words.withLock { $0.mixed(length) } }

    private static let words = Mutex(Words())

    private struct Words {
        var latinWords: [Int: String] = [:]
        var mixedWords: [Int: String] = [:]

        mutating func latin(_ length: Int) -> String {
            if let word = latinWords[length] { return word }
            var random = SplitMix64(seed: 15)
            let word = String(String.UnicodeScalarView((0..<length).map { _ in Unicode.Scalar(UInt8(97 + random.next() % 26)) }))
            latinWords[length] = word
            return word
        }

        mutating func mixed(_ length: Int) -> String {
            if let word = mixedWords[length] { return word }
            var random = SplitMix64(seed: 15)
            let word = String(String.UnicodeScalarView((0..<length).map { index in
                index / 3 % 2 == 0 ? Unicode.Scalar(UInt8(97 + random.next() % 26)) : Unicode.Scalar(0x0628 + UInt32(random.next() % 20))!
            }))
            mixedWords[length] = word
            return word
        }
    }
}

// MARK: - Fixtures (built once, outside every measured region)

enum Fixtures {
    static let stack: FontStack = {
        do { return try FontStack.bundled(size: 14) } catch { fatalError("bundled font stack: \(error)") }
    }()

    static let baseline: BareHarfBuzz = {
        do { return BareHarfBuzz(path: try BundledFont.notoSans.path(), size: 14) } catch { fatalError("\(error)") }
    }()

    /// The paragraph shaped once, as "prepare paragraph" makes it.
    static let prepared: PreparedText = stack.prepare(Paragraph.text, cache: nil)

    /// The width every cell is wrapped at, in points (about 28 characters of Noto Sans at 14 pt).
    static let cellWidth = 200.0

    static let table = PackageTable.load()

    /// Rows whose description and maintainer make the 100,000 cells.
    static let cellRows = 50_000

    /// 100,000 cells: the description then the maintainer of each of the table's 50,000 rows.
    static let cells: [String] = {
        let rows = table.rows.prefix(cellRows)
        require(rows.count == cellRows, "packages.tsv has \(table.rows.count) rows, not \(cellRows)")
        return rows.flatMap { [$0[PackageTable.description], $0[PackageTable.maintainer]] }
    }()

    /// Checks that the fixtures measure what they claim.
    static func check() {
        // The baseline shapes as the library does: same widths for text the primary font covers.
        var compared = 0
        for cell in cells.prefix(2_000) where cell.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            let bare = baseline.width(of: cell)
            let library = stack.width(of: cell, cache: nil)
            require(abs(bare - library) <= 1e-9 * max(1, bare), "\(cell): bare \(bare) ≠ library \(library)")
            compared += 1
        }
        require(compared > 1_000, "only \(compared) ASCII cells compared")
        // The paragraph wraps at every width, and lineCount agrees with layout.
        require((560...720).contains(Paragraph.text.count), "paragraph of \(Paragraph.text.count) characters")
        for width in Paragraph.widths {
            let lines = prepared.lineCount(atWidth: width)
            require(lines > 1 && lines == prepared.layout(width: width).lineCount, "width \(width): \(lines) lines")
        }
    }

    /// Measures every cell through `WidthCache.shared`, then checks that a second pass only hits.
    static func warmSharedCache() {
        let cache = WidthCache.shared
        func pass() { for cell in cells { _ = stack.prepare(cell).height(atWidth: cellWidth) } }
        pass()
        let filled = cache.statistics
        pass()
        let checked = cache.statistics
        require(checked.misses == filled.misses && checked.evictions == 0,
                     "the shared cache does not hold every segment: \(filled) then \(checked)")
    }
}

// MARK: - Paragraph

enum Paragraph {
    /// Prepares per iteration of "prepare paragraph".
    static let prepares = 10

    /// `prepares` prepares of the paragraph with no cache (every segment measured).
    static func prepareAll() {
        for _ in 0..<prepares {
            blackHole(Fixtures.stack.prepare(text, cache: nil))
        }
    }

    /// Widths in points, 100 + 7.3·k mod 300 for k = 0..<100: 100 distinct widths in 100…400,
    /// consecutive ones 7.3 points apart (or wrapped around).
    static let widths: [Double] = (0..<100).map { 100 + (Double($0) * 7.3).truncatingRemainder(dividingBy: 300) }

    /// Real English text: the short descriptions of every 997th row of packages.tsv (those of at
    /// least 40 characters), each made a sentence, until the paragraph reaches 600 characters.
    /// 673 characters, 91 words, 99 segments between break opportunities.
    static let text: String = {
        var text = ""
        for row in stride(from: 0, to: Fixtures.table.rows.count, by: 997) {
            let description = Fixtures.table.rows[row][PackageTable.description]
            guard description.count >= 40 else { continue }
            let sentence = description.prefix(1).uppercased() + description.dropFirst() + "."
            text += (text.isEmpty ? "" : " ") + sentence
            if text.count >= 600 { break }
        }
        return text
    }()
}
