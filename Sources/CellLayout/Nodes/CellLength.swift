import TextMeasure

extension Double {
    /// The value as a length of a cell's tree: clamped to `0...maximumLength`, NaN as 0.
    var cellLength: Double { clampedLength }

    /// The value as a width proposed to a cell: +∞ is no limit, anything else a `cellLength`.
    var cellProposal: Double { self == .infinity ? .infinity : cellLength }
}

extension Optional<Double> {
    /// The value as a frame's maximum: nil or +∞ is no limit, anything else a `cellLength`.
    var cellMaximum: Double? { self == .infinity ? nil : self?.cellLength }
}
