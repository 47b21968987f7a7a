/// A percent sign after a number, and the space before it ("12%", "12 %").
public struct PercentSign: Sendable, Hashable {
    /// The space between the digits and "%" (" ", U+00A0 or U+202F), or `nil` for none.
    public var space: Character?

    /// A percent sign led by `space`.
    public init(space: Character? = nil) {
        self.space = space
    }
}
