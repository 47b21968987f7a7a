/// Space around a node, in points.
public struct EdgeInsets: Sendable, Hashable {
    /// The space on each side.
    public var top, leading, bottom, trailing: Double

    /// Space on the sides given, none on the others.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same space on every side.
    public init(_ all: Double) { self.init(top: all, leading: all, bottom: all, trailing: all) }

    /// `leading + trailing`.
    public var horizontal: Double { leading + trailing }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}
