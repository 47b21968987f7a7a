/// Which cells `.fitContentAutoLayout` measures with the cell model, and what it makes of them:
/// SwiftDataTables' sample. Samples are spread evenly and include the first and the last row,
/// as `DataTableColumnWidthStrategy`'s; rows outside them are never read.
public enum DataTableColumnWidthSample: Sendable, Hashable {
    /// Every cell of the column; the widest.
    case all
    /// `sampleSize` cells; the widest.
    case sampledMax(sampleSize: Int)
    /// `sampleSize` cells; the nearest-rank `percentile` of their widths, in (0, 1].
    case percentile(Double, sampleSize: Int)
}
