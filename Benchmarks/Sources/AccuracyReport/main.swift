// The accuracy report: every column-width strategy on every column of the three tables of
// Benchmarks/Data, against the exact shaped widths of their cells. Writes accuracy.md and
// accuracy.svg, and puts the summary into Benchmarks/README.md between its markers. Run it with
// `Benchmarks/accuracy.sh` (see Benchmarks/README.md).
//
//   AccuracyReport --output DIR [--readme README.md] [--repetitions 5] [--fallback none|system]
//                  [--swift-version S] [--harfbuzz-version V]
//
// With --fallback system the bundled stack falls back to the installed fonts (fontconfig), and
// the report is written as accuracy-system.md and accuracy-system.svg.

import Foundation
import PackageTable
import TextMeasure

var options: [String: String] = ["--repetitions": "5", "--fallback": "none", "--swift-version": "Swift (version not given)", "--harfbuzz-version": "(version not given)"]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard name.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: AccuracyReport --output DIR [--readme FILE] [--repetitions N] [--swift-version S] [--harfbuzz-version V]\n".utf8))
        exit(2)
    }
    options[name] = value
}
guard let output = options["--output"], let repetitions = Int(options["--repetitions"] ?? ""), repetitions > 0,
      let fallbackChoice = options["--fallback"], ["none", "system"].contains(fallbackChoice) else {
    FileHandle.standardError.write(Data("AccuracyReport: --output DIR is required; --repetitions must be a positive number; --fallback is none or system\n".utf8))
    exit(2)
}
let systemFallback = fallbackChoice == "system"

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Cells holding a character no font of `stack` has.
func uncoveredCells(in dataset: Dataset, stack: FontStack) -> Int {
    dataset.rows.reduce(0) { count, row in count + row.filter { !stack.uncoveredScalars(in: $0).isEmpty }.count }
}

/// With system fallback, the rows of a CJK script are measured in their language, so fontconfig
/// gives their Han characters that language's face (zh-Hant: a traditional-Chinese face).
let scriptLanguages = ["Hant": "zh-Hant", "Hans": "zh-Hans", "Jpan": "ja", "Kore": "ko"]

let started = ContinuousClock.now
let loadBefore = Machine.loadAverage
let stack: FontStack
do {
    let bundled = try FontStack.bundled(size: 14)
    stack = systemFallback ? try FontStack(bundled.fonts, fallback: .system) : bundled
} catch { fatalError("bundled font stack: \(error)") }
let measurer = Measurer(stack: stack, repetitions: repetitions)

var results: [DatasetResults] = []
for dataset in Dataset.all() {
    log("\(dataset.file): \(dataset.rows.count) rows × \(dataset.titles.count) columns")
    let truth = measurer.truth(of: dataset)
    // The simple-text path must not change a width: every cell measured again by hb_shape alone.
    let shaped = measurer.truth(of: dataset, mode: .harfbuzz)
    let changed = zip(truth, shaped).reduce(0) { count, columns in count + zip(columns.0, columns.1).filter { $0 != $1 }.count }
    require(changed == 0, "\(dataset.file): \(changed) widths differ between ShapingMode.auto and .harfbuzz")
    let shares = dataset.titles.indices.map { column in
        let texts = Set(dataset.rows.map { $0[column] })
        return "\(dataset.titles[column]) \(Report.percent(Double(texts.filter(stack.takesSimpleTextPath).count) / Double(max(1, texts.count)) * 100))"
    }
    log("  every width equal with --shaping harfbuzz; distinct texts measured without shaping: \(shares.joined(separator: ", "))")
    let tables = NamedStrategy.all.map { strategy in
        let table = measurer.run(strategy, on: dataset, truth: truth, timed: true)
        log("  \(strategy.name): \(Report.percent(table.truncatedPercent)) truncated, \(Report.decimalTime(table.milliseconds)) ms")
        return table
    }
    if let exact = tables.first {
        // Shaped strategies truncate nothing they measured: maxMeasured is each column's true maximum.
        require(exact.truncated == 0 && exact.columns.allSatisfy { $0.content == $0.needed },
                     "\(dataset.file): maxMeasured is not the widest shaped cell")
    }
    let scripts = dataset.scriptOrder.map { script in
        let indices = dataset.rowIndices(script: script)
        let subset = dataset.subset(script: script, rows: indices)
        if systemFallback, let language = scriptLanguages[script] {
            let scriptStack: FontStack
            do { scriptStack = try FontStack(stack.fonts, language: language, fallback: .system) } catch { fatalError("\(language) stack: \(error)") }
            let scriptMeasurer = Measurer(stack: scriptStack, repetitions: repetitions)
            let scriptTruth = scriptMeasurer.truth(of: subset)
            return (script: script + " (\(language))", rows: subset.rows.count, uncoveredCells: uncoveredCells(in: subset, stack: scriptStack),
                    results: NamedStrategy.all.map { scriptMeasurer.run($0, on: subset, truth: scriptTruth, timed: false) })
        }
        let subsetTruth = truth.map { column in indices.map { column[$0] } }  // a row's widths are the same in any table
        return (script: script, rows: subset.rows.count, uncoveredCells: uncoveredCells(in: subset, stack: stack),
                results: NamedStrategy.all.map { measurer.run($0, on: subset, truth: subsetTruth, timed: false) })
    }
    let distinct = dataset.titles.indices.map { column in Set(dataset.rows.map { Array($0[column].utf8) }).count }
    results.append(DatasetResults(dataset: dataset, results: tables, distinctTexts: distinct,
                                  uncoveredCells: uncoveredCells(in: dataset, stack: stack), scripts: scripts))
}

let elapsed = ContinuousClock.now - started
let formatter = ISO8601DateFormatter()
formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
let report = Report(
    machine: .current(swift: options["--swift-version"] ?? "", harfBuzz: options["--harfbuzz-version"] ?? ""),
    date: formatter.string(from: Date()) + " UTC", loadBefore: loadBefore, loadAfter: Machine.loadAverage,
    repetitions: repetitions, runSeconds: Double(elapsed.components.seconds), datasets: results,
    stackName: systemFallback ? "FontStack(FontStack.bundled(size: 14).fonts, fallback: .system)" : "FontStack.bundled(size: 14)",
    noFont: systemFallback ? "no installed font" : "no bundled font")

func write(_ text: String, to path: String) {
    do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch { fatalError("\(path): \(error)") }
    log("wrote \(path)")
}

try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
let name = systemFallback ? "accuracy-system" : "accuracy"
write(report.markdown(), to: output + "/\(name).md")
write(report.chart().svg(), to: output + "/\(name).svg")

if let readme = options["--readme"], !systemFallback {
    // The README's summary lies between these markers; links are relative to the README.
    let begin = "<!-- accuracy-summary:begin (written by Benchmarks/accuracy.sh) -->", end = "<!-- accuracy-summary:end -->"
    guard let text = try? String(contentsOfFile: readme, encoding: .utf8),
          let start = text.range(of: begin), let stop = text.range(of: end), start.upperBound <= stop.lowerBound else {
        fatalError("\(readme): no \(begin) … \(end) markers")
    }
    let readmeFolder = URL(fileURLWithPath: readme).standardizedFileURL.deletingLastPathComponent().path
    let outputFolder = URL(fileURLWithPath: output).standardizedFileURL.path
    let relative = outputFolder.hasPrefix(readmeFolder + "/") ? String(outputFolder.dropFirst(readmeFolder.count + 1)) : outputFolder
    let summary = report.readmeSummary(reportLink: relative + "/accuracy.md", chartLink: relative + "/accuracy.svg")
    write(text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: "\n" + summary), to: readme)
}
