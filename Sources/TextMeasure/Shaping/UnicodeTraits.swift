/// The Unicode properties itemizing asks of nearly every character, answered without the
/// standard library's property tables for the characters that cannot have them (a range
/// check), and by those tables for the rest. Looking them up for every cluster of every text
/// cost more than a fifth of measuring text that is shaped. `UnicodeTraitsTests` checks each
/// against `Unicode.Scalar.Properties` for every scalar.
enum UnicodeTraits {
    /// `scalar.properties.isEmojiPresentation`: none below U+231A or in U+2C00..<U+1F000.
    @inline(__always)
    static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x231A || (0x2C00..<0x1F000).contains(value) { return false }
        return scalar.properties.isEmojiPresentation
    }

    /// `scalar.properties.isDefaultIgnorableCodePoint` for a scalar past ASCII (false for
    /// ASCII: HarfBuzz hides none of it). The ranges are Unicode's DerivedCoreProperties.
    @inline(__always)
    static func isDefaultIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0xAD, 0xAE..<0x34F, 0x350..<0x61C, 0x61D..<0x115F, 0x1161..<0x17B4, 0x17B6..<0x180B, 0x1810..<0x200B,
             0x2070..<0x3164, 0x3165..<0xFE00, 0xFE10..<0xFEFF, 0xFF00..<0xFFA0, 0xFFA1..<0xFFF0, 0x10000..<0x1BCA0: false
        default: scalar.properties.isDefaultIgnorableCodePoint
        }
    }

    /// False when `scalar` (past ASCII) is surely not a control, format character, space
    /// separator or line or paragraph separator; true when it may be one (then its general
    /// category decides). Those categories hold no scalar outside these ranges.
    @inline(__always)
    static func mayBeSpaceOrFormat(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0xA0, 0xAD, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x1680, 0x180E, 0x2000...0x206F,
             0x3000, 0xD800...0xDFFF, 0xFEFF, 0xFFF9...0xFFFB, 0x10000...: true
        default: false
        }
    }
}
