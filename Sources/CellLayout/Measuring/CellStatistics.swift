/// How much work measuring a cell took: the evidence that each text is shaped once.
public struct CellStatistics: Sendable, Hashable {
    /// Text leaves with a non-empty string.
    public var textLeaves = 0
    /// Texts shaped: a wrapping text when it is prepared (split at its break opportunities,
    /// each segment shaped), a single-line text when first measured whole. At most one per
    /// leaf; later widths reuse the shaped segments, or the width cache.
    public var shapedTexts = 0
    /// Layouts at a width (for a wrapping text, arithmetic over its shaped segments): one per
    /// leaf and distinct width offered.
    public var layouts = 0

    /// Counts as given (for comparing and summing statistics).
    public init(textLeaves: Int = 0, shapedTexts: Int = 0, layouts: Int = 0) {
        self.textLeaves = textLeaves
        self.shapedTexts = shapedTexts
        self.layouts = layouts
    }

    /// The counts a cell's nodes add to as they work.
    final class Counter {
        var textLeaves = 0, shapedTexts = 0, layouts = 0
        var statistics: CellStatistics { CellStatistics(textLeaves: textLeaves, shapedTexts: shapedTexts, layouts: layouts) }
    }
}
