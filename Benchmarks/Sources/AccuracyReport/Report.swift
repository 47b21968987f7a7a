import Foundation

/// Every strategy measured on one dataset.
struct DatasetResults {
    let dataset: Dataset
    /// In the order of `NamedStrategy.all`.
    let results: [TableResult]
    /// Distinct texts per column (by exact bytes): what a cold shaped pass shapes.
    let distinctTexts: [Int]
    /// Cells holding a character no font of the stack has (measured as .notdef).
    let uncoveredCells: Int
    /// For a table with a script tag: each script's rows as a table of their own.
    let scripts: [(script: String, rows: Int, uncoveredCells: Int, results: [TableResult])]

    func result(_ name: String) -> TableResult? {
        NamedStrategy.all.firstIndex { $0.name == name }.map { results[$0] }
    }
}

/// The Markdown report, its README summary and the chart.
struct Report {
    let machine: Machine
    let date: String
    let loadBefore: String
    let loadAfter: String
    let repetitions: Int
    let runSeconds: Double
    let datasets: [DatasetResults]
    /// How the stack was made, as code: `FontStack.bundled(size: 14)`, or with system fallback.
    let stackName: String
    /// Which fonts a `.notdef` cell's character is missing from: "no bundled font" or "no installed font".
    let noFont: String

    /// The chart's file name, beside the Markdown.
    var chartFile: String { noFont == "no bundled font" ? "accuracy.svg" : "accuracy-system.svg" }

    static let exact = "maxMeasured"
    static let estimate = "estimatedAverage(7)"

    // MARK: - Markdown

    func markdown() -> String {
        var lines: [String] = [
            "# Column widths: estimates against shaped widths",
            "",
            "Made by `Benchmarks/accuracy.sh` on \(date) in \(Self.decimal(runSeconds, 0)) s; the chart is [\(chartFile)](\(chartFile)).",
            "",
            "Machine: \(machine.description); load average \(loadBefore) before and \(loadAfter) after the run.",
            "",
        ]
        lines += definitions
        lines += ["", "## Headlines", ""] + headlines.map { "- " + $0 }
        lines += ["", "## Every dataset", ""] + summaryTable
        lines += scriptSection
        lines += ["", "## Every column", ""]
        for dataset in datasets {
            lines += columnTable(dataset)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The part of the report the README carries.
    func readmeSummary(reportLink: String, chartLink: String) -> String {
        var lines = [
            "Measured by `Benchmarks/accuracy.sh` on \(date): \(machine.description); load average \(loadBefore) → \(loadAfter).",
            "Full report: [\(reportLink)](\(reportLink)); chart: [\(chartLink)](\(chartLink)).",
            "",
        ]
        lines += headlines.map { "- " + $0 }
        lines += [""] + summaryTable + [""]
        lines += scriptTable
        return lines.joined(separator: "\n") + "\n"
    }

    private var definitions: [String] {
        [
            "Every strategy of `DataTableColumnWidthStrategy` computes the content width of every column of three tables",
            "(`Benchmarks/Data`), one column at a time, with `\(stackName)` and SwiftDataTables' defaults",
            "(8 px padding each side, 70 px minimum, no maximum, 20 px sort indicator, no scale to fill). Each cell's true width is",
            "its exact shaped width (`width(of:)`, HarfBuzz, same font stack).",
            "",
            "- **truncated**: cells whose true width exceeds the strategy's content width, as a share of all cells",
            "  (for sampled strategies these are mostly rows outside the sample).",
            "- **in the column**: cells wider than what the final column leaves them (width − padding), after the 70 px",
            "  minimum and the header have widened it: what a user would see cut.",
            "- **width vs needed**: (content width − widest true width) ÷ widest true width; above 0 is wasted width, below",
            "  0 is missing width (table rows: the columns' widths summed).",
            "- **time**: median of \(repetitions) runs of `DataTableConfiguration.columnWidths(for:columns:cache:)` for the",
            "  column with a fresh `WidthCache` (cold: every distinct text shaped), rows held as `[String]`; table rows",
            "  sum the columns.",
        ]
    }

    /// Sentences stating the main findings, with their numbers.
    var headlines: [String] {
        var found: [String] = []
        let exactCells = datasets.reduce(0) { $0 + ($1.result(Self.exact)?.cells ?? 0) }
        let exactTruncated = datasets.reduce(0) { $0 + ($1.result(Self.exact)?.truncated ?? 0) }
        found.append("`maxMeasured` truncates \(Self.grouped(exactTruncated)) of \(Self.grouped(exactCells)) cells "
                     + "in the three tables: a shaped strategy truncates nothing it measured.")
        if let multilingual = datasets.first(where: { !$0.scripts.isEmpty }) {
            let estimates = multilingual.scripts.map { entry in
                (entry.script, NamedStrategy.all.firstIndex { $0.name == Self.estimate }.map { entry.results[$0] })
            }
            let latin = estimates.first { $0.0 == "Latn" }?.1
            let others = estimates.filter { $0.0 != "Latn" }.compactMap { script, result in result.map { (script, $0) } }
            if let latin, let worst = others.max(by: { $0.1.truncatedPercent < $1.1.truncatedPercent }),
               let best = others.min(by: { $0.1.truncatedPercent < $1.1.truncatedPercent }) {
                found.append("`estimatedAverage(7)` (SwiftDataTables' default) on each script's rows of `multilingual.tsv`: "
                             + "\(Self.percent(latin.truncatedPercent)) of Latin cells truncated; "
                             + "\(Self.percent(best.1.truncatedPercent)) (\(best.0)) to \(Self.percent(worst.1.truncatedPercent)) (\(worst.0)) "
                             + "in the other scripts. Its columns are \(Self.signed(latin.wastePercent)) against the widest Latin cells "
                             + "and \(Self.signed(worst.1.wastePercent)) for \(worst.0).")
            }
        }
        for dataset in datasets {
            guard let exact = dataset.result(Self.exact), let estimate = dataset.result(Self.estimate) else { continue }
            found.append("`\(dataset.dataset.file)`: `estimatedAverage(7)` truncates \(Self.percent(estimate.truncatedPercent)) "
                         + "of the cells (\(Self.percent(estimate.truncatedInColumnPercent)) once the minimum width and headers widen "
                         + "the columns) in \(Self.milliseconds(estimate.milliseconds)); exact `maxMeasured` takes "
                         + "\(Self.milliseconds(exact.milliseconds)) cold (\(Self.decimal(exact.milliseconds / estimate.milliseconds, 1))×), "
                         + "shaping \(Self.grouped(dataset.distinctTexts.reduce(0, +))) distinct texts for "
                         + "\(Self.grouped(dataset.dataset.cellCount)) cells.")
        }
        return found
    }

    private var summaryTable: [String] {
        var lines = [
            "| dataset | strategy | truncated | in the column | width vs needed | time (ms) |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for dataset in datasets {
            for (strategy, result) in zip(NamedStrategy.all, dataset.results) {
                lines.append("| `\(dataset.dataset.file)` | `\(strategy.name)` | \(Self.percent(result.truncatedPercent)) | "
                             + "\(Self.percent(result.truncatedInColumnPercent)) | \(Self.signed(result.wastePercent)) | "
                             + "\(Self.decimalTime(result.milliseconds)) |")
            }
        }
        return lines
    }

    private var scriptSection: [String] {
        guard datasets.contains(where: { !$0.scripts.isEmpty }) else { return [] }
        return ["", "## Per script (multilingual.tsv)", ""] + scriptTable
    }

    /// Truncated cells per script and strategy, each script's rows taken as a table of its own.
    private var scriptTable: [String] {
        guard let multilingual = datasets.first(where: { !$0.scripts.isEmpty }) else { return [] }
        let strategies = NamedStrategy.all
        var lines = [
            "Cells truncated when a table holds one script's rows of `\(multilingual.dataset.file)` (7 columns; "
                + "\(Self.grouped(multilingual.uncoveredCells)) of its \(Self.grouped(multilingual.dataset.cellCount)) cells hold a "
                + "character \(noFont) has, measured as `.notdef`):",
            "",
            "| script | rows | cells with .notdef | " + strategies.map { "`\($0.name)`" }.joined(separator: " | ") + " |",
            "|---|---:|---:|" + strategies.map { _ in "---:" }.joined(separator: "|") + "|",
        ]
        for entry in multilingual.scripts {
            lines.append("| \(entry.script) | \(Self.grouped(entry.rows)) | \(Self.grouped(entry.uncoveredCells)) | "
                         + entry.results.map { Self.percent($0.truncatedPercent) }.joined(separator: " | ") + " |")
        }
        return lines
    }

    private func columnTable(_ results: DatasetResults) -> [String] {
        let dataset = results.dataset
        var lines = [
            "### `\(dataset.file)`: \(dataset.summary)",
            "",
            "\(Self.grouped(dataset.rows.count)) rows × \(dataset.titles.count) columns; distinct texts per column: "
                + zip(dataset.titles, results.distinctTexts).map { "\($0) \(Self.grouped($1))" }.joined(separator: ", ")
                + "; cells with a character \(noFont) has: \(Self.grouped(results.uncoveredCells)).",
            "",
            "| column | strategy | content (px) | needed (px) | truncated | in the column | width vs needed | time (ms) |",
            "|---|---|---:|---:|---:|---:|---:|---:|",
        ]
        for (column, title) in dataset.titles.enumerated() {
            for (strategy, table) in zip(NamedStrategy.all, results.results) {
                let result = table.columns[column]
                lines.append("| \(title) | `\(strategy.name)` | \(Self.decimal(result.content, 1)) | \(Self.decimal(result.needed, 1)) | "
                             + "\(Self.grouped(result.truncated)) (\(Self.percent(Double(result.truncated) / Double(max(1, result.cells)) * 100))) | "
                             + "\(Self.grouped(result.truncatedInColumn)) | \(Self.signed(result.wastePercent)) | "
                             + "\(Self.decimalTime(result.milliseconds)) |")
            }
        }
        lines.append("")
        return lines
    }

    // MARK: - Chart

    func chart() -> Chart {
        let colours: [NamedStrategy.Kind: String] = [.shaped: "#2b6cb0", .nominal: "#2f855a", .estimate: "#c53030", .fixed: "#718096"]
        let strategies = NamedStrategy.all
        let times = datasets.flatMap { $0.results.map(\.milliseconds) }
        var panels = datasets.map { results in
            Chart.Panel(
                title: "\(results.dataset.file): \(Self.grouped(results.dataset.rows.count)) rows × \(results.dataset.titles.count) columns",
                subtitle: results.dataset.summary,
                labels: strategies.map(\.name), colours: strategies.map { colours[$0.kind] ?? "#000" },
                left: .init(title: "cells truncated (%)", values: results.results.map(\.truncatedPercent),
                            scale: .linear(max: 100, step: 25), label: { Self.percent($0) }),
                right: .init(title: "time, all columns, cold cache (ms, log scale)", values: results.results.map(\.milliseconds),
                             scale: .log(spanning: times), label: { Self.decimalTime($0) + " ms" }))
        }
        if let multilingual = datasets.first(where: { !$0.scripts.isEmpty }),
           let estimate = strategies.firstIndex(where: { $0.name == Self.estimate }),
           let calibrated = strategies.firstIndex(where: { $0.name == "calibratedAverage" }) {
            let exactTruncated = multilingual.scripts.reduce(0) { $0 + ($1.results.first?.truncated ?? 0) }
            let cells = multilingual.scripts.reduce(0) { $0 + ($1.results.first?.cells ?? 0) }
            panels.append(Chart.Panel(
                title: "\(multilingual.dataset.file) by script: each script's rows as a table of their own",
                subtitle: "The two estimates against shaped widths; maxMeasured truncates \(Self.grouped(exactTruncated)) of these \(Self.grouped(cells)) cells.",
                labels: multilingual.scripts.map { "\($0.script) (\($0.rows) rows)" },
                colours: multilingual.scripts.map { _ in colours[.estimate] ?? "#000" },
                left: .init(title: "estimatedAverage(7): cells truncated (%)", values: multilingual.scripts.map { $0.results[estimate].truncatedPercent },
                            scale: .linear(max: 100, step: 25), label: { Self.percent($0) }),
                right: .init(title: "calibratedAverage: cells truncated (%)", values: multilingual.scripts.map { $0.results[calibrated].truncatedPercent },
                             scale: .linear(max: 100, step: 25), label: { Self.percent($0) })))
        }
        return Chart(
            title: "Column-width strategies: cells truncated and time",
            subtitle: "TextMeasure DataTables, \(stackName); \(date); \(machine.cores) cores, \(machine.cpu); load \(loadBefore) → \(loadAfter)",
            legend: NamedStrategy.Kind.allCases.map { (colours[$0] ?? "#000", $0.rawValue) },
            panels: panels)
    }

    // MARK: - Numbers

    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (value < 0 ? "−" : "") + out
    }

    static func decimal(_ value: Double, _ places: Int) -> String { String(format: "%.\(places)f", value) }

    /// 0 %, < 0.01 %, 0.04 %, 12.3 %.
    static func percent(_ value: Double) -> String {
        if value == 0 { return "0 %" }
        if value < 0.005 { return "< 0.01 %" }
        return (value < 0.1 ? String(format: "%.2f", value) : String(format: "%.1f", value)) + " %"
    }

    /// +12 %, −45 %, +0.3 %, "–" when there is nothing to compare with.
    static func signed(_ value: Double?) -> String {
        guard let value else { return "–" }
        let rounded = String(format: abs(value) < 9.95 ? "%.1f" : "%.0f", abs(value))
        return Double(rounded) == 0 ? "0 %" : (value > 0 ? "+" : "−") + rounded + " %"
    }

    static func decimalTime(_ milliseconds: Double) -> String {
        milliseconds < 1 ? String(format: "%.3f", milliseconds)
            : milliseconds < 100 ? String(format: "%.1f", milliseconds) : grouped(Int(milliseconds.rounded()))
    }

    static func milliseconds(_ value: Double) -> String { decimalTime(value) + " ms" }
}
