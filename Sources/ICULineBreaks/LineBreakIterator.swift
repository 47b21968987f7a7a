internal import CICU
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// UAX #14 line-break opportunities from ICU's line-break iterator (root locale rules).
///
/// This is the only Swift file that touches ICU; it imports no Foundation, whose own copy of
/// ICU would clash with `CICU` at compile time. Each thread reuses one iterator.
package enum LineBreakIterator {
    /// One break opportunity: the UTF-8 offset before which a line may (or, when `isHard`, must)
    /// end.
    package struct Opportunity: Equatable, Sendable {
        package var offset: Int
        package var isHard: Bool
    }

    /// The break opportunities of `utf8`, in order; the last is always at `utf8.count` (the
    /// end of text). Empty for empty text. O(length).
    package static func opportunities(in utf8: UnsafeBufferPointer<UInt8>) -> [Opportunity] {
        guard !utf8.isEmpty, let iterator = threadIterator() else { return [] }
        let capacity = utf8.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let count = utf8.withMemoryRebound(to: CChar.self) { text in
            cicu_line_breaks(iterator, text.baseAddress, Int64(text.count), &offsets, &hard, Int32(capacity))
        }
        guard count > 0 else { return [Opportunity(offset: utf8.count, isHard: false)] }
        return (0..<Int(count)).map { Opportunity(offset: Int(offsets[$0]), isHard: hard[$0] != 0) }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { cicu_line_iterator_close(OpaquePointer($0)) }
        #else
        pthread_key_create(&key) { if let iterator = $0 { cicu_line_iterator_close(OpaquePointer(iterator)) } }
        #endif
        return key
    }()

    /// This thread's iterator, opened on first use; nil only if ICU cannot load its rules.
    private static func threadIterator() -> OpaquePointer? {
        if let existing = pthread_getspecific(key) { return OpaquePointer(existing) }
        var status = U_ZERO_ERROR
        guard let iterator = cicu_line_iterator_open(&status), status.rawValue <= U_ZERO_ERROR.rawValue else { return nil }
        pthread_setspecific(key, UnsafeRawPointer(iterator))
        return iterator
    }
}
