// swift-tools-version: 6.1
import PackageDescription

// Benchmarks of TextMeasure, kept in their own package so the library itself never depends on
// package-benchmark. Run them with `Benchmarks/run.sh` (see README.md).

/// One of the parent package's libraries.
func library(_ name: String) -> Target.Dependency { .product(name: name, package: "TextMeasure") }

let package = Package(
    name: "TextMeasureBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The parent package. Its identity would otherwise be the folder name of the clone;
        // naming it keeps `package: "TextMeasure"` valid whatever the clone is called.
        .package(name: "TextMeasure", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // HarfBuzz's C API for the bare hb_shape baseline (TextMeasure's own CHarfBuzz is internal).
        .systemLibrary(
            name: "CHarfBuzzBaseline",
            path: "Sources/CHarfBuzzBaseline",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // The bare hb_shape loop both benchmark groups measure against.
        .target(name: "BareHarfBuzz", dependencies: ["CHarfBuzzBaseline"]),
        // Data/packages.tsv, the real table the wrapping, cell, column and row benchmarks read, the
        // reader of every table of Data/, and the SplitMix64 generator of the random inputs.
        .target(name: "PackageTable"),
        // One strategy's column widths timed N times in one process (an A/B between two trees).
        .executableTarget(name: "ColumnWidthLoop", dependencies: [library("TextMeasure"), library("DataTables"), "PackageTable"]),
        // How long a streamed PDF's work goes on after its reader is cancelled.
        .executableTarget(name: "CancelLatency", dependencies: [library("TextMeasure"), library("DataTables"), library("TableRendering"),
                                                                 library("TableSpreadsheet"), library("DocumentStreams")]),
        // The accuracy report: every column-width strategy against shaped widths on the three
        // tables of Data/, written as Markdown and SVG (run it with accuracy.sh). Not a benchmark:
        // a plain executable, so it builds and runs without the benchmark harness.
        .executableTarget(name: "AccuracyReport", dependencies: [library("TextMeasure"), library("DataTables"), "PackageTable"]),
        .executableTarget(
            name: "MeasurementBenchmarks",
            dependencies: [
                library("TextMeasure"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "BareHarfBuzz", "PackageTable",
            ],
            path: "Benchmarks/MeasurementBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Line wrapping (prepare + layout) on real table cells, Data/packages.tsv.
        .executableTarget(
            name: "WrapBenchmarks",
            dependencies: [
                library("TextMeasure"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "BareHarfBuzz", "PackageTable",
            ],
            path: "Benchmarks/WrapBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Compound product cells (CellLayout): fitting width and height at a width, 100,000 cells.
        .executableTarget(
            name: "CellBenchmarks",
            dependencies: [
                library("TextMeasure"),
                library("CellLayout"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "BareHarfBuzz", "PackageTable",
            ],
            path: "Benchmarks/CellBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Column widths by every strategy on 50,000 rows × 6 columns of Data/packages.tsv.
        .executableTarget(
            name: "ColumnBenchmarks",
            dependencies: [
                library("TextMeasure"),
                library("DataTables"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "BareHarfBuzz", "PackageTable",
            ],
            path: "Benchmarks/ColumnBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Automatic table layout against maxMeasured + scale to fill on Data/packages.tsv at 800 pt.
        .executableTarget(
            name: "AutoLayoutBenchmarks",
            dependencies: [
                library("TextMeasure"),
                library("DataTables"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "PackageTable",
            ],
            path: "Benchmarks/AutoLayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Pango, PangoCairo and fontconfig for the Pango + Cairo baseline of RenderBenchmarks. Only
        // this benchmark package links Pango; TextMeasure never does.
        .systemLibrary(
            name: "CPangoCairo",
            path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
        ),
        // The Pango + Cairo baseline: a PangoLayout per cell, paginated and drawn to PDF or PNG pages.
        .target(
            name: "PangoCairoBaseline",
            dependencies: ["CPangoCairo"],
            linkerSettings: [.linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig"), .linkedLibrary("m")]
        ),
        // Tables drawn (TableRendering) to PDF and PNG pages against Pango + Cairo, 50,000 rows × 6 columns.
        .executableTarget(
            name: "RenderBenchmarks",
            dependencies: [
                library("TextMeasure"),
                library("CellLayout"),
                library("DataTables"),
                library("TableRendering"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "PackageTable", "PangoCairoBaseline",
            ],
            path: "Benchmarks/RenderBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Row metrics (DataTableLayout): remeasureRow and row(atOffset:) at 1k and 1M rows, and
        // setData on 100,000 rows against CollectionDifference.
        .executableTarget(
            name: "RowBenchmarks",
            dependencies: [
                library("TextMeasure"),
                library("DataTables"),
                library("LiveTables"),
                .product(name: "Benchmark", package: "package-benchmark"),
                "PackageTable",
            ],
            path: "Benchmarks/RowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)
