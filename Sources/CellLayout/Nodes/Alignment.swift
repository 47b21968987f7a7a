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
    /// Leading, centre or trailing (`.fill` places as `.leading`).
    public var horizontal: HorizontalAlignment
    /// Top, centre or bottom (`.fill` and `.firstBaseline` place as `.top`).
    public var vertical: VerticalAlignment

    /// An alignment on both axes.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred on both axes.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// The top-left corner (in left-to-right layouts).
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// The top-right corner: where a badge sits on an avatar.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// The bottom-left corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// The bottom-right corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}
