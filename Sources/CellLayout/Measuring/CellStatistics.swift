/// How much work measuring a cell took: the evidence that each text is shaped once.
public struct CellStatistics: Sendable, Hashable {
    /// Text leaves with a non-empty string.
    public var textLeaves = 0
    /// Texts prepared (split into segments and shaped): at most one per leaf.
    public var prepares = 0
    /// Layouts of prepared texts at a width (arithmetic over the shaped segments): one per leaf
    /// and distinct width offered.
    public var layouts = 0

    public init(textLeaves: Int = 0, prepares: Int = 0, layouts: Int = 0) {
        self.textLeaves = textLeaves
        self.prepares = prepares
        self.layouts = layouts
    }

    /// The counts a cell's nodes add to as they work.
    final class Counter {
        var textLeaves = 0, prepares = 0, layouts = 0
        var statistics: CellStatistics { CellStatistics(textLeaves: textLeaves, prepares: prepares, layouts: layouts) }
    }
}
