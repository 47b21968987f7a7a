// One strategy's column widths of the package table, timed N times in one process with a warm
// cache: an A/B between two trees (build it in each) where package-benchmark's spread from one
// process to the next (about ±10 % on sub-millisecond rows) hides a few percent. Not a benchmark
// target: a plain executable, run by hand.
//
//   swift build -c release --product ColumnWidthLoop
//   .build/release/ColumnWidthLoop p 3000   # p percentileMeasured(0.95, 100), s sampledMax(100),
//                                           # c calibratedAverage, m maxMeasured, h hybrid(100, 7),
//                                           # anything else estimatedAverage(7)
import DataTables
import Foundation
import PackageTable
import TextMeasure

let stack = try FontStack.bundled(size: 14)
let rows = Package.all
let columns: [DataTableColumn<Package>] = [
    .init("Name", \.name), .init("Version", \.version), .init("Section", \.section),
    .init("Maintainer", \.maintainer), .init("Installed size (KiB)", \.installedSize), .init("Description", \.description),
]
func widths(_ strategy: DataTableColumnWidthStrategy, cache: WidthCache?) -> DataTableColumnWidths {
    var configuration = DataTableConfiguration(font: stack)
    configuration.columnWidthMode = .fitContentText(strategy: strategy)
    return try! configuration.columnWidths(for: rows, columns: columns, cache: cache)
}
let which = CommandLine.arguments[1]
let n = Int(CommandLine.arguments[2])!
let strategy: DataTableColumnWidthStrategy = switch which {
case "p": .percentileMeasured(percentile: 0.95, sampleSize: 100)
case "s": .sampledMax(sampleSize: 100)
case "c": .calibratedAverage
case "m": .maxMeasured
case "h": .hybrid(sampleSize: 100, averageCharWidth: 7)
default: .estimatedAverage(averageCharWidth: 7)
}
let warm = WidthCache(capacity: 400_000)
_ = widths(.maxMeasured, cache: warm)
_ = widths(strategy, cache: warm)
var times: [Double] = []
for _ in 0..<n {
    let t0 = DispatchTime.now().uptimeNanoseconds
    _ = widths(strategy, cache: warm)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
}
times.sort()
print(which, String(format: "p50 %.4f ms  p10 %.4f ms  mean %.4f", times[n/2], times[n/10], times.reduce(0, +) / Double(n)))
