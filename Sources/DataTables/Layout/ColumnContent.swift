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
        case widest(WidthMultiset, by: Measure)
        case average(graphemes: Int, characterWidth: Double)
        case hybrid(graphemes: Int, characterWidth: Double)
        case sampled
    }

    /// How one row's width is taken for the widest-cell kinds.
    enum Measure {
        case shaped, nominal, cell
    }

    var kind: Kind

    /// The state for `mode` over `count` rows whose texts and cells `text` and `cell` give.
    init(mode: DataTableColumnWidthMode, configuration: DataTableConfiguration, count: Int,
         text: (Int) -> String, cell: (Int) -> CellNode, cache: WidthCache?) {
        let font = configuration.font
        func graphemes() -> Int { (0..<count).reduce(0) { $0 + text($1).count } }
        func widest(_ measure: Measure) -> Kind {
            let widths = switch measure {
            case .shaped: font.widths(of: (0..<count).map(text), cache: cache)
            case .nominal: font.nominalWidths(of: (0..<count).map(text))
            case .cell: MeasuredCell.fittingWidths(of: (0..<count).map(cell), cache: cache)
            }
            return .widest(WidthMultiset(widths), by: measure)
        }
        switch mode {
        case .fixed: kind = .none
        case .fitContentAutoLayout(.all): kind = widest(.cell)
        case .fitContentAutoLayout: kind = .sampled
        case .fitContentText(let strategy):
            switch strategy {
            case .maxMeasured: kind = widest(.shaped)
            case .maxNominal: kind = widest(.nominal)
            case .estimatedAverage(let width): kind = .average(graphemes: graphemes(), characterWidth: width)
            case .calibratedAverage: kind = .average(graphemes: graphemes(), characterWidth: font.averageCharacterWidth)
            case .hybrid(_, let width): kind = .hybrid(graphemes: graphemes(), characterWidth: width)
            case .sampledMax, .percentileMeasured, .fixed: kind = .sampled
            }
        }
    }

    /// One row's width in a widest-cell column.
    static func width(_ measure: Measure, text: @autoclosure () -> String, cell: @autoclosure () -> CellNode,
                      font: FontStack, cache: WidthCache?) -> Double {
        switch measure {
        case .shaped: font.width(of: text(), cache: cache)
        case .nominal: font.nominalWidth(of: text())
        case .cell: MeasuredCell(cell(), cache: cache).fittingWidth
        }
    }

    /// Takes a row's text and cell out of the content (`sign` −1) or puts them in (+1).
    mutating func update(_ sign: Int, text: @autoclosure () -> String, cell: @autoclosure () -> CellNode,
                         font: FontStack, cache: WidthCache?) {
        switch kind {
        case .none, .sampled: break
        case .widest(var multiset, let measure):
            let width = Self.width(measure, text: text(), cell: cell(), font: font, cache: cache)
            if sign > 0 { multiset.insert(width) } else { multiset.remove(width) }
            kind = .widest(multiset, by: measure)
        case .average(let graphemes, let width):
            kind = .average(graphemes: graphemes + sign * text().count, characterWidth: width)
        case .hybrid(let graphemes, let width):
            kind = .hybrid(graphemes: graphemes + sign * text().count, characterWidth: width)
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
