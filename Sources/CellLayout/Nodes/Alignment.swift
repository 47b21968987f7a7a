/// How an hstack places children shorter than itself.
public enum VerticalAlignment: Sendable, Hashable {
    case top, center, bottom
    /// Every child is stretched to the stack's height.
    case fill
    /// The children's first baselines line up (a child without text aligns its bottom).
    case firstBaseline
}

/// How a vstack places children narrower than itself.
public enum HorizontalAlignment: Sendable, Hashable {
    case leading, center, trailing
    /// Every child gets the stack's full width.
    case fill
}

/// Where an overlay's top node sits on its base.
public struct Alignment: Sendable, Hashable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
