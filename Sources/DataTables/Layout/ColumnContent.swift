import CellLayout
import TextMeasure

/// A column's content width kept up to date as rows come, go and change, so an update costs
/// the rows it touches rather than the table.
///
/// - The widest cell (`maxMeasured`, `maxNominal`, cells of every row): a multiset of the rows'
///   widths, so removing the widest finds the next without measuring again.
/// - Averages (`estimatedAverage`, `calibratedAverage`): the total grapheme count.
/// - Samples (`sampledMax`, `percentileMeasured`, cell samples) and `hybrid`'s sampled half:
///   measured again from the current rows (their k cells, usually cache hits).
struct ColumnContent {
    enum Kind {
        case none
        case widest(WidthMultiset, by: ColumnWidthCalculator.Measurer)
        case average(graphemes: Int, characterWidth: Double)
        case hybrid(graphemes: Int, characterWidth: Double)
        case sampled
    }

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

    var kind: Kind
    let extent: Extent

    /// The state of `extent` for `mode` over `count` rows whose texts `text` gives;
    /// `widths(measurer)` is every row's width of that extent by `measurer` (from the calculator's
    /// batch, which shapes each distinct text once on every core).
    init(mode: DataTableColumnWidthMode, configuration: DataTableConfiguration, extent: Extent, count: Int,
         text: (Int) -> String, widths: (ColumnWidthCalculator.Measurer) -> [Double]) {
        self.extent = extent
        func graphemes() -> Int { (0..<count).reduce(0) { $0 + extent.graphemes(of: text($1)) } }
        func widest(_ measurer: ColumnWidthCalculator.Measurer) -> Kind { .widest(WidthMultiset(widths(measurer)), by: measurer) }
        switch mode {
        case .fixed: kind = .none
        case .fitContentAutoLayout(.all): kind = widest(.cell)
        case .fitContentAutoLayout: kind = .sampled
        case .fitContentText(let strategy):
            switch strategy {
            case .maxMeasured: kind = widest(.shapedText)
            case .maxNominal: kind = widest(.nominalText)
            case .estimatedAverage(let width): kind = .average(graphemes: graphemes(), characterWidth: width)
            case .calibratedAverage:
                kind = .average(graphemes: graphemes(), characterWidth: configuration.font.averageCharacterWidth)
            case .hybrid(_, let width): kind = .hybrid(graphemes: graphemes(), characterWidth: width)
            case .sampledMax, .percentileMeasured, .fixed: kind = .sampled
            }
        }
    }

    /// Takes a row's text and cell out of the content (`sign` −1) or puts them in (+1).
    mutating func update(_ sign: Int, text: @autoclosure () -> String, cell: @autoclosure () -> CellNode,
                         font: FontStack, cache: WidthCache?) {
        switch kind {
        case .none, .sampled: break
        case .widest(var multiset, let measurer):
            let width = extent.of(measurer.widths(text: text, cell: cell, font: font, cache: cache, minContent: extent != .content))
            if sign > 0 { multiset.insert(width) } else { multiset.remove(width) }
            kind = .widest(multiset, by: measurer)
        case .average(let graphemes, let width):
            kind = .average(graphemes: graphemes + sign * extent.graphemes(of: text()), characterWidth: width)
        case .hybrid(let graphemes, let width):
            kind = .hybrid(graphemes: graphemes + sign * extent.graphemes(of: text()), characterWidth: width)
        }
    }

    /// The content width over `count` rows; `sampled` measures the sample of the current rows.
    func width(count: Int, sampled: () -> Double?) -> Double? {
        switch kind {
        case .none: nil
        case .widest(let multiset, _): multiset.max ?? 0
        case .average(let graphemes, let width): count > 0 ? Double(graphemes) * width / Double(count) : 0
        case .hybrid(let graphemes, let width):
            max(count > 0 ? Double(graphemes) * width / Double(count) : 0, sampled() ?? 0)
        case .sampled: sampled()
        }
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
