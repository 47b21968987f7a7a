/// Fonts in fallback order, measured at one size: the primary first.
///
/// Text is itemized by grapheme cluster: each cluster goes to the first font whose cmap covers
/// all of its scalars (emoji presentation sequences try colour fonts first); runs are then split
/// by script. Text no font covers is measured with the primary font's .notdef glyph, and
/// `uncoveredScalars(in:)` says which. Fallback fonts are used at the stack's size, as CSS and
/// Pango do.
public struct FontStack: Sendable, Hashable {
    let fontSet: FontSet
    /// The size in points every font of the stack is measured at.
    public let size: Double

    init(fontSet: FontSet, size: Double) {
        self.fontSet = fontSet
        self.size = size
    }

    /// A stack of `fonts`, measured at `size` (default: the primary font's size).
    /// Each font keeps its own OpenType features.
    public init(_ fonts: [Font], size: Double? = nil) throws(FontError) {
        guard let primary = fonts.first else { throw .emptyStack }
        let size = size ?? primary.size
        try Font.validate(size)
        self.init(fontSet: FontSet.of(fonts.map { FontSet.Member(face: $0.face, features: $0.features) }), size: size)
    }

    /// The fonts in fallback order, each at the stack's size.
    public var fonts: [Font] {
        fontSet.faces.indices.map { font(at: $0) }
    }

    /// The first font of the stack.
    public var primary: Font { font(at: 0) }

    func font(at index: Int) -> Font {
        let member = FontSet.Member(face: fontSet.faces[index], features: fontSet.featureSettings[index])
        return Font(fontSet: FontSet.of([member]), size: size)
    }

    /// The same fonts at another size.
    public func withSize(_ size: Double) throws(FontError) -> FontStack {
        try Font.validate(size)
        return FontStack(fontSet: fontSet, size: size)
    }

    /// Vertical metrics of the primary font at the stack's size.
    public var metrics: FontMetrics { fontSet.faces[0].unscaledMetrics.scaled(to: size) }

    public static func == (a: FontStack, b: FontStack) -> Bool { a.fontSet === b.fontSet && a.size == b.size }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontSet.id)
        hasher.combine(size)
    }
}
