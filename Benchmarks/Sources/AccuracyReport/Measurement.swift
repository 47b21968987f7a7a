import DataTables
import PackageTable
import TextMeasure

/// A strategy as the report names it.
struct NamedStrategy: Sendable {
    let name: String
    let strategy: DataTableColumnWidthStrategy
    /// How it finds widths, for the chart's colours.
    let kind: Kind

    enum Kind: String, Sendable, CaseIterable {
        case shaped = "shaped (HarfBuzz)"
        case nominal = "nominal advances"
        case estimate = "estimate (grapheme count)"
        case fixed = "fixed"
    }

    /// Every strategy of `DataTableColumnWidthStrategy`, the exact one first.
    static let all: [NamedStrategy] = [
        .init(name: "maxMeasured", strategy: .maxMeasured, kind: .shaped),
        .init(name: "sampledMax(100)", strategy: .sampledMax(sampleSize: 100), kind: .shaped),
        .init(name: "percentileMeasured(0.95, 100)", strategy: .percentileMeasured(percentile: 0.95, sampleSize: 100), kind: .shaped),
        .init(name: "hybrid(100, 7)", strategy: .hybrid(sampleSize: 100, averageCharWidth: 7), kind: .shaped),
        .init(name: "maxNominal", strategy: .maxNominal, kind: .nominal),
        .init(name: "estimatedAverage(7)", strategy: .estimatedAverage(averageCharWidth: 7), kind: .estimate),
        .init(name: "calibratedAverage", strategy: .calibratedAverage, kind: .estimate),
        .init(name: "fixed(100)", strategy: .fixed(width: 100), kind: .fixed),
    ]
}

/// One strategy on one column, judged against the column's shaped widths.
struct ColumnResult: Sendable {
    /// The strategy's content width (before padding, clamping and the header).
    let content: Double
    /// The content width the column's final width leaves (width − horizontal padding): what a
    /// cell really gets once the minimum width and the header have widened the column.
    let available: Double
    /// The widest shaped cell: what the column needs.
    let needed: Double
    /// Cells wider than `content`, and wider than `available`.
    let truncated: Int
    let truncatedInColumn: Int
    let cells: Int
    /// Median wall time of the column's width, cold cache, in milliseconds.
    let milliseconds: Double

    /// (content − needed) ÷ needed in %: positive is width wasted, negative is width missing.
    var wastePercent: Double? { needed > 0 ? (content - needed) / needed * 100 : nil }
}

/// Sums over a table's columns for one strategy.
struct TableResult: Sendable {
    let columns: [ColumnResult]

    var cells: Int { columns.reduce(0) { $0 + $1.cells } }
    var truncated: Int { columns.reduce(0) { $0 + $1.truncated } }
    var truncatedInColumn: Int { columns.reduce(0) { $0 + $1.truncatedInColumn } }
    var truncatedPercent: Double { cells > 0 ? Double(truncated) / Double(cells) * 100 : 0 }
    var truncatedInColumnPercent: Double { cells > 0 ? Double(truncatedInColumn) / Double(cells) * 100 : 0 }
    var milliseconds: Double { columns.reduce(0) { $0 + $1.milliseconds } }
    /// The content widths summed against the needed widths summed, in %.
    var wastePercent: Double? {
        let needed = columns.reduce(0) { $0 + $1.needed }, content = columns.reduce(0) { $0 + $1.content }
        return needed > 0 ? (content - needed) / needed * 100 : nil
    }
}

/// Runs every strategy on every column of a table.
struct Measurer {
    let stack: FontStack
    let repetitions: Int

    /// Every shaped width of every column: truth[c][r] = `stack.width(of: rows[r][c])`, measured in `mode`.
    func truth(of dataset: Dataset, mode: ShapingMode = .auto) -> [[Double]] {
        ShapingMode.current = mode
        defer { ShapingMode.current = .auto }
        let cache = WidthCache(capacity: 1_000_000)
        return dataset.titles.indices.map { column in
            let widths = stack.widths(of: dataset.rows.map { $0[column] }, cache: cache)
            // widths(of:) promises width(of:) for each text; hold it to that on a sample.
            for row in stride(from: 0, to: dataset.rows.count, by: 97) {
                require(widths[row] == stack.width(of: dataset.rows[row][column], cache: nil),
                             "\(dataset.file) row \(row) column \(column): batch width ≠ width(of:)")
            }
            return widths
        }
    }

    /// `strategy` on each column of `dataset`, against `truth`; timed when `timed`.
    func run(_ strategy: NamedStrategy, on dataset: Dataset, truth: [[Double]], timed: Bool) -> TableResult {
        var configuration = DataTableConfiguration(font: stack)
        configuration.shouldContentWidthScaleToFillFrame = false
        let rows = dataset.rows
        let columns = dataset.titles.indices.map { index in DataTableColumn<[String]>(dataset.titles[index]) { $0[index] } }
        return TableResult(columns: dataset.titles.indices.map { column in
            // Only this column is measured: the others are fixed and read nothing.
            configuration.columnWidthModeProvider = { $0 == column ? .fitContentText(strategy: strategy.strategy) : .fixed(width: 0) }
            var times: [Double] = []
            var width: DataTableColumnWidth?
            for _ in 0..<(timed ? repetitions : 1) {
                let cache = WidthCache(capacity: 1_000_000)  // cold: every distinct text shaped
                let start = ContinuousClock.now
                let widths: DataTableColumnWidths
                do { widths = try configuration.columnWidths(for: rows, columns: columns, cache: cache) } catch {
                    fatalError("\(strategy.name) on \(dataset.file): \(error)")
                }
                let elapsed = ContinuousClock.now - start
                withExtendedLifetime(cache) {}
                times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
                width = widths.columns[column]
            }
            guard let width, let content = width.contentWidth else { fatalError("no content width") }
            let available = width.width - configuration.cellPadding.horizontal
            let widths = truth[column]
            return ColumnResult(content: content, available: available, needed: widths.max() ?? 0,
                                truncated: widths.reduce(0) { $0 + ($1 > content ? 1 : 0) },
                                // content + padding − padding can round an ulp below content: a
                                // cell as wide as the content width is not cut by that.
                                truncatedInColumn: widths.reduce(0) { $0 + ($1 > available + 1e-9 * available ? 1 : 0) },
                                cells: widths.count, milliseconds: times.sorted()[times.count / 2])
        })
    }
}
