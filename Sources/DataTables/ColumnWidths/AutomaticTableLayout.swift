/// The frame shared out between columns' min-content and max-content widths, as CSS Tables 3's
/// width distribution and Chromium's `table-layout: auto` do it for columns of auto and fixed
/// width (no percentages).
package enum AutomaticTableLayout {
    /// One column's intrinsic widths, padding and header included; `isFixed` for a `.fixed`
    /// column (min-content = max-content = its width).
    package struct Column: Equatable {
        package var minContent: Double
        package var maxContent: Double
        package var isFixed: Bool

        package init(minContent: Double, maxContent: Double, isFixed: Bool) {
            (self.minContent, self.maxContent, self.isFixed) = (minContent, maxContent, isFixed)
        }
    }

    /// The column widths for `frame` (nil: no frame, every column at its max-content width):
    /// - frame below Σmin: every column at its min-content width (the table is wider than the frame);
    /// - Σmin ≤ frame < Σmax: each column min + (max − min) × (frame − Σmin) ÷ (Σmax − Σmin);
    /// - frame ≥ Σmax: every column at its max-content width, and with `scaleToFill` the rest
    ///   shared in proportion to max-content among the columns that are not fixed (fixed ones too
    ///   when every column is fixed; equally when those max-content widths are all 0).
    /// In the middle range the widths then sum to the frame (to rounding). O(columns).
    package static func widths(of columns: [Column], frame: Double?, scaleToFill: Bool) -> [Double] {
        let minimum = columns.reduce(0) { $0 + $1.minContent }, maximum = columns.reduce(0) { $0 + $1.maxContent }
        guard let frame, frame < maximum || scaleToFill else { return columns.map(\.maxContent) }
        if frame <= minimum { return columns.map(\.minContent) }
        if frame < maximum {
            let share = (frame - minimum) / (maximum - minimum)
            return columns.map { Swift.min($0.maxContent, $0.minContent + ($0.maxContent - $0.minContent) * share) }
        }
        let allFixed = columns.allSatisfy(\.isFixed)
        let growing = columns.indices.filter { allFixed || !columns[$0].isFixed }
        let kept = allFixed ? 0 : columns.filter(\.isFixed).reduce(0) { $0 + $1.maxContent }
        let grown = ScaleToFill.scale(growing.map { columns[$0].maxContent }, toFill: frame - kept)
        var widths = columns.map(\.maxContent)
        for (index, width) in zip(growing, grown) { widths[index] = width }
        return widths
    }
}
