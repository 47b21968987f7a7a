import CellLayout
import TextMeasure

/// A column's content width kept up to date as rows come, go and change, so an update costs
/// the rows it touches rather than the table. Each part of the column's plan is kept as it can be:
///
/// - A measurement of the widest of every row (`maxMeasured`, `maxNominal`, cells of every row):
///   a multiset of the rows' widths, so removing the widest finds the next without measuring again.
/// - An average estimate (`estimatedAverage`, `calibratedAverage`, `hybrid`'s): the total
///   grapheme count.
/// - A sampled measurement (`sampledMax`, `percentileMeasured`, cell samples, `hybrid`'s): none;
///   measured again from the current rows (their k cells, usually cache hits).
struct ColumnContent {
    /// Which of a cell's widths the content is made of.
    enum Extent {
        /// SwiftDataTables' content width (`.contentFitted` layout).
        case content
        /// Automatic layout: the max-content width, or the min-content width.
        case maxContent, minContent

        /// This extent of `widths`.
        func of(_ widths: IntrinsicWidths) -> Double { self == .minContent ? widths.minContent : widths.maxContent }

        /// The grapheme count an estimate of this extent counts in `text`: its longest line's,
        /// or its longest word's for min-content.
        func graphemes(of text: String) -> Int {
            self == .minContent ? FontStack.longestWordGraphemeCount(of: text) : FontStack.contentGraphemeCount(of: text)
        }
    }

    let plan: ColumnWidthPlan
    let extent: Extent
    /// Every row's width when the plan measures the widest of every row.
    private var widest: WidthMultiset?
    /// Every row's grapheme count summed, when the plan estimates.
    private var graphemes = 0

    /// The state of `extent` for `plan` over `count` rows whose texts `text` gives;
    /// `widths(measurer)` is every row's width of that extent by `measurer` (from the calculator's
    /// batch, which shapes each distinct text once on every core).
    init(plan: ColumnWidthPlan, extent: Extent, count: Int, text: (Int) -> String,
         widths: (ColumnWidthPlan.Measurer) -> [Double]) {
        (self.plan, self.extent) = (plan, extent)
        if plan.averageCharacterWidth != nil { graphemes = (0..<count).reduce(0) { $0 + extent.graphemes(of: text($1)) } }
        if let measurement = plan.measurement, measurement.isWidestOfEveryRow { widest = WidthMultiset(widths(measurement.measurer)) }
    }

    /// Takes a row's text and cell out of the content (`sign` −1) or puts them in (+1).
    mutating func update(_ sign: Int, text: @autoclosure () -> String, cell: @autoclosure () -> CellNode,
                         font: FontStack, cache: WidthCache?) {
        if plan.averageCharacterWidth != nil { graphemes += sign * extent.graphemes(of: text()) }
        if widest != nil, let measurer = plan.measurement?.measurer {
            let width = extent.of(measurer.widths(text: text, cell: cell, font: font, cache: cache, minContent: extent != .content))
            if sign > 0 { widest?.insert(width) } else { widest?.remove(width) }
        }
    }

    /// The content width over `count` rows (nil for a plan with no part); `sampled` measures a
    /// sampled measurement over the current rows.
    func width(count: Int, sampled: (ColumnWidthPlan.Measurement) -> Double) -> Double? {
        plan.contentWidth(estimate: { ColumnWidthPlan.average(graphemes: graphemes, rowCount: count, characterWidth: $0) },
                          measure: { measurement in widest.map { $0.max ?? 0 } ?? sampled(measurement) })
    }
}

/// Widths with repeats, and the largest. Insert and remove O(1); removing the last copy of the
/// largest finds the next in O(distinct widths), which a table's updates rarely need.
struct WidthMultiset {
    private var counts: [Double: Int] = [:]
    private(set) var max: Double?

    init(_ widths: [Double]) {
        for width in widths { insert(width) }
    }

    mutating func insert(_ width: Double) {
        counts[width, default: 0] += 1
        if max.map({ width > $0 }) ?? true { max = width }
    }

    mutating func remove(_ width: Double) {
        guard let count = counts[width] else { return }
        if count > 1 {
            counts[width] = count - 1
        } else {
            counts[width] = nil
            if width == max { max = counts.keys.max() }
        }
    }
}
