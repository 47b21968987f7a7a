#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, for the package's own modules.
///
/// It stands where `Synchronization.Mutex` would: on Linux the toolchain's `Mutex` waits in a
/// futex path that ThreadSanitizer does not model, so TSan reports races inside every locked
/// section. A pthread mutex is one TSan intercepts, so a TSan run reports only real races.
/// Not reentrant: a `body` that takes the same lock again deadlocks.
///
/// The value lives out of line, not in a stored property: Swift's exclusivity check reports an
/// `inout` access of a stored property to ThreadSanitizer, and for a value of no size (`Lock(())`)
/// that access lands on the object's first word, which every caller reads before it locks.
package final class Lock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    package init(_ value: sending Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
