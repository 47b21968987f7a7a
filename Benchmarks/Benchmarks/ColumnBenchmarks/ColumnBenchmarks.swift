// Benchmarks of DataTables' column widths: every strategy on the 50,000 rows × 6 columns of
// Benchmarks/Data/packages.tsv (real Debian package records), with the bundled font stack at
// 14 pt, each column read through a key path as an app would.
//
// One iteration = the widths of all 6 columns of all 50,000 rows (300,000 cells). The baseline is
// SwiftDataTables' default, "estimatedAverage" (grapheme counts × 7, no font work):
// `Benchmarks/run.sh` prints each benchmark's p50 ÷ its p50. Target: exact maxMeasured ≤ 3× it
// (SwiftDataTables paid 6.4×). Strategies that shape are run twice: with a cold cache (a fresh
// WidthCache made and dropped outside the measured region, so every distinct text is shaped)
// and with a warm one (every text already cached).

import Benchmark
import BareHarfBuzz
import DataTables
import PackageTable
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,  // one iteration = 300,000 cells
        maxDuration: .seconds(4),
        maxIterations: 30
    )

    // Each benchmark runs in a process of its own, so a fixture is built in the setup of the
    // benchmarks that use it, and the table's checks run once, with exact maxMeasured's warm run.
    Benchmark.setup = {
        _ = Fixtures.rows
    }

    // The floor of any exact cold measurement: each column's distinct texts shaped once with bare
    // HarfBuzz (primary font only, one thread, no de-duplication or cache cost).
    Benchmark("bare hb_shape of the distinct texts (floor)",
              configuration: .init(maxIterations: 5, setup: { _ = (Fixtures.baseline, Fixtures.distinctTexts) })) { _ in
        let baseline = Fixtures.baseline
        var total = 0.0
        for text in Fixtures.distinctTexts { total += baseline.width(of: text) }
        blackHole(total)
    }

    Benchmark("estimatedAverage (baseline)") { _ in
        blackHole(Fixtures.widths(.estimatedAverage(averageCharWidth: 7), cache: nil))
    }

    Benchmark("calibratedAverage") { _ in
        blackHole(Fixtures.widths(.calibratedAverage, cache: nil))
    }

    Benchmark("maxNominal") { _ in
        blackHole(Fixtures.widths(.maxNominal, cache: nil))
    }

    for (name, strategy) in Fixtures.shapingStrategies {
        Benchmark("\(name), cold cache", configuration: .init(maxDuration: .seconds(12), maxIterations: 12)) { benchmark in
            Fixtures.coldWidths(strategy, benchmark)
        }
        if name == "maxMeasured" {
            // The same with every text shaped by HarfBuzz (ShapingMode.harfbuzz): the cost the
            // simple-text path saves. The share of texts it measures is printed per column.
            Benchmark("maxMeasured, cold cache, harfbuzz only",
                      configuration: .init(maxDuration: .seconds(12), maxIterations: 12,
                                           setup: { Fixtures.printSimpleTextShare() })) { benchmark in
                ShapingMode.current = .harfbuzz
                defer { ShapingMode.current = .auto }
                Fixtures.coldWidths(strategy, benchmark)
            }
        }
        let fillCache: () -> Void = name == "maxMeasured" ? { _ = Fixtures.checked } : { _ = Fixtures.warmCache }
        Benchmark("\(name), warm cache", configuration: .init(setup: fillCache)) { _ in
            blackHole(Fixtures.widths(strategy, cache: Fixtures.warmCache))
        }
    }
}

// MARK: - Fixtures (built once, outside every measured region)

enum Fixtures {
    static let shapingStrategies: [(String, DataTableColumnWidthStrategy)] = [
        ("maxMeasured", .maxMeasured),
        ("sampledMax(100)", .sampledMax(sampleSize: 100)),
        ("percentileMeasured(0.95, 100)", .percentileMeasured(percentile: 0.95, sampleSize: 100)),
        ("hybrid(100, 7)", .hybrid(sampleSize: 100, averageCharWidth: 7)),
    ]

    /// Room for every distinct cell text and title (about 190,000), so a warm pass only hits.
    static let cacheCapacity = 400_000

    static let stack: FontStack = {
        do { return try FontStack.bundled(size: 14) } catch { fatalError("bundled font stack: \(error)") }
    }()

    static let rows = Package.all

    static let columns: [DataTableColumn<Package>] = [
        .init("Name", \.name), .init("Version", \.version), .init("Section", \.section),
        .init("Maintainer", \.maintainer), .init("Installed size (KiB)", \.installedSize), .init("Description", \.description),
    ]

    static let baseline: BareHarfBuzz = {
        do { return BareHarfBuzz(path: try BundledFont.notoSans.path(), size: 14) } catch { fatalError("\(error)") }
    }()

    /// Each column's distinct texts (by exact bytes), column after column.
    static let distinctTexts: [String] = columns.flatMap { column in
        var seen = Set<[UInt8]>()
        return rows.map { column.text($0) }.filter { seen.insert(Array($0.utf8)).inserted }
    }

    /// `strategy`'s widths with a fresh cache, made and dropped outside the measured region.
    static func coldWidths(_ strategy: DataTableColumnWidthStrategy, _ benchmark: Benchmark) {
        let cache = WidthCache(capacity: cacheCapacity)
        withExtendedLifetime(cache) {
            benchmark.startMeasurement()
            blackHole(widths(strategy, cache: cache))
            benchmark.stopMeasurement()
        }
    }

    /// Prints the share of each column's distinct texts that the simple-text path measures.
    static func printSimpleTextShare() {
        var start = 0
        let shares = columns.map { column -> String in
            var seen = Set<[UInt8]>()
            let count = rows.filter { seen.insert(Array(column.text($0).utf8)).inserted }.count
            let texts = distinctTexts[start..<start + count]
            start += count
            return "\(column.title) \(100 * texts.filter(stack.takesSimpleTextPath).count / max(1, count)) %"
        }
        print("simple-text path, share of distinct texts per column: \(shares.joined(separator: ", "))")
    }

    /// Every distinct text of the table measured once.
    static let warmCache: WidthCache = {
        let cache = WidthCache(capacity: cacheCapacity)
        _ = widths(.maxMeasured, cache: cache)
        return cache
    }()

    static func widths(_ strategy: DataTableColumnWidthStrategy, cache: WidthCache?) -> DataTableColumnWidths {
        var configuration = DataTableConfiguration(font: stack)
        configuration.columnWidthMode = .fitContentText(strategy: strategy)
        do {
            return try configuration.columnWidths(for: rows, columns: columns, cache: cache)
        } catch {
            fatalError("\(error)")
        }
    }

    /// The table is the one described, a warm pass really only hits, and maxMeasured is the
    /// true maximum. Checked once a run, before exact maxMeasured's warm benchmark.
    static let checked: Void = {
        require(rows.count == 50_000, "packages.tsv has \(rows.count) rows, not 50,000")
        let before = warmCache.statistics
        _ = widths(.maxMeasured, cache: warmCache)
        let after = warmCache.statistics
        require(after.misses == before.misses && after.evictions == 0, "the warm cache misses: \(before) then \(after)")
        // The exact maximum: shaped widths agree with width(of:) of the widest cell.
        let exact = widths(.maxMeasured, cache: nil).columns.map { $0.contentWidth ?? -1 }
        let direct = (0..<6).map { column in rows.map { stack.width(of: columns[column].text($0), cache: nil) }.max() ?? 0 }
        require(exact == direct, "maxMeasured \(exact) ≠ widths by width(of:) \(direct)")
    }()
}
