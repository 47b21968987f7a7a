import Dispatch
import TextMeasure

/// A value computed on a thread of Dispatch's pool while the thread that asked for it goes on
/// with other work, and waits for it only when it needs it (`value`).
///
/// The value is handed over under a `Lock` after the semaphore, so the hand-over is one that
/// ThreadSanitizer sees.
final class Pending<Value: Sendable>: Sendable {
    private let result = Lock<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts computing the value.
    init(_ compute: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [result, done] in
            let value = compute()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// A value computed already.
    init(done value: Value) {
        result.withLock { $0 = value }
        done.signal()
    }

    /// The value, once computed: waits until it is.
    var value: Value {
        done.wait()
        defer { done.signal() }  // a second read does not wait forever
        return result.withLock { $0! }
    }
}
