import Synchronization

/// Counts calls from any thread: a column's closure ticks it, so a test can say how many cells
/// were read.
package final class CallCounter: Sendable {
    private let count = Mutex(0)
    package init() {}
    package func tick() { count.withLock { $0 += 1 } }
    package var value: Int { count.withLock { $0 } }
}
