// Automatic table layout (DataTableConfiguration.tableLayout = .automatic) against SwiftDataTables'
// rules with exact widths (maxMeasured + scale to fill), on the 50,000 rows × 6 columns of
// Benchmarks/Data/packages.tsv in a frame of 800 pt, bundled font stack at 14 pt, cold cache (a fresh
// WidthCache per iteration, made and dropped outside the measured region).
//
// Two pairs, each in the same run: the column widths alone (DataTableConfiguration.columnWidths),
// and the whole layout (a DataTableLayout with wrapped text, every row measured at the widths). Goal:
// automatic ≤ 1.3 × its baseline.

import Benchmark
import DataTables
import PackageTable
import TextMeasure

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        scalingFactor: .one,
        maxDuration: .seconds(20),
        maxIterations: 8
    )
    Benchmark.setup = { _ = Fixtures.rows }

    for layout in [DataTableTableLayout.contentFitted, .automatic] {
        let name = layout == .automatic ? "automatic" : "maxMeasured + scale to fill (baseline)"
        Benchmark("columns: \(name)") { benchmark in
            Fixtures.cold(benchmark) { cache in
                blackHole(try! Fixtures.configuration(layout).columnWidths(
                    for: Fixtures.rows, columns: Fixtures.columns, frameWidth: Fixtures.frame, cache: cache))
            }
        }
        Benchmark("layout: \(name)", configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], maxIterations: 5)) { benchmark in
            Fixtures.cold(benchmark) { cache in
                let table = try! DataTableLayout(rows: Fixtures.rows, columns: Fixtures.columns, configuration: Fixtures.configuration(layout),
                                                 frameWidth: Fixtures.frame, cache: cache)
                table.measureRows(0..<table.rowCount)
                blackHole(table.contentHeight)
            }
        }
    }
}

enum Fixtures {
    static let frame = 800.0

    struct Row: Identifiable, Sendable {
        let id: Int
        let package: Package
    }

    static let rows: [Row] = {
        let rows = Package.all.enumerated().map { Row(id: $0.offset, package: $0.element) }
        require(rows.count == 50_000, "packages.tsv has \(rows.count) rows, not 50,000")
        return rows
    }()

    static let columns: [DataTableColumn<Row>] = [
        .init("Name", \.package.name), .init("Version", \.package.version), .init("Section", \.package.section),
        .init("Maintainer", \.package.maintainer), .init("Installed size (KiB)", \.package.installedSize),
        .init("Description", \.package.description),
    ]

    static let stack: FontStack = {
        do { return try FontStack.bundled(size: 14) } catch { fatalError("bundled font stack: \(error)") }
    }()

    /// Exact widths (maxMeasured), wrapped text, automatic row heights, laid out by `layout`.
    static func configuration(_ layout: DataTableTableLayout) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: stack)
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.tableLayout = layout
        configuration.textLayout = .wrap
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        return configuration
    }

    /// `body` measured with a fresh cache, made and dropped outside the measured region.
    static func cold(_ benchmark: Benchmark, _ body: (WidthCache) -> Void) {
        let cache = WidthCache(capacity: 400_000)
        withExtendedLifetime(cache) {
            benchmark.startMeasurement()
            body(cache)
            benchmark.stopMeasurement()
        }
    }
}
