internal import CICU
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// UAX #14 line-break opportunities from ICU's line-break iterator, under one of two tailorings
/// (`Tailoring`).
///
/// With `BidiLevels`, the only Swift code that touches ICU. Each thread reuses one iterator a
/// tailoring.
package enum LineBreakIterator {
    /// Which rules decide the opportunities: ICU's root rules as they are (`pango`), or those
    /// with Chromium's changes (`chromium`, see `ChromiumTailoring`).
    package enum Tailoring: Sendable {
        case pango, chromium
    }

    /// One break opportunity: the UTF-8 offset before which a line may (or, when `isHard`, must)
    /// end.
    package struct Opportunity: Equatable, Sendable {
        package var offset: Int
        package var isHard: Bool
    }

    /// The break opportunities of `utf8`, in order; the last is always at `utf8.count` (the
    /// end of text). Empty for empty text. A break is hard when a mandatory break character
    /// (LF, VT, FF, CR, NEL, LS, PS) ends the text before it. O(length).
    package static func opportunities(in utf8: UnsafeBufferPointer<UInt8>, tailoring: Tailoring) -> [Opportunity] {
        guard !utf8.isEmpty else { return [] }
        let capacity = utf8.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        let count = threadBreaker(tailoring).map { breaker in
            utf8.withMemoryRebound(to: CChar.self) { text in
                cicu_line_breaks(breaker, text.baseAddress, Int64(text.count), &offsets, Int32(capacity))
            }
        } ?? -1
        // Without ICU's rules (never seen: they are part of libicuuc's data), the text is one segment.
        guard count > 0 else { return [Opportunity(offset: utf8.count, isHard: hardBreakLength(utf8, before: utf8.count) > 0)] }
        if tailoring == .chromium {
            return ChromiumTailoring.opportunities(in: utf8, icu: offsets[..<Int(count)])
        }
        return (0..<Int(count)).map {
            let offset = Int(offsets[$0])
            return Opportunity(offset: offset, isHard: hardBreakLength(utf8, before: offset) > 0)
        }
    }

    /// The length in bytes of the mandatory break character (LF, VT, FF, CR, NEL C2 85, LS
    /// E2 80 A8, PS E2 80 A9) that ends `utf8[..<offset]`, or 0 when none does.
    package static func hardBreakLength(_ utf8: UnsafeBufferPointer<UInt8>, before offset: Int) -> Int {
        guard offset > 0 else { return 0 }
        switch utf8[offset - 1] {
        case 0x0A...0x0D: return 1
        case 0x85: return offset >= 2 && utf8[offset - 2] == 0xC2 ? 2 : 0
        case 0xA8, 0xA9: return offset >= 3 && utf8[offset - 3] == 0xE2 && utf8[offset - 2] == 0x80 ? 3 : 0
        default: return 0
        }
    }

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { cicu_line_breaker_close($0.assumingMemoryBound(to: cicu_line_breaker.self)) }
        #else
        pthread_key_create(&key) { $0.map { cicu_line_breaker_close($0.assumingMemoryBound(to: cicu_line_breaker.self)) } }
        #endif
        return key
    }

    private static let pangoKey = makeKey()
    private static let chromiumKey = makeKey()

    /// This thread's breaker for `tailoring`, opened on first use: ICU's root rules for `pango`,
    /// its `line-break: normal` rules (`@lb=normal`) for `chromium`; nil only if ICU cannot load
    /// its rules.
    private static func threadBreaker(_ tailoring: Tailoring) -> UnsafeMutablePointer<cicu_line_breaker>? {
        let key = tailoring == .pango ? pangoKey : chromiumKey
        if let existing = pthread_getspecific(key) { return existing.assumingMemoryBound(to: cicu_line_breaker.self) }
        guard let breaker = cicu_line_breaker_open(tailoring == .pango ? "" : "@lb=normal") else { return nil }
        pthread_setspecific(key, breaker)
        return breaker
    }
}
