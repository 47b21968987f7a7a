// swift-tools-version: 6.1
// Plain programs built against the TextMeasure tree at $TREE, for callgrind to count: the
// wrapping work of WrapBenchmarks (instructions.sh) and the command's measuring of lines
// (shape-instructions.sh).
import PackageDescription

let tree = Context.environment["TREE"] ?? "../.."
let identity = tree.split(separator: "/").last.map(String.init) ?? "TextMeasure"
let package = Package(
    name: "WrapInstructions",
    dependencies: [.package(path: tree)],
    targets: [
        .executableTarget(name: "WrapInstructions", dependencies: [.product(name: "TextMeasure", package: identity)],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "ShapeInstructions", dependencies: [.product(name: "TextMeasure", package: identity)],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
