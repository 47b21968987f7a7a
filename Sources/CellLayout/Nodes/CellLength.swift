import TextMeasure

extension Double {
    /// The value as a width proposed to a cell: +∞ is no limit, anything else a `clampedLength`.
    var cellProposal: Double { self == .infinity ? .infinity : clampedLength }
}

extension Optional<Double> {
    /// The value as a frame's maximum: nil or +∞ is no limit, anything else a `clampedLength`.
    var cellMaximum: Double? { self == .infinity ? nil : self?.clampedLength }
}
