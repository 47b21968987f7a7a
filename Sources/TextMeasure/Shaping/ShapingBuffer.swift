internal import CHarfBuzz
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Reused `hb_buffer_t`s, two per thread, created on first use and destroyed with the thread:
/// shaping never allocates a buffer, and threads never share one.
enum ShapingBuffer {
    private static let key = makeKey(), scratchKey = makeKey()

    private static func makeKey() -> pthread_key_t {
        var key = pthread_key_t()
        #if canImport(Darwin)
        pthread_key_create(&key) { hb_buffer_destroy(OpaquePointer($0)) }
        #else
        pthread_key_create(&key) { if let buffer = $0 { hb_buffer_destroy(OpaquePointer(buffer)) } }
        #endif
        return key
    }

    /// This thread's buffer, cleared; or, with `scratch`, its second one, for a shaping whose
    /// positions are merged into the first's.
    static func cleared(scratch: Bool = false) -> OpaquePointer {
        let key = scratch ? scratchKey : key
        if let existing = pthread_getspecific(key) {
            let buffer = OpaquePointer(existing)
            hb_buffer_clear_contents(buffer)
            return buffer
        }
        let buffer = hb_buffer_create()!
        pthread_setspecific(key, UnsafeRawPointer(buffer))
        return buffer
    }
}
