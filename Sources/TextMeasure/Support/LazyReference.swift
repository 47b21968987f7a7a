internal import Synchronization

/// A reference set at most once and read without a lock: what the standard library's
/// `AtomicLazyReference` does, but in this module, so each use is specialized. The library's
/// `load()` is not inlinable; called for every measured text, its generic metadata lookups
/// cost 6 % of a cold column-width pass.
struct LazyReference<Instance: AnyObject & Sendable>: ~Copyable, @unchecked Sendable {
    /// The retained instance, or nil until one is stored.
    private let storage = Atomic<UnsafeRawPointer?>(nil)

    init() {}

    /// The instance, or nil when none is stored yet.
    @inline(__always)
    func load() -> Instance? {
        storage.load(ordering: .acquiring).map { Unmanaged<Instance>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Stores `instance` unless another is stored already, and returns the one stored.
    func storeIfNil(_ instance: Instance) -> Instance {
        let retained = UnsafeRawPointer(Unmanaged.passRetained(instance).toOpaque())
        let (exchanged, current) = storage.compareExchange(expected: nil, desired: retained, ordering: .acquiringAndReleasing)
        if exchanged { return instance }
        Unmanaged<Instance>.fromOpaque(retained).release()
        return Unmanaged<Instance>.fromOpaque(current!).takeUnretainedValue()
    }

    deinit {
        if let stored = storage.load(ordering: .acquiring) { Unmanaged<Instance>.fromOpaque(stored).release() }
    }
}
