import TextMeasure

extension MeasuredCell {
    /// The fitting width of each of `cells`, in order, measured on every core (each through a
    /// `MeasuredCell` of its own). O(total work / cores).
    public static func fittingWidths(of cells: [CellNode], cache: WidthCache? = .shared) -> [Double] {
        concurrentMap(cells.count, parallelFrom: 16) { MeasuredCell(cells[$0], cache: cache).fittingWidth }
    }

    /// The min-content and fitting widths of each of `cells`, in order, each cell measured once,
    /// on every core.
    public static func intrinsicWidths(of cells: [CellNode], cache: WidthCache? = .shared)
        -> [(minContent: Double, fitting: Double)] {
        concurrentMap(cells.count, parallelFrom: 16) {
            let measured = MeasuredCell(cells[$0], cache: cache)
            return (measured.minContentWidth, measured.fittingWidth)
        }
    }

    /// The height of each of `cells` at `width`, in order, measured on every core.
    public static func heights(of cells: [CellNode], atWidth width: Double, cache: WidthCache? = .shared) -> [Double] {
        concurrentMap(cells.count, parallelFrom: 16) { MeasuredCell(cells[$0], cache: cache).height(atWidth: width) }
    }
}
