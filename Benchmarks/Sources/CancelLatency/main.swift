// How long a streamed PDF or workbook goes on after its reader is cancelled (issue 40: within 100 ms).
//
//   swift run -c release --package-path Benchmarks CancelLatency [ROWS] [DELAY …]
//
// For each delay (seconds, default 0.05 0.5 1.5 3) and each of two tables of ROWS rows (default
// 100,000): "fits", three columns narrowed to A4 (its rows measured 16,384 at a time, progress
// reported), and "bands", ten wrapped columns of up to 300 pt split into column bands (every
// band's rows measured together, then paginated). The reading task is cancelled after the
// delay; printed: the milliseconds from the cancel to the end of the work (its progress stream
// finished), and the last progress report. Then "xlsx": a workbook of ROWS rows of the "fits"
// table's cells (`DocumentStream.xlsx(of:)`), cancelled after each delay the same way.
import DataTables
import DocumentStreams
import Foundation
import TableRendering
import TableSpreadsheet
import TextMeasure

struct Product: Identifiable, Sendable {
    let id: Int
    let fields: [String]
}

/// A row of the "fits" table (and of the workbook): a name, a version, a description of 1–7 words.
func fitsFields(_ index: Int) -> [String] {
    ["package-\(index)", "1.\(index % 17).\(index % 5)", String(repeating: "tool\(index % 11) ", count: 1 + index % 7)]
}

func table(rows count: Int, banded: Bool) throws -> DataTableLayout<Product> {
    var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSans, size: banded ? 10 : 9)]))
    configuration.textLayout = .wrap
    configuration.maxColumnWidth = banded ? 300 : 220
    let titles = banded ? (0..<10).map { "Column \($0)" } : ["Name", "Version", "Description"]
    let rows = (0..<count).map { index in
        Product(id: index, fields: banded
            ? titles.indices.map { "cell\(index % 97) \($0) word\(index % 13) more text here \(index)" }
            : fitsFields(index))
    }
    let columns = titles.indices.map { column in DataTableColumn<Product>(titles[column]) { $0.fields[column] } }
    return try DataTableLayout(rows: rows, columns: columns, configuration: configuration)
}

/// Reads `stream`, cancels the reading after `delay` seconds, and prints how long the work went
/// on (until its progress stream finished) and its last progress report.
func timeCancel(of stream: DocumentStream, after delay: Double, label: String) async throws {
    let reading = Task { for try await _ in stream {} }
    let watching = Task { () -> (ContinuousClock.Instant, String) in
        var last = "none"
        for await report in stream.progress { last = "\(report)" }
        return (.now, last)
    }
    try await Task.sleep(for: .seconds(delay))
    let cancelled = ContinuousClock.now
    reading.cancel()
    let (ended, last) = await watching.value
    let ms = (ended - cancelled) / .milliseconds(1)
    print("\(label)  \(delay) s  \(String(format: "%9.0f", max(0, ms))) ms  \(last)")
}

let arguments = CommandLine.arguments.dropFirst()
let rows = arguments.first.flatMap(Int.init) ?? 100_000
let delays = arguments.dropFirst().compactMap(Double.init)
print("rows  table  cancelled after  cancel → end  last progress")
for banded in [false, true] {
    for delay in delays.isEmpty ? [0.05, 0.5, 1.5, 3] : delays {
        try await timeCancel(of: DocumentStream.pdf(of: try table(rows: rows, banded: banded)), after: delay,
                             label: "\(rows)  \(banded ? "bands" : "fits ")")
    }
}
for delay in delays.isEmpty ? [0.05, 0.5, 1.5, 3] : delays {
    let columns = ["Name", "Version", "Description"].enumerated().map { column, title in DataTableColumn<[String]>(title) { $0[column] } }
    let sheet = try SpreadsheetTable(rows: (0..<rows).map(fitsFields), columns: columns, font: try SpreadsheetFont.calibri(),
                                     maxColumnWidth: 220)
    try await timeCancel(of: DocumentStream.xlsx(of: sheet), after: delay, label: "\(rows)  xlsx ")
}
