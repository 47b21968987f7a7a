internal import Synchronization

/// A bounded, thread-safe cache of shaped widths.
///
/// Keys are (font set, exact text bytes); values are in font units of the set's primary font,
/// so one entry serves every size of the same fonts and features. Eviction is CLOCK (second chance),
/// an LRU approximation with O(1) hits that need no list surgery. The cache is split into
/// shards with a lock each, so parallel batch measurement rarely contends.
///
/// Canonically equivalent strings ("é" and "e"+U+0301) are distinct keys: they can shape differently.
public final class WidthCache: Sendable {
    /// The cache `width(of:)` and `widths(of:)` use unless told otherwise (100,000 entries).
    public static let shared = WidthCache(capacity: 100_000)

    /// Hit, miss and eviction counts since creation or the last `removeAll()`.
    public struct Statistics: Sendable, Hashable {
        public var hits = 0
        /// Each miss shaped the text once.
        public var misses = 0
        public var evictions = 0
        /// Entries held now.
        public var count = 0

        public init(hits: Int = 0, misses: Int = 0, evictions: Int = 0, count: Int = 0) {
            (self.hits, self.misses, self.evictions, self.count) = (hits, misses, evictions, count)
        }
    }

    /// The most entries held at once (rounded up to a multiple of the shard count).
    public let capacity: Int
    private let shards: [Shard]

    /// A cache holding at most about `capacity` widths (at least 16).
    public init(capacity: Int) {
        let shardCount = 16
        let perShard = max(1, (capacity + shardCount - 1) / shardCount)
        self.capacity = perShard * shardCount
        self.shards = (0..<shardCount).map { _ in Shard(capacity: perShard) }
    }

    /// The width of `text` in primary font units, shaped only when not cached. O(1) on a hit.
    func units(of text: String, in set: FontSet) -> Double {
        let key = Key(set: set.id, text: ExactText(text))
        let shard = shards[Int(UInt(bitPattern: key.text.hash) % UInt(shards.count))]
        if let units = shard.value(for: key) { return units }
        let units = Shaper.units(of: text, in: set)
        shard.insert(units, for: key)
        return units
    }

    public var statistics: Statistics {
        shards.reduce(into: Statistics()) { total, shard in
            let part = shard.statistics
            total.hits += part.hits
            total.misses += part.misses
            total.evictions += part.evictions
            total.count += part.count
        }
    }

    /// Drops every entry and zeroes the statistics.
    public func removeAll() {
        for shard in shards { shard.removeAll() }
    }

    struct Key: Hashable, Sendable {
        let set: Int
        let text: ExactText
    }

    private final class Shard: Sendable {
        private let state: Mutex<Clock>
        init(capacity: Int) { state = Mutex(Clock(capacity: capacity)) }

        func value(for key: Key) -> Double? { state.withLock { $0.value(for: key) } }
        func insert(_ value: Double, for key: Key) { state.withLock { $0.insert(value, for: key) } }
        var statistics: Statistics { state.withLock { $0.statistics } }
        func removeAll() { state.withLock { $0 = Clock(capacity: $0.capacity) } }
    }

    /// CLOCK replacement over fixed slots: a hit sets the slot's reference bit; eviction sweeps
    /// the hand, clearing bits, until it finds a slot whose bit is clear.
    private struct Clock {
        let capacity: Int
        var slotOfKey: [Key: Int] = [:]
        var keys: [Key] = []
        var values: [Double] = []
        var referenced: [Bool] = []
        var hand = 0
        var statistics = Statistics()

        init(capacity: Int) { self.capacity = capacity }

        mutating func value(for key: Key) -> Double? {
            guard let slot = slotOfKey[key] else {
                statistics.misses += 1
                return nil
            }
            statistics.hits += 1
            referenced[slot] = true
            return values[slot]
        }

        mutating func insert(_ value: Double, for key: Key) {
            if let slot = slotOfKey[key] {  // another thread shaped it meanwhile
                values[slot] = value
                return
            }
            if keys.count < capacity {
                slotOfKey[key] = keys.count
                keys.append(key)
                values.append(value)
                referenced.append(false)
                statistics.count += 1
                return
            }
            while referenced[hand] {
                referenced[hand] = false
                hand = (hand + 1) % capacity
            }
            slotOfKey[keys[hand]] = nil
            slotOfKey[key] = hand
            keys[hand] = key
            values[hand] = value
            statistics.evictions += 1
            hand = (hand + 1) % capacity
        }
    }
}
