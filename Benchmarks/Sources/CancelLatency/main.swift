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

func table(rows count: Int, banded: Bool) throws -> DataTableLayout<Product> {
    var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSans, size: banded ? 10 : 9)]))
    configuration.textLayout = .wrap
    configuration.maxColumnWidth = banded ? 300 : 220
    let titles = banded ? (0..<10).map { "Column \($0)" } : ["Name", "Version", "Description"]
    let rows = (0..<count).map { index in
        Product(id: index, fields: banded
            ? titles.indices.map { "cell\(index % 97) \($0) word\(index % 13) more text here \(index)" }
            : ["package-\(index)", "1.\(index % 17).\(index % 5)", String(repeating: "tool\(index % 11) ", count: 1 + index % 7)])
    }
    let columns = titles.indices.map { column in DataTableColumn<Product>(titles[column]) { $0.fields[column] } }
    return try DataTableLayout(rows: rows, columns: columns, configuration: configuration)
}

let arguments = CommandLine.arguments.dropFirst()
let rows = arguments.first.flatMap(Int.init) ?? 100_000
let delays = arguments.dropFirst().compactMap(Double.init)
print("rows  table  cancelled after  cancel → end  last progress")
for banded in [false, true] {
    for delay in delays.isEmpty ? [0.05, 0.5, 1.5, 3] : delays {
        let stream = DocumentStream.pdf(of: try table(rows: rows, banded: banded))
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
        print("\(rows)  \(banded ? "bands" : "fits ")  \(delay) s  \(String(format: "%9.0f", max(0, ms))) ms  \(last)")
    }
}
for delay in delays.isEmpty ? [0.05, 0.5, 1.5, 3] : delays {
    let cells = (0..<rows).map { index in
        ["package-\(index)", "1.\(index % 17).\(index % 5)", String(repeating: "tool\(index % 11) ", count: 1 + index % 7)]
    }
    let columns = ["Name", "Version", "Description"].enumerated().map { column, title in DataTableColumn<[String]>(title) { $0[column] } }
    let sheet = try SpreadsheetTable(rows: cells, columns: columns, font: try SpreadsheetFont.calibri(), maxColumnWidth: 220)
    let stream = DocumentStream.xlsx(of: sheet)
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
    print("\(rows)  xlsx   \(delay) s  \(String(format: "%9.0f", max(0, ms))) ms  \(last)")
}
