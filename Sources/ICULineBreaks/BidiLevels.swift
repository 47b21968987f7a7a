internal import CICU
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// UAX #9 embedding levels from ICU's bidi algorithm (`ubidi`), as runs of UTF-8 text.
///
/// Text that holds no scalar able to raise a level above a left-to-right paragraph's (no
/// right-to-left letter, no Arabic number, no explicit embedding, override or isolate) is one
/// level-0 run, found by one pass over its bytes without calling ICU. Each thread reuses one
/// UBiDi object.
package enum BidiLevels {
    /// A maximal stretch of text at one embedding level: odd levels read right to left.
    package struct Run: Equatable, Sendable {
        /// UTF-8 offsets in the text.
        package var range: Range<Int>
        package var level: UInt8

        package init(range: Range<Int>, level: UInt8) {
            self.range = range
            self.level = level
        }
    }

    /// The level runs of `utf8` as one paragraph, in logical order, covering it without gaps:
    /// the paragraph reads right to left when `rightToLeft` says so, or, when it is nil, when
    /// its first strong character is right to left (UAX #9 P2–P3; left to right when it has
    /// none). Invalid UTF-8 reads as U+FFFD. O(length).
    package static func runs(in utf8: UnsafeBufferPointer<UInt8>, rightToLeft: Bool?) -> [Run] {
        guard !utf8.isEmpty else { return [] }
        guard rightToLeft == true || mayRiseAboveZero(utf8) else { return [Run(range: utf8.indices, level: 0)] }
        let (units, starts) = utf16(utf8)
        let paragraph: UInt8 = (rightToLeft ?? firstStrongIsRightToLeft(units)) ? 1 : 0
        let capacity = units.count
        var limits = [Int32](repeating: 0, count: capacity)
        var levels = [UInt8](repeating: 0, count: capacity)
        let count = threadBidi().map {
            cicu_bidi_runs($0, units, Int32(units.count), paragraph, &limits, &levels, Int32(capacity))
        } ?? -1
        // Without a UBiDi object (never seen: only when memory runs out), the text is one run.
        guard count > 0 else { return [Run(range: utf8.indices, level: paragraph)] }
        var runs: [Run] = []
        runs.reserveCapacity(Int(count))
        var lower = 0
        for index in 0..<Int(count) {
            let limit = Int(limits[index])
            let upper = limit < units.count ? Int(starts[limit]) : utf8.count
            runs.append(Run(range: lower..<upper, level: levels[index]))
            lower = upper
        }
        return runs
    }

    /// Whether the first strong character of `utf8` (L, R or AL) is right to left. O(length).
    package static func firstStrongIsRightToLeft(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mayRiseAboveZero(utf8) else { return false }
        return firstStrongIsRightToLeft(utf16(utf8).units)
    }

    /// Whether `utf8` may hold a scalar that resolves above level 0 in a left-to-right
    /// paragraph: one in U+0590–U+08FF (Hebrew, Arabic, Syriac, Thaana, N'Ko… and ALM U+061C),
    /// U+FB1D–U+FDFF, U+FE70–U+FEFF, U+10800–U+10FFF, U+1E800–U+1EFFF, RLM U+200F, or the
    /// explicit embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069. A cheap,
    /// conservative look at the bytes (it also answers yes for U+0580–U+058F): every other
    /// scalar is L, EN, ES, ET, CS, NSM, BN, B, S, WS or ON, which UAX #9 keeps at level 0
    /// there. O(length), one pass.
    package static func mayRiseAboveZero(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        var index = 0
        while index < count {
            let byte = utf8[index]
            index += 1
            guard byte >= 0xD6 else { continue }  // ASCII, continuation bytes and leads below U+0580
            let second = index < count ? utf8[index] : 0
            let third = index + 1 < count ? utf8[index + 1] : 0
            switch byte {
            case 0xD6...0xDF: return true  // U+0580–U+07FF
            case 0xE0 where (0xA0...0xA3).contains(second): return true  // U+0800–U+08FF
            case 0xE2 where second == 0x80 && (third == 0x8F || (0xAA...0xAE).contains(third)): return true
            case 0xE2 where second == 0x81 && (0xA6...0xA9).contains(third): return true
            case 0xEF where (second == 0xAC && third >= 0x9D) || (0xAD...0xB7).contains(second): return true
            case 0xEF where (second == 0xB9 && third >= 0xB0) || second == 0xBA || second == 0xBB: return true
            case 0xF0 where (second == 0x90 || second == 0x9E) && (0xA0...0xBF).contains(third): return true
            default: continue
            }
        }
        return false
    }

    private static func firstStrongIsRightToLeft(_ units: [UInt16]) -> Bool {
        cicu_bidi_first_strong_is_rtl(units, Int32(units.count)) != 0
    }

    /// `utf8` in UTF-16 (each maximal invalid subsequence as U+FFFD, as `String(decoding:)`
    /// reads it) and, for each UTF-16 unit, the UTF-8 offset of the scalar it belongs to.
    private static func utf16(_ utf8: UnsafeBufferPointer<UInt8>) -> (units: [UInt16], starts: [Int32]) {
        var units: [UInt16] = [], starts: [Int32] = []
        units.reserveCapacity(utf8.count)
        starts.reserveCapacity(utf8.count)
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = utf8.makeIterator()
        var offset: Int32 = 0
        while true {
            let scalar: Unicode.Scalar, length: Int
            switch parser.parseScalar(from: &bytes) {
            case .valid(let encoded): (scalar, length) = (Unicode.UTF8.decode(encoded), encoded.count)
            case .error(let count): (scalar, length) = (Unicode.Scalar(0xFFFD)!, count)
            case .emptyInput: return (units, starts)
            }
            for unit in scalar.utf16 {
                units.append(unit)
                starts.append(offset)
            }
            offset += Int32(length)
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { cicu_bidi_close($0) }
        #else
        pthread_key_create(&key) { $0.map { cicu_bidi_close($0) } }
        #endif
        return key
    }()

    /// This thread's UBiDi object, opened on first use; nil only if ICU cannot allocate one.
    private static func threadBidi() -> UnsafeMutableRawPointer? {
        if let existing = pthread_getspecific(key) { return existing }
        guard let bidi = cicu_bidi_open() else { return nil }
        pthread_setspecific(key, bidi)
        return bidi
    }
}
