/// The largest length, in points, the package takes: 10⁹ pt (about 350 km at 72 dpi), far
/// beyond any page or screen, and small enough that sums of such lengths never overflow to
/// infinity.
///
/// A font size above it is refused (`FontError.invalidSize`). CellLayout clamps the lengths of a
/// cell's tree to `0...maximumLength`; DataTables refuses a configured length above it.
public let maximumLength = 1e9

extension Double {
    /// The value as a length: clamped to `0...maximumLength`, NaN as 0.
    package var clampedLength: Double { self > 0 ? Swift.min(self, maximumLength) : 0 }
}
