// Benchmarks of TextMeasure's width measurement against bare HarfBuzz.
//
// Every benchmark measures ONE WHOLE BATCH of the same 100,000 distinct short ASCII strings
// (table cells: "Widget 42", "Blue cotton shirt", "$1,234.56", "SKU-88213") with the bundled
// Noto Sans at 14 pt, so one iteration = 100,000 strings: wall clock p50 ÷ 100,000 is the cost
// per string, and throughput is batches per second (× 100,000 = strings per second).
//
// The baseline of every benchmark is "bare hb_shape loop (baseline)": the least work HarfBuzz
// needs to produce the same widths. `Benchmarks/run.sh` prints each one's p50 ÷ the baseline's.

import Benchmark
import BareHarfBuzz
import PackageTable
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    // Each shaping benchmark takes ~0.3 s an iteration: 40 iterations keep the six under ~2 minutes
    // on 2 cores. The fast ones (warm cache, nominal) take more samples to steady their p50.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,  // one iteration = one batch of Corpus.count strings
        maxDuration: .seconds(15),
        maxIterations: 40
    )
    let fastConfiguration = Benchmark.Configuration(maxDuration: .seconds(8), maxIterations: 200)

    // Fixtures are built before any measurement, and the baseline is checked to measure exactly
    // what the library measures.
    Benchmark.setup = {
        Fixtures.checkBaselineAgreesWithLibrary()
    }

    // 1. The baseline: one hb_font (hb-ot functions, scale = upem, as TextMeasure makes it) and
    //    ONE reused hb_buffer; per string clear, add UTF-8, guess properties, shape, sum x_advance.
    Benchmark("bare hb_shape loop (baseline)") { benchmark in
        let baseline = Fixtures.baseline
        let strings = Fixtures.strings
        var total = 0.0
        for string in strings {
            total += baseline.width(of: string)
        }
        blackHole(total)
    }

    // 2. Baseline (1). The library's shaping path with no cache: per string an ASCII check,
    //    the thread's reused buffer, hb_shape, and the units → points conversion.
    Benchmark("width(of:) uncached, single thread") { _ in
        blackHole(Fixtures.uncachedWidthSum())
    }

    // 2b. Baseline (1). The same with the simple-text path off (ShapingMode.harfbuzz): every
    //     string shaped, as (2) did before the path. The share of strings the path measures is printed.
    Benchmark("width(of:) uncached, harfbuzz only",
              configuration: .init(setup: { Fixtures.printSimpleTextShare() })) { _ in
        ShapingMode.current = .harfbuzz
        defer { ShapingMode.current = .auto }
        blackHole(Fixtures.uncachedWidthSum())
    }

    // 3. Baseline (1). Every string a miss: shape as in (2) plus hashing the key, one failed
    //    lookup and one insert. The fresh cache is made and dropped outside the measured region.
    Benchmark("width(of:) cold cache, single thread") { benchmark in
        let font = Fixtures.font
        let strings = Fixtures.strings
        let cache = WidthCache(capacity: Corpus.count)
        withExtendedLifetime(cache) {
            benchmark.startMeasurement()
            var total = 0.0
            for string in strings {
                total += font.width(of: string, cache: cache)
            }
            blackHole(total)
            benchmark.stopMeasurement()
        }
    }

    // 4. Baseline (1), which it must beat: the batch API on every core (2 here), fresh cache
    //    made outside the measured region; includes de-duplication and building the result array.
    Benchmark("widths(of:) batch, all cores, cold cache") { benchmark in
        let font = Fixtures.font
        let strings = Fixtures.strings
        let cache = WidthCache(capacity: Corpus.count)
        withExtendedLifetime(cache) {
            benchmark.startMeasurement()
            blackHole(font.widths(of: strings, cache: cache))
            benchmark.stopMeasurement()
        }
    }

    // 5. Baseline (1), which should be ≥ 10× slower: every string a hit in a pre-filled cache,
    //    so the cost is hashing the UTF-8 bytes plus one locked dictionary lookup.
    Benchmark(
        "width(of:) warm cache lookup",
        configuration: .init(maxDuration: fastConfiguration.maxDuration, maxIterations: fastConfiguration.maxIterations,
                             setup: { _ = Fixtures.warmCache })
    ) { benchmark in
        let font = Fixtures.font
        let strings = Fixtures.strings
        let cache = Fixtures.warmCache
        var total = 0.0
        for string in strings {
            total += font.width(of: string, cache: cache)
        }
        blackHole(total)
    }

    // 6. Baseline (1). Nominal advances from the cmap/hmtx (ASCII table), no shaping, no cache.
    Benchmark("nominalWidth(of:)", configuration: fastConfiguration) { benchmark in
        let font = Fixtures.font
        let strings = Fixtures.strings
        var total = 0.0
        for string in strings {
            total += font.nominalWidth(of: string)
        }
        blackHole(total)
    }
}

// MARK: - Fixtures (built once, outside every measured region: the warm-up iteration pays for them)

enum Fixtures {
    static let strings: [String] = Corpus.make()

    static let font: Font = {
        do { return try Font.bundled(.notoSans, size: 14) } catch { fatalError("bundled Noto Sans: \(error)") }
    }()

    static let baseline: BareHarfBuzz = {
        do { return BareHarfBuzz(path: try BundledFont.notoSans.path(), size: 14) } catch { fatalError("\(error)") }
    }()

    /// Holds every string of the corpus, each measured once; the check below proves a second
    /// pass hits every string.
    static let warmCache: WidthCache = {
        let cache = WidthCache(capacity: Corpus.count)
        for string in strings { _ = font.width(of: string, cache: cache) }
        let filled = cache.statistics
        for string in strings { _ = font.width(of: string, cache: cache) }
        let checked = cache.statistics
        require(filled.count == Corpus.count && checked.evictions == 0 && checked.hits == Corpus.count,
                     "warm cache does not hold the whole corpus: \(checked)")
        return cache
    }()

    /// The widths of the corpus summed, each measured with no cache.
    static func uncachedWidthSum() -> Double {
        var total = 0.0
        for string in strings {
            total += font.width(of: string, cache: nil)
        }
        return total
    }

    static func printSimpleTextShare() {
        let simple = strings.filter(font.stack.takesSimpleTextPath).count
        print("simple-text path: \(simple) of \(strings.count) strings (\(100 * simple / strings.count) %)")
    }

    /// The baseline and `width(of:)` must give the same widths, or the comparison is meaningless.
    static func checkBaselineAgreesWithLibrary() {
        for string in strings.prefix(2_000) {
            let bare = baseline.width(of: string)
            let library = font.width(of: string, cache: nil)
            require(abs(bare - library) <= 1e-9 * max(1, bare), "\(string): bare \(bare) ≠ library \(library)")
        }
    }
}

// MARK: - Corpus

/// 100,000 distinct ASCII strings of 2–30 characters, the same on every run (fixed-seed SplitMix64).
enum Corpus {
    static let count = 100_000

    static func make() -> [String] {
        var random = SplitMix64(seed: 0x5445_5854_4D45_4153)  // "TEXTMEAS"
        var seen = Set<String>(minimumCapacity: count)
        var strings: [String] = []
        strings.reserveCapacity(count)
        while strings.count < count {
            let string = cell(&random)
            guard (2...30).contains(string.utf8.count), seen.insert(string).inserted else { continue }
            strings.append(string)
        }
        return strings
    }

    /// One table cell in one of a dozen shapes.
    private static func cell(_ random: inout SplitMix64) -> String {
        func word() -> String { words[random.below(words.count)] }
        func capitalized(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
        func digits(_ count: Int) -> String { (0..<count).map { _ in String(random.below(10)) }.joined() }
        func grouped(_ value: Int) -> String {
            var text = String(value)
            var index = text.count - 3
            while index > 0 {
                text.insert(",", at: text.index(text.startIndex, offsetBy: index))
                index -= 3
            }
            return text
        }
        switch random.below(12) {
        case 0: return "\(capitalized(word())) \(random.below(1000))"  // Widget 42
        case 1: return "\(capitalized(word())) \(word()) \(word())"  // Blue cotton shirt
        case 2: return "$\(grouped(random.below(100_000))).\(digits(2))"  // $1,234.56
        case 3: return "\(["SKU", "ID", "INV", "PO", "REF"][random.below(5)])-\(digits(3 + random.below(4)))"  // SKU-88213
        case 4: return "\(capitalized(word())) \(word())"  // Green table
        case 5: return "\(random.below(100)).\(random.below(10))%"  // 12.5%
        case 6: return "20\(10 + random.below(16))-\(pad(1 + random.below(12)))-\(pad(1 + random.below(28)))"  // 2024-03-15
        case 7: return "\(grouped(random.below(10_000_000)))"  // 1,234,567
        case 8: return "\(random.below(50) + 1) x \(capitalized(word()))"  // 3 x Lamp
        case 9: return "\(capitalized(word())), \(word()) (\(random.below(100)))"  // Red, large (12)
        case 10: return "\(capitalized(word())) \(word()) \(word()) \(word())"  // four words
        default: return "\(word().uppercased())-\(random.below(100)) \(capitalized(word()))"  // ACME-7 Chair
        }
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    static let words: [String] = """
        apple table chair lamp desk shirt cotton blue red green black white yellow orange purple \
        widget gadget bolt screw nut washer hinge bracket panel frame wheel tire cable wire plug \
        socket switch button handle knob drawer shelf cabinet door window glass steel wood oak pine \
        maple walnut leather wool silk linen denim canvas paper card box crate bag pouch case cover \
        small medium large extra tall short wide narrow light heavy soft hard smooth rough round square \
        north south east west central region store branch office warehouse depot factory \
        january february march april may june july august september october november december \
        monday tuesday wednesday thursday friday saturday sunday \
        total subtotal tax discount shipping price cost margin profit revenue quantity amount balance \
        invoice order receipt payment refund credit debit account customer vendor supplier client \
        pending shipped delivered returned cancelled active inactive open closed paid unpaid \
        coffee tea milk sugar bread butter cheese rice pasta soup salad sauce juice water \
        phone laptop tablet monitor keyboard mouse printer camera speaker charger battery adapter \
        premium basic standard deluxe classic modern vintage organic fresh frozen \
        alpha beta gamma delta sigma omega prime ultra mini max pro plus lite \
        report summary notes status priority high low normal urgent review approved draft final
        """.split(whereSeparator: \.isWhitespace).map(String.init)
}
