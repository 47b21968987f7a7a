/// The whitespace that hangs at the end of a line: it never causes a break and never counts
/// toward the line's width. That is U+0020 and the other space separators that UAX #14 lets a
/// line break after (U+1680, U+2000–U+2006, U+2008–U+200A, U+205F, U+3000); not the no-break
/// spaces (U+00A0, U+2007, U+202F), not tabs (which advance to a tab stop).
enum HangingWhitespace {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The UTF-8 offset where the trailing run of hanging whitespace of `utf8` starts
    /// (`utf8.count` when there is none). O(length of that run).
    static func start(in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var end = utf8.count
        while end > 0 {
            if utf8[end - 1] == 0x20 { end -= 1; continue }
            guard end >= 3, utf8[end - 1] & 0xC0 == 0x80 else { break }
            let scalar = UInt32(utf8[end - 3] & 0x0F) << 12 | UInt32(utf8[end - 2] & 0x3F) << 6 | UInt32(utf8[end - 1] & 0x3F)
            guard utf8[end - 3] & 0xF0 == 0xE0, let value = Unicode.Scalar(scalar), contains(value) else { break }
            end -= 3
        }
        return end
    }
}
