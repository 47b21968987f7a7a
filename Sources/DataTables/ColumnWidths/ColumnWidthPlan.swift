/// What a column's width mode reads and makes of it, resolved once from the mode: the one place
/// the strategies are told apart. A content width is the larger of the parts the plan has (each
/// of min- and max-content on its own): a given width, an average estimate, a measurement.
/// `hybrid` is the estimate and a sampled measurement; a `.fixed` mode has no part and reads no
/// content.
///
/// `package`, not internal: TableSpreadsheet fits its columns by the same plan, measuring by its
/// own rule (`ColumnFit`).
package struct ColumnWidthPlan: Hashable, Sendable {
    /// How a cell's content width is taken.
    package enum Measurer: Hashable, Sendable {
        /// The cell's text shaped in the column's font (exact).
        case shapedText
        /// The cell's text by nominal advances, no shaping.
        case nominalText
        /// The fitting width of the cell (CellLayout).
        case cell
    }

    /// What a measurement makes of the content widths of the rows it read.
    package enum Reduction: Hashable, Sendable {
        case max
        case percentile(Double)

        /// The widest of `widths`, or their nearest-rank percentile (0 for none).
        ///
        /// - Complexity: O(k), or O(k log k) for a percentile.
        package func reduce(_ widths: [Double]) -> Double {
            switch self {
            case .max: widths.max() ?? 0
            case .percentile(let percentile): NearestRank.value(percentile, of: widths)
            }
        }
    }

    /// Cells measured one by one: which rows, how, and what is made of their widths.
    package struct Measurement: Hashable, Sendable {
        /// The rows sampled (`RowSample`); nil for every row, whatever their count.
        package var sampleSize: Int?
        package var reduction: Reduction
        package var measurer: Measurer

        /// The rows of a table of `rowCount` rows this measurement reads.
        package func rows(of rowCount: Int) -> RowSample { RowSample(rowCount: rowCount, size: sampleSize ?? rowCount) }

        /// Whether it is the widest of every row, which an update keeps without measuring again.
        var isWidestOfEveryRow: Bool { sampleSize == nil && reduction == .max }
    }

    /// A content width given outright (the `fixed` strategy), in the plan's unit.
    package private(set) var givenWidth: Double?
    /// The character width of an average estimate (`estimatedAverage`, `calibratedAverage`,
    /// `hybrid`), in the plan's unit.
    package private(set) var averageCharacterWidth: Double?
    package private(set) var measurement: Measurement?

    /// A plan with no part: a `.fixed` mode's.
    init() {}

    /// `mode`'s plan; `calibratedCharacterWidth` is read only by `.calibratedAverage`.
    init(_ mode: DataTableColumnWidthMode, calibratedCharacterWidth: @autoclosure () -> Double) {
        self.init()
        switch mode {
        case .fixed: break
        case .fitContentText(let strategy): self = ColumnWidthPlan(strategy, calibratedCharacterWidth: calibratedCharacterWidth())
        case .fitContentAutoLayout(.all): measurement = Measurement(sampleSize: nil, reduction: .max, measurer: .cell)
        case .fitContentAutoLayout(.sampledMax(let size)):
            measurement = Measurement(sampleSize: size, reduction: .max, measurer: .cell)
        case .fitContentAutoLayout(.percentile(let percentile, let size)):
            measurement = Measurement(sampleSize: size, reduction: .percentile(percentile), measurer: .cell)
        }
    }

    /// `strategy`'s plan, its lengths (`averageCharWidth`, `width`) × `lengthScale`;
    /// `calibratedCharacterWidth`, in the plan's unit, is read only by `.calibratedAverage`.
    package init(_ strategy: DataTableColumnWidthStrategy, lengthScale: Double = 1,
                 calibratedCharacterWidth: @autoclosure () -> Double) {
        switch strategy {
        case .maxMeasured: measurement = Measurement(sampleSize: nil, reduction: .max, measurer: .shapedText)
        case .maxNominal: measurement = Measurement(sampleSize: nil, reduction: .max, measurer: .nominalText)
        case .sampledMax(let size): measurement = Measurement(sampleSize: size, reduction: .max, measurer: .shapedText)
        case .percentileMeasured(let percentile, let size):
            measurement = Measurement(sampleSize: size, reduction: .percentile(percentile), measurer: .shapedText)
        case .estimatedAverage(let width): averageCharacterWidth = width * lengthScale
        case .calibratedAverage: averageCharacterWidth = calibratedCharacterWidth()
        case .hybrid(let size, let width):
            averageCharacterWidth = width * lengthScale
            measurement = Measurement(sampleSize: size, reduction: .max, measurer: .shapedText)
        case .fixed(let width): givenWidth = width * lengthScale
        }
    }

    /// How many cells the plan reads in a table of `rowCount` rows (an estimate reads every row).
    func cellsRead(of rowCount: Int) -> Int {
        (averageCharacterWidth == nil ? 0 : rowCount) + (measurement?.rows(of: rowCount).count ?? 0)
    }

    /// The content width: the larger of the parts, the estimate's (`estimate`, from the
    /// character width) before the measurement's (`measure`). Nil for a plan with no part.
    package func contentWidth<Width: ContentWidth>(estimate: (_ characterWidth: Double) -> Width,
                                                   measure: (Measurement) -> Width) -> Width? {
        var width = givenWidth.map(Width.init)
        if let averageCharacterWidth { width = width.larger(estimate(averageCharacterWidth)) }
        if let measurement { width = width.larger(measure(measurement)) }
        return width
    }

    /// SwiftDataTables' average: `graphemes` over `rowCount` rows × `characterWidth` (the count
    /// summed exactly, then scaled once); 0 for no rows.
    package static func average(graphemes: Int, rowCount: Int, characterWidth: Double) -> Double {
        rowCount > 0 ? Double(graphemes) * characterWidth / Double(rowCount) : 0
    }
}

/// A content width a plan's parts combine into: a length, or a cell's two intrinsic widths.
package protocol ContentWidth {
    init(_ width: Double)
    /// The larger of the two (each of a pair's widths on its own).
    func larger(_ other: Self) -> Self
}

extension Double: ContentWidth {
    package func larger(_ other: Double) -> Double { Swift.max(self, other) }
}

extension Optional where Wrapped: ContentWidth {
    /// `other`, or the larger of the two.
    fileprivate func larger(_ other: Wrapped) -> Wrapped { map { $0.larger(other) } ?? other }
}
