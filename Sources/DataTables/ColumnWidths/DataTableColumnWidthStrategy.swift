/// How `.fitContentText` finds a column's content width: SwiftDataTables'
/// `DataTableColumnWidthStrategy`, plus two strategies that use the font itself to go faster.
///
/// Measured widths are exact shaped widths in the configuration's `font` (HarfBuzz, no
/// rounding). Samples are `min(sampleSize, rows)` distinct rows spread evenly over the table,
/// always including the first and the last: row `round(i·(rows − 1)/(k − 1))` for i in 0..<k.
/// Rows outside the sample are never read.
public enum DataTableColumnWidthStrategy: Sendable, Hashable {
    /// The widest shaped cell text of all rows. Exact.
    ///
    /// - Complexity: O(rows) to format, each distinct text shaped once, on every core.
    case maxMeasured

    /// The nearest-rank `percentile` of the shaped widths of a sample of `sampleSize` rows:
    /// the ⌈percentile·k⌉-th smallest of the k sampled widths. `percentile` in (0, 1].
    ///
    /// - Complexity: O(sampleSize) to format, each distinct text shaped once, plus
    ///   O(sampleSize × log sampleSize) to rank the widths.
    case percentileMeasured(percentile: Double, sampleSize: Int)

    /// The widest shaped cell text of a sample of `sampleSize` rows.
    ///
    /// - Complexity: O(sampleSize) to format, each distinct text shaped once.
    case sampledMax(sampleSize: Int)

    /// The mean over all rows of (grapheme count × `averageCharWidth`), as SwiftDataTables
    /// estimates: cells longer than the average are clipped.
    ///
    /// - Complexity: O(rows), no font work.
    case estimatedAverage(averageCharWidth: Double)

    /// The larger of `estimatedAverage(averageCharWidth:)` and `sampledMax(sampleSize:)`.
    ///
    /// - Complexity: O(rows + sampleSize): both of theirs.
    case hybrid(sampleSize: Int, averageCharWidth: Double)

    /// `width` as the content width, whatever the content (padding, clamping and the header
    /// still apply: use the mode `.fixed(width:)` for an exact column width).
    case fixed(width: Double)

    /// The widest cell text of all rows by nominal advances: each character's advance from the
    /// font's tables, no shaping (no kerning, ligatures or contextual forms). Exact for
    /// monospace and most unkerned Latin text, close otherwise.
    ///
    /// - Complexity: O(rows), no cache needed.
    case maxNominal

    /// `estimatedAverage` with the font's own average character width
    /// (`FontStack.averageCharacterWidth`) instead of a hand-typed number.
    ///
    /// - Complexity: O(rows), as `estimatedAverage(averageCharWidth:)`.
    case calibratedAverage
}
