import TextMeasure

extension Double {
    /// The value as a length of a cell's tree: clamped to `0...maximumLength`, NaN as 0.
    var cellLength: Double { self > 0 ? Swift.min(self, maximumLength) : 0 }
}

extension Optional<Double> {
    /// The value as a frame's maximum: nil or +∞ is no limit, anything else a `cellLength`.
    var cellMaximum: Double? { self == .infinity ? nil : self?.cellLength }
}
