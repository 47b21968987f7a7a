// swift-tools-version: 6.1
// The wrapping work of WrapBenchmarks as one plain program, built against the TextMeasure
// tree at $TREE, for instructions.sh to count under callgrind (see there).
import PackageDescription

let tree = Context.environment["TREE"] ?? "../.."
let identity = tree.split(separator: "/").last.map(String.init) ?? "TextMeasure"
let package = Package(
    name: "WrapInstructions",
    dependencies: [.package(path: tree)],
    targets: [
        .executableTarget(name: "WrapInstructions", dependencies: [.product(name: "TextMeasure", package: identity)],
                          swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
