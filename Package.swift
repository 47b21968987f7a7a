// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TextMeasure",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "TextMeasure", targets: ["TextMeasure"]),
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "DataTables", targets: ["DataTables"]),
        .library(name: "DocumentStreams", targets: ["DocumentStreams"]),
        .library(name: "TableRendering", targets: ["TableRendering"]),
        .library(name: "TableSpreadsheet", targets: ["TableSpreadsheet"]),
        .library(name: "LiveTables", targets: ["LiveTables"]),
        .library(name: "TableServer", targets: ["TableServer"]),
        .executable(name: "textmeasure", targets: ["TextMeasureCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
    ],
    targets: [
        // HarfBuzz, hb-ot and hb-subset: shaping, font tables, and the subsets HTML pages embed.
        .systemLibrary(
            name: "CHarfBuzz",
            path: "Sources/CHarfBuzz",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]
        ),
        // FreeType, which checks a font file's bytes before HarfBuzz reads them.
        .systemLibrary(
            name: "CFreeType",
            path: "Sources/CFreeType",
            pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]
        ),
        // fontconfig: fonts by family and language.
        .systemLibrary(
            name: "CFontconfig",
            path: "Sources/CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]
        ),
        // The bundled fonts (see Fonts/README.md) and the code that finds them.
        .target(
            name: "TextMeasureFonts",
            path: "Fonts",
            exclude: ["README.md", "build-fonts.sh", "scripts", "cjk-codepoints.txt"],
            sources: ["BundledFontsDirectory.swift"],
            resources: [
                .copy("NotoSans-Regular.ttf"),
                .copy("NotoSansArabic-Regular.ttf"),
                .copy("NotoSansHebrew-Regular.ttf"),
                .copy("NotoSansDevanagari-Regular.ttf"),
                .copy("NotoSansThai-Regular.ttf"),
                .copy("NotoSans-Bold.ttf"),
                .copy("NotoSansArabic-Bold.ttf"),
                .copy("NotoSansHebrew-Bold.ttf"),
                .copy("NotoSansDevanagari-Bold.ttf"),
                .copy("NotoSansThai-Bold.ttf"),
                .copy("NotoSansCJKsc-Regular.otf"),
                .copy("NotoColorEmoji.ttf"),
                .copy("NotoSansMono-Regular.ttf"),
                .copy("LICENSE-OFL.txt"),
            ]
        ),
        // ICU's UAX #14 line-break iterator and UAX #9 bidi levels, behind unversioned wrappers.
        .systemLibrary(
            name: "CICU",
            path: "Sources/CICU",
            pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // The only Swift code that talks to ICU. A module of its own: ICU's headers clash with
        // Foundation's copy of ICU, which reaches TextMeasure through the fonts' resource code.
        .target(
            name: "ICULineBreaks",
            dependencies: ["CICU"]
        ),
        .target(
            name: "TextMeasure",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "ICULineBreaks", "TextMeasureFonts"]
        ),
        // Compound cells: stacks, insets, frames, text and boxes, measured without Auto Layout.
        .target(
            name: "CellLayout",
            dependencies: ["TextMeasure"]
        ),
        // Column widths (and later row metrics) of data tables, with SwiftDataTables' names; cells
        // measured as text or through CellLayout.
        .target(
            name: "DataTables",
            dependencies: ["TextMeasure", "CellLayout"]
        ),
        // Files written whole or not at all (AtomicFile), for TableRendering and TableSpreadsheet.
        .target(name: "AtomicFiles"),
        // A document's bytes as an AsyncSequence of chunks, written on a thread of its own: the PDF
        // and layout JSON of TableRendering, the workbooks of TableSpreadsheet.
        .target(
            name: "DocumentStreams",
            dependencies: ["TextMeasure", "AtomicFiles"]
        ),
        // Cairo, its FreeType font backend and its PNG, PDF and SVG surfaces.
        .systemLibrary(
            name: "CCairo",
            path: "Sources/CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // libpng's writer, a band of rows at a time: C of its own (libpng reports errors by longjmp,
        // caught by setjmp in the function that called it), behind a header without libpng's types.
        .target(
            name: "CPNGStream",
            linkerSettings: [.linkedLibrary("png16")]
        ),
        // Tables drawn: TableStyle, display lists, and PNG, PDF and SVG through Cairo.
        .target(
            name: "TableRendering",
            dependencies: ["TextMeasure", "CellLayout", "DataTables", "AtomicFiles", "DocumentStreams", "CCairo", "CPNGStream"],
            // The virtualised HTML page's script, as the page carries it.
            resources: [.embedInCode("HTML/virtual-rows.js")]
        ),
        // libxlsxwriter, which writes xlsx files (ZIP and SpreadsheetML).
        .systemLibrary(
            name: "CXlsxWriter",
            path: "Sources/CXlsxWriter",
            pkgConfig: "xlsxwriter",
            providers: [.apt(["libxlsxwriter-dev"]), .brew(["libxlsxwriter"])]
        ),
        // Tables written as xlsx workbooks whose columns fit, measured as a spreadsheet draws.
        .target(
            name: "TableSpreadsheet",
            dependencies: ["TextMeasure", "ICULineBreaks", "DataTables", "AtomicFiles", "DocumentStreams", "CXlsxWriter"]
        ),
        // A live table's protocol without a server: the table, its pages and their changes, in order.
        .target(
            name: "LiveTables",
            dependencies: ["TextMeasure", "DataTables", "TableRendering", "AtomicFiles"]
        ),
        // A live table in the browser: the server measures, the page only draws (Hummingbird 2).
        .target(
            name: "TableServer",
            dependencies: [
                "LiveTables", "DataTables",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [.copy("Client")]
        ),
        .executableTarget(
            name: "TextMeasureCommand",
            dependencies: [
                "TextMeasure", "CellLayout", "DataTables", "TableRendering", "TableSpreadsheet", "AtomicFiles", "DocumentStreams", "LiveTables",
                "TableServer",
                .product(name: "CSV", package: "CSV.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The tests: one target per library module, each in Tests/<Module>Tests, and the fixtures
        // and helpers they share (golden files, the sample, the command runner, PNG decoding).
        .target(
            name: "TextMeasureTestSupport",
            dependencies: ["TextMeasure", "CellLayout", "DataTables", "CCairo", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TextMeasureTestSupport",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TextMeasureTests",
            dependencies: ["TextMeasure", "ICULineBreaks", "TextMeasureTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "CellLayoutTests",
            dependencies: ["CellLayout", "TextMeasureTestSupport", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "DataTablesTests",
            dependencies: ["DataTables", "CellLayout", "TextMeasureTestSupport"]
        ),
        .testTarget(
            name: "TableRenderingTests",
            dependencies: ["TableRendering", "DocumentStreams", "CHarfBuzz", "CCairo", "TextMeasureTestSupport"]
        ),
        .testTarget(
            name: "TableSpreadsheetTests",
            dependencies: ["TableSpreadsheet", "DocumentStreams", "TextMeasureTestSupport"]
        ),
        .testTarget(
            name: "LiveTablesTests",
            dependencies: ["LiveTables", "TextMeasureTestSupport"]
        ),
        .testTarget(
            name: "TableServerTests",
            dependencies: ["TableServer", "TableRendering", "DocumentStreams", "DataTables", "TextMeasureTestSupport",
                           .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "TextMeasureCommandTests",
            dependencies: ["TextMeasureCommand", "TableRendering", "LiveTables", "TextMeasureTestSupport"]
        ),
    ]
)
