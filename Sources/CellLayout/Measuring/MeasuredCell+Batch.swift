import TextMeasure

extension MeasuredCell {
    /// The fitting width of each of `cells`, in order, measured on every core (each through a
    /// `MeasuredCell` of its own).
    ///
    /// - Complexity: the work of `fittingWidth` for every cell, spread over the cores.
    public static func fittingWidths(of cells: [CellNode], cache: WidthCache? = .shared) -> [Double] {
        concurrentMap(cells.count, parallelFrom: 16) { MeasuredCell(cells[$0], cache: cache).fittingWidth }
    }

    /// The min-content and fitting widths of each of `cells`, in order, each cell measured once,
    /// on every core.
    ///
    /// - Complexity: the work of `minContentWidth` and `fittingWidth` for every cell, spread over
    ///   the cores.
    public static func intrinsicWidths(of cells: [CellNode], cache: WidthCache? = .shared)
        -> [(minContent: Double, fitting: Double)] {
        concurrentMap(cells.count, parallelFrom: 16) {
            let measured = MeasuredCell(cells[$0], cache: cache)
            return (measured.minContentWidth, measured.fittingWidth)
        }
    }

    /// The height of each of `cells` at `width`, in order, measured on every core.
    ///
    /// - Complexity: the work of `height(atWidth:)` for every cell, spread over the cores.
    public static func heights(of cells: [CellNode], atWidth width: Double, cache: WidthCache? = .shared) -> [Double] {
        concurrentMap(cells.count, parallelFrom: 16) { MeasuredCell(cells[$0], cache: cache).height(atWidth: width) }
    }
}
