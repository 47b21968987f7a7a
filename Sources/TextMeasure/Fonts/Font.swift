/// A font face at a size with OpenType features: an immutable, `Sendable` value.
///
/// Faces are loaded once per file and face index and shared, so making `Font`s is cheap after
/// the first. Sizes are in points (1 pt = 1 px).
///
/// A font measures its face as HarfBuzz shapes it, `hb-shape`'s widths: none of a browser's
/// conventions, which its `stack` takes on (under `LineBreakRules.chromium`, fullwidth
/// punctuation side by side trimmed, and a colour bitmap glyph as wide as its bitmap, as
/// Chromium measures them; see the Wrapping text article).
///
/// ```swift
/// let font = try Font(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", size: 14)
/// let width = font.width(of: "AVATAR")   // exact, shaped
/// ```
public struct Font: Sendable, Hashable, CustomStringConvertible {
    let fontSet: FontSet
    /// The size in points.
    public let size: Double

    var face: FontFace { fontSet.primary }

    init(face: FontFace, size: Double, features: [FontFeature]) throws(FontError) {
        try Self.validate(size)
        self.fontSet = FontSet.of([FontSet.Member(face: face, features: features)])
        self.size = size
    }

    /// Loads face `faceIndex` of the font file at `path` (.ttf, .otf, or a .ttc/.otc collection).
    ///
    /// Throws a `FontError` naming the path when the file is missing, unreadable, not a font,
    /// truncated, or has no face `faceIndex`.
    ///
    /// - Complexity: loads the face the first time this file and face index are asked for (the
    ///   file is mapped, not copied); one lookup after that.
    public init(path: String, faceIndex: Int = 0, size: Double = 14, features: [FontFeature] = []) throws(FontError) {
        try self.init(face: FontFace.load(path: path, faceIndex: faceIndex), size: size, features: features)
    }

    /// Loads a font from its bytes (copied). Errors name the source `"<memory>"`.
    ///
    /// Each call loads a new face, freed when the last `Font` or `FontStack` using it is gone:
    /// a server can load fonts from uploads without its memory growing. (Faces from files are
    /// loaded once per file and kept for the process.)
    ///
    /// - Complexity: O(`data.count`) to copy the bytes, plus loading the face.
    public init(data: [UInt8], faceIndex: Int = 0, size: Double = 14, features: [FontFeature] = []) throws(FontError) {
        try self.init(face: FontFace.load(data: data, faceIndex: faceIndex), size: size, features: features)
    }

    /// Throws unless `size` is above 0 and at most `maximumLength` (10⁹ pt).
    static func validate(_ size: Double) throws(FontError) {
        guard size > 0, size <= maximumLength else { throw .invalidSize(size) }
    }

    /// The same face and features at another size.
    public func withSize(_ size: Double) throws(FontError) -> Font {
        try Font(face: face, size: size, features: features)
    }

    /// The same face and size with other feature settings.
    public func withFeatures(_ features: [FontFeature]) -> Font {
        // The size was validated when `self` was made.
        Font(fontSet: FontSet.of([FontSet.Member(face: face, features: features)]), size: size)
    }

    /// A font of an already validated size.
    init(fontSet: FontSet, size: Double) {
        self.fontSet = fontSet
        self.size = size
    }

    /// The OpenType feature settings applied when shaping.
    public var features: [FontFeature] { fontSet.featureSettings(0) }
    /// The family name from the font's `name` table (typographic family when present).
    public var familyName: String { face.familyName }
    /// The file the face was loaded from, its symbolic links resolved (every path to one file
    /// shares one face), or nil for a font made from bytes.
    public var path: String? { face.source == "<memory>" ? nil : face.source }
    /// The face's index in its file (0 unless the file is a collection).
    public var faceIndex: Int { face.faceIndex }
    /// Whether the face has colour glyphs (an emoji font).
    public var isColor: Bool { face.isColor }
    /// Vertical and average metrics at this size.
    public var metrics: FontMetrics { face.unscaledMetrics.scaled(to: size) }

    /// Whether the font's cmap maps `scalar` to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { face.covers(scalar) }

    /// This font alone, as a stack: everything measures with it, uncovered text as .notdef.
    public var stack: FontStack { FontStack(fontSet: fontSet, size: size) }

    public var description: String {
        let features = self.features.isEmpty ? "" : " [\(self.features.map(\.description).joined(separator: ","))]"
        return "\(familyName) \(size)pt\(features)"
    }

    public static func == (a: Font, b: Font) -> Bool { a.fontSet === b.fontSet && a.size == b.size }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontSet.id)
        hasher.combine(size)
    }
}

extension Font {
    /// The loaded face's process-unique id: a renderer keys the font objects it makes on it.
    package var faceID: Int { face.id }

    /// The bytes of the font file the face is in (its `faceIndex` selects the face), valid while
    /// this font, or any value sharing its face, lives.
    package var fileBytes: UnsafeRawBufferPointer { face.fileBytes }
}
