/// Column widths grown to fill a frame.
enum ScaleToFill {
    /// `widths` grown in proportion (each × frame ÷ sum) when they sum to less than `frame`, so
    /// that they then sum (left to right) to `frame` exactly: the last column takes what
    /// rounding left over. Widths that sum to zero share the frame equally. Wider rows of
    /// columns are returned unchanged. O(columns).
    static func scale(_ widths: [Double], toFill frame: Double) -> [Double] {
        let sum = widths.reduce(0, +)
        guard !widths.isEmpty, sum < frame else { return widths }
        var scaled = sum > 0 ? widths.map { $0 * (frame / sum) } : widths.map { _ in frame / Double(widths.count) }
        let others = scaled.dropLast().reduce(0, +)
        var last = max(0, frame - others)
        // Rounding of `frame − others` can leave the sum an ulp off; step the last width to it.
        while others + last > frame, last > 0 { last = last.nextDown }
        while others + last < frame { last = last.nextUp }
        scaled[scaled.count - 1] = last
        return scaled
    }
}
