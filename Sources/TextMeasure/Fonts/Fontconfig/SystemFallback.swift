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
    private let state = Lock(State())

    private struct State {
        /// The index in `slots` for each scalar asked about, -1 when no font covers it.
        var byScalar: [UInt32: Int] = [:]
        var slots: [FaceSlot] = []
        var byKey: [String: Int] = [:]
    }

    init(configuration: FontConfiguration, language: String?) {
        (self.configuration, self.language) = (configuration, language)
    }

    /// The index among the found fonts of the one for `scalar`, or nil when no installed font
    /// covers it. The first answer for a scalar costs a walk over the sorted fonts' charsets
    /// (and the fontconfig sort, once per stack language); later ones, a dictionary look-up.
    func slotIndex(for scalar: Unicode.Scalar) -> Int? {
        if let known = state.withLock({ $0.byScalar[scalar.value] }) { return known < 0 ? nil : known }
        var found: FaceSlot?
        for font in Fontconfig.fallbackOrder(language: language, in: configuration) where font.charset.contains(scalar) {
            let slot = FaceSlot(font)
            if slot.face != nil { found = slot; break }
        }
        return state.withLock { state in
            var index = -1
            if let found {
                if let existing = state.byKey[found.key] {
                    index = existing
                } else {
                    index = state.slots.count
                    state.slots.append(found)
                    state.byKey[found.key] = index
                }
            }
            state.byScalar[scalar.value] = index
            return index < 0 ? nil : index
        }
    }

    /// The found font at `index`.
    func slot(_ index: Int) -> FaceSlot { state.withLock { $0.slots[index] } }
}
