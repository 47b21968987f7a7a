/// Where a cluster goes when no font of a stack covers it.
///
/// With ``none`` (the default) it is measured with a stack font's .notdef glyph, and
/// `uncoveredScalars(in:)` names it: the same numbers on every machine. With ``system`` it
/// goes to the first installed font whose fontconfig charset covers it, in the order
/// fontconfig sorts its fonts for the stack's language (the fallback Pango would reach);
/// the answer is found once per scalar and kept by the stack.
public struct FontFallback: Sendable, Hashable {
    enum Source: Sendable, Hashable {
        case none
        case system
        case configuration(ObjectIdentifier)
    }

    let source: Source
    private let configuration: FontConfiguration?

    /// Nothing beyond the stack's own fonts.
    public static let none = FontFallback(source: .none, configuration: nil)

    /// The fonts of the system's fontconfig configuration (see `FontConfiguration.system`).
    public static let system = FontFallback(source: .system, configuration: nil)

    /// The fonts of `configuration`.
    public static func fonts(of configuration: FontConfiguration) -> FontFallback {
        FontFallback(source: .configuration(ObjectIdentifier(configuration)), configuration: configuration)
    }

    /// The configuration fallback fonts come from, or nil for ``none``.
    func resolved() throws(FontError) -> FontConfiguration? {
        switch source {
        case .none: nil
        case .system: try FontConfiguration.system
        case .configuration: configuration
        }
    }

    public static func == (a: FontFallback, b: FontFallback) -> Bool { a.source == b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(source) }
}
