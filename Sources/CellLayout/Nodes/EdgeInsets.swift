/// Space around a node, in points.
///
/// Each side is a length of the cell's tree: clamped to `0...maximumLength` (10⁹ pt), NaN as 0,
/// by the initializers and again by `CellNode.padding(_:)`. Negative padding is no padding, as
/// CSS has it: a node never grows past its insets' content.
public struct EdgeInsets: Sendable, Hashable {
    /// The space on each side.
    public var top, leading, bottom, trailing: Double

    /// Space on the sides given, none on the others (each side clamped, see the type).
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top.clampedLength
        self.leading = leading.clampedLength
        self.bottom = bottom.clampedLength
        self.trailing = trailing.clampedLength
    }

    /// The same space on every side.
    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    /// `horizontal` on the leading and trailing sides, `vertical` on the top and bottom.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }

    /// `leading + trailing`.
    public var horizontal: Double { leading + trailing }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}
