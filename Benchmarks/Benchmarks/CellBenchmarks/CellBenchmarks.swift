// Benchmarks of CellLayout on 100,000 product cells built from Benchmarks/Data/packages.tsv:
// an image box, a one-line title, a description wrapped to at most three lines and a one-line
// badge, as in the "Measuring cells" article (bundled font stack, 14 pt; badge 12 pt).
//
// Cell 2k is row k's name, description and version; cell 2k + 1 is its maintainer, section and
// installed size, so no two cells of a pair share a text.
//
// Baseline, in the same run: "bare hb_shape of the cells' texts (baseline)": each cell's three
// texts shaped whole once with one reused hb_buffer, primary font only, no line breaking: the
// least work any exact measurement needs. One iteration = half the 100,000 cells, the first and the
// second half in turn (package-benchmark drops its throughput metric, which the JMH export needs,
// for iterations over 2 s). Besides wall time,
// the baseline's setup prints per text leaf how many texts were shaped (target 1: each leaf
// shaped once), how many layouts at a width were done, and how many strings the cache had to
// shape (its misses).

import Benchmark
import BareHarfBuzz
import CellLayout
import Foundation
import PackageTable
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(10),
        maxIterations: 16
    )

    Benchmark.setup = {
        Fixtures.check()
    }

    Benchmark("bare hb_shape of the cells' texts (baseline)", configuration: .init(setup: { Fixtures.reportWork() })) { _ in
        let baseline = Fixtures.baseline
        var total = 0.0
        for cell in Fixtures.nextHalf() {
            total += baseline.width(of: cell.title) + baseline.width(of: cell.description) + baseline.width(of: cell.badge)
        }
        blackHole(total)
    }

    Benchmark("fittingWidth, cold cache") { benchmark in
        measure(benchmark, cold: true) { cell in cell.fittingWidth }
    }

    Benchmark("height(atWidth:), cold cache") { benchmark in
        measure(benchmark, cold: true) { cell in cell.height(atWidth: Fixtures.width) }
    }

    Benchmark("fittingWidth + height(atWidth:), cold cache") { benchmark in
        measure(benchmark, cold: true) { cell in cell.fittingWidth + cell.height(atWidth: Fixtures.width) }
    }

    Benchmark("fittingWidth + height(atWidth:), warm cache",
              configuration: .init(setup: { Fixtures.warmCache() })) { benchmark in
        measure(benchmark, cold: false) { cell in cell.fittingWidth + cell.height(atWidth: Fixtures.width) }
    }
}

/// Measures every cell with `query` through a fresh cache (cold) or `Fixtures.warm`.
func measure(_ benchmark: Benchmark, cold: Bool, _ query: (MeasuredCell) -> Double) {
    let cache = cold ? WidthCache(capacity: 1_000_000) : Fixtures.warm
    var total = 0.0
    withExtendedLifetime(cache) {
        benchmark.startMeasurement()
        for cell in Fixtures.nextHalf() {
            total += query(MeasuredCell(cell.node, cache: cache))
        }
        benchmark.stopMeasurement()
    }
    blackHole(total)
}

// MARK: - Fixtures (built once, outside every measured region)

struct ProductCell: Sendable {
    let title: String
    let description: String
    let badge: String
    let node: CellNode
}

enum Fixtures {
    static let stack: FontStack = {
        do { return try FontStack.bundled(size: 14) } catch { fatalError("bundled font stack: \(error)") }
    }()
    static let small: FontStack = {
        do { return try stack.withSize(12) } catch { fatalError("\(error)") }
    }()

    static let baseline: BareHarfBuzz = {
        do { return BareHarfBuzz(path: try BundledFont.notoSans.path(), size: 14) } catch { fatalError("\(error)") }
    }()

    /// The first or the second half of `cells`, in turn (a benchmark process runs one benchmark).
    nonisolated(unsafe) static var half = 0
    static func nextHalf() -> ArraySlice<ProductCell> {
        defer { half ^= 1 }
        return half == 0 ? cells[..<(cells.count / 2)] : cells[(cells.count / 2)...]
    }

    /// The cell width `height(atWidth:)` is asked at: a 320-point column.
    static let width = 320.0

    static let cells: [ProductCell] = {
        let table = PackageTable.load()
        require(table.rows.count >= 50_000, "packages.tsv has \(table.rows.count) rows")
        return table.rows.prefix(50_000).flatMap { row in
            [cell(title: row[PackageTable.name], description: row[PackageTable.description], badge: row[PackageTable.version]),
             cell(title: row[PackageTable.maintainer], description: "In \(row[PackageTable.section])",
                  badge: "\(row[PackageTable.installedSize]) KiB")]
        }
    }()

    static func cell(title: String, description: String, badge: String) -> ProductCell {
        let node = CellNode.hstack(spacing: 12, alignment: .top) {
            CellNode.box(width: 48, height: 48)
            CellNode.vstack(spacing: 4) {
                CellNode.text(title, stack: stack, wraps: false)
                CellNode.text(description, stack: stack, lineLimit: 3)
            }
            CellNode.text(badge, stack: small, wraps: false)
                .padding(EdgeInsets(top: 2, leading: 6, bottom: 2, trailing: 6))
                .layoutPriority(1)
        }.padding(8)
        return ProductCell(title: title, description: description, badge: badge, node: node)
    }

    /// Checks that the fixtures are what they claim: 100,000 cells, three text leaves each, and
    /// the descriptions really wrap at the width asked.
    static func check() {
        require(cells.count == 100_000, "\(cells.count) cells")
        var wrapped = 0
        for cell in cells.prefix(1_000) {
            let measured = MeasuredCell(cell.node, cache: nil)
            if measured.height(atWidth: width) > 48 + 16 { wrapped += 1 }
            require(measured.statistics.textLeaves == 3, "\(cell.title): \(measured.statistics.textLeaves) leaves")
        }
        require(wrapped > 100, "only \(wrapped) of 1,000 cells are taller than their image")
    }

    /// Prints, per text leaf, the work that measuring every cell's fitting width and its height at
    /// `width` did through a fresh cache: texts shaped (a wrapping text prepared, a single-line
    /// text measured whole; target 1), layouts at a width, and the cache's misses (each one
    /// string shaped by HarfBuzz: a segment, a whole line, a truncation candidate, an ellipsis).
    static func reportWork() {
        let cache = WidthCache(capacity: 1_000_000)
        let work = measureAll(through: cache)
        let leaves = Double(work.textLeaves)
        let line = String(format: "cell work per text leaf (fittingWidth + height, %d leaves, cold cache): shaped texts %.3f, layouts %.3f, shapings (cache misses) %.3f\n",
                          work.textLeaves, Double(work.shapedTexts) / leaves, Double(work.layouts) / leaves,
                          Double(cache.statistics.misses) / leaves)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// A cache large enough for every text of the cells (the shared one holds 100,000 entries).
    static let warm = WidthCache(capacity: 1_000_000)

    /// Measures every cell through `warm`, then checks that a second pass only hits.
    static func warmCache() {
        measureAll(through: warm)
        let filled = warm.statistics
        measureAll(through: warm)
        let checked = warm.statistics
        require(checked.misses == filled.misses && checked.evictions == 0, "cache not warm: \(filled) then \(checked)")
    }

    /// Every cell's fitting width and height at `width`, measured through `cache`; the work done,
    /// summed over the cells.
    @discardableResult
    static func measureAll(through cache: WidthCache) -> CellStatistics {
        var work = CellStatistics()
        for cell in cells {
            let measured = MeasuredCell(cell.node, cache: cache)
            _ = measured.fittingWidth + measured.height(atWidth: width)
            work.textLeaves += measured.statistics.textLeaves
            work.shapedTexts += measured.statistics.shapedTexts
            work.layouts += measured.statistics.layouts
        }
        return work
    }
}
