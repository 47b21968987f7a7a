// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for TextMeasure, kept in their own package (as Benchmarks/ is) so users and
// `swift test` never build them. Scripts/fuzz.sh builds and runs them (see it for the flags):
// with `--sanitize=fuzzer`, SwiftPM compiles each executable target as a library and links
// libFuzzer's own `main`, so a target is one `@_cdecl("LLVMFuzzerTestOneInput")` function, and
// every module, TextMeasure's included, carries libFuzzer's coverage and AddressSanitizer.
let package = Package(
    name: "TextMeasureFuzzing",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The parent package, named so `package: "TextMeasure"` holds whatever the clone is called.
        .package(name: "TextMeasure", path: ".."),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.0"),
    ],
    targets: [
        // Turning fuzzer bytes into values, and the invariants the targets check.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "TextMeasure", package: "TextMeasure")]
        ),
        // Font(data:) on the input bytes, then measuring and laying out a fixed text with it.
        .executableTarget(
            name: "FuzzFont",
            dependencies: ["FuzzSupport", .product(name: "TextMeasure", package: "TextMeasure")]
        ),
        // prepare, layout, maxLines and truncation, truncate(_:toWidth:), intrinsic widths.
        .executableTarget(
            name: "FuzzLayout",
            dependencies: ["FuzzSupport", .product(name: "TextMeasure", package: "TextMeasure")]
        ),
        // The command's CSV reader, then the `columns` and `rows` sizing of what it read. The
        // reader lives in the command's executable target, which no other package can import:
        // CSVTable.swift here is a symbolic link to Sources/TextMeasureCommand/CSVTable.swift
        // (add a link for any file it comes to need).
        .executableTarget(
            name: "FuzzCSV",
            dependencies: [
                "FuzzSupport",
                .product(name: "TextMeasure", package: "TextMeasure"),
                .product(name: "CellLayout", package: "TextMeasure"),
                .product(name: "DataTables", package: "TextMeasure"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
        // A table decoded from the input written as an xlsx workbook (libxlsxwriter, zlib's read-back).
        writerTarget("FuzzXlsx", writing: "TableSpreadsheet"),
        // A table decoded from the input laid out and written as the layout's JSON, then read back.
        writerTarget("FuzzLayoutJSON", writing: "TableRendering"),
        // A live table's page messages (raw and structured) carried out in order, the answers checked.
        .executableTarget(
            name: "FuzzLiveMessages",
            dependencies: [
                "FuzzSupport",
                .product(name: "DataTables", package: "TextMeasure"),
                .product(name: "LiveTables", package: "TextMeasure"),
            ]
        ),
        // CellLayout trees decoded from the input: fitting width, heights, placement.
        .executableTarget(
            name: "FuzzCells",
            dependencies: [
                "FuzzSupport",
                .product(name: "TextMeasure", package: "TextMeasure"),
                .product(name: "CellLayout", package: "TextMeasure"),
            ]
        ),
    ]
)

/// A target that writes a table decoded from the input with `module`'s writer.
func writerTarget(_ name: String, writing module: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport", .product(name: "CellLayout", package: "TextMeasure"), .product(name: "DataTables", package: "TextMeasure"),
                       .product(name: module, package: "TextMeasure")]
    )
}
