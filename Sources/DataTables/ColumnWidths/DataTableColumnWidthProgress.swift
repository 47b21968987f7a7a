/// How far a column-width calculation has got, counted in cells read.
public struct DataTableColumnWidthProgress: Sendable, Hashable {
    /// The column being read.
    public let column: Int
    /// Cells read so far, over all columns.
    public let completedCells: Int
    /// Cells the strategies read in all: rows × columns for whole-column strategies, the
    /// sample sizes for sampled ones, none for fixed widths.
    public let totalCells: Int

    public init(column: Int, completedCells: Int, totalCells: Int) {
        self.column = column
        self.completedCells = completedCells
        self.totalCells = totalCells
    }

    /// completedCells ÷ totalCells (1 when there is nothing to read).
    public var fractionCompleted: Double { totalCells == 0 ? 1 : Double(completedCells) / Double(totalCells) }
}
