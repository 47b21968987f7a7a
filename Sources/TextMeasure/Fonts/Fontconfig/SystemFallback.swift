/// The fonts beyond a stack that its system fallback found, each scalar's answer kept.
///
/// A scalar no font of the stack covers goes to the first font, in the order fontconfig sorts
/// the configuration's fonts for the stack's language, whose charset has it and whose face
/// loads. The answer depends only on the scalar, never on what was measured before, so widths
/// stay the same whatever order texts come in.
final class SystemFallback: Sendable {
    let configuration: FontConfiguration
    /// fontconfig's language (see `LanguageTag.fontconfigLanguage`), or nil.
    let language: String?
    /// The font found for each scalar asked about, nil when no font covers it.
    private let byScalar = Lock<[UInt32: FallbackFont?]>([:])

    init(configuration: FontConfiguration, language: String?) {
        (self.configuration, self.language) = (configuration, language)
    }

    /// The font for `scalar`, or nil when no installed font covers it. The first answer for a
    /// scalar costs a walk over the sorted fonts' charsets (and the fontconfig sort, once per
    /// stack language); later ones, a dictionary look-up.
    func font(for scalar: Unicode.Scalar) -> FallbackFont? {
        if let known = byScalar.withLock({ $0[scalar.value] }) { return known }
        var found: FallbackFont?
        for candidate in Fontconfig.fallbackOrder(language: language, in: configuration) where candidate.charset.contains(scalar) {
            let font = FallbackFont(candidate)
            if font.face != nil { found = font; break }
        }
        byScalar.withLock { $0[scalar.value] = .some(found) }
        return found
    }
}
