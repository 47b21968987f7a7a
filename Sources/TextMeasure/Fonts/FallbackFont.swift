/// One font of a font set's fallback order (the primary first): a face loaded up front (fonts
/// given as files or bytes), or a font fontconfig found, whose face is loaded the first time a
/// cluster needs it and whose coverage is its fontconfig charset, as Pango decides it.
final class FallbackFont: Sendable {
    /// The face given up front (or a fontconfig font's, loaded at once because it is a primary).
    let loadedFace: FontFace?
    let candidate: FontconfigFont?
    /// For a fontconfig font loaded on demand: nil until loading was tried, then the face
    /// (nil if it failed).
    private let lazyFace = Lock<FontFace??>(nil)
    let isColor: Bool
    /// The fontconfig charset that decides coverage, or nil when the face's cmap does.
    private let charset: FontconfigFont.Charset?

    init(_ face: FontFace) {
        (loadedFace, candidate, isColor, charset) = (face, nil, face.isColor, nil)
    }

    /// A fontconfig font, its face loaded now when given, else on first use.
    init(_ font: FontconfigFont, face: FontFace? = nil) {
        (loadedFace, candidate, isColor, charset) = (face, font, font.isColor, font.charset)
    }

    /// Whether coverage comes from a fontconfig charset rather than the cmap.
    var coverageIsCharset: Bool { charset != nil }

    /// The face, loaded now when it was not; nil when its file cannot be loaded (then the
    /// font is never chosen).
    var face: FontFace? {
        if let loadedFace { return loadedFace }
        guard let candidate else { return nil }
        return lazyFace.withLock { state in
            if let state { return state }
            let face = try? FontFace.load(path: candidate.path, faceIndex: candidate.faceIndex)
            state = .some(face)
            return face
        }
    }

    /// Whether the face has been loaded (always, for a face given up front).
    var isLoaded: Bool {
        loadedFace != nil || lazyFace.withLock { $0 != nil }
    }

    /// Whether the font has a glyph for `scalar`: the charset of a fontconfig font, the cmap of
    /// a face given up front. Never loads a face.
    @inline(__always)
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        if let charset { return charset.contains(scalar) }
        return loadedFace?.covers(scalar) ?? false
    }

    /// A key that tells fonts apart for interning: the face's id, or the font's file and index.
    var key: String {
        if let candidate { return "fc:\(candidate.faceIndex):\(candidate.path)" }
        return "#\(loadedFace?.id ?? -1)"
    }
}
