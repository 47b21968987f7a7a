internal import Synchronization

/// A bounded, thread-safe cache of shaped widths.
///
/// Keys are (font set, exact text bytes); values are in font units of the set's primary font,
/// so one entry serves every size of the same fonts and features. It holds up to `capacity`
/// entries; past that, each new entry evicts one by CLOCK (second chance), an LRU approximation
/// whose hits need no list surgery. A large cache spreads its entries over up to 16 shards with
/// a lock each (at least 256 entries a shard), so measuring on every core rarely contends; the
/// capacity is shared by all shards.
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

    /// The most entries held at once.
    public let capacity: Int
    private let shards: [Shard]
    /// Entries held by all shards together: a shard adds an entry only while this is below
    /// `capacity`, and otherwise replaces one of its own.
    private let count = Atomic<Int>(0)

    /// A cache holding at most `capacity` widths (at least one).
    ///
    /// - Complexity: O(capacity), to reserve the shards' storage.
    public init(capacity: Int) {
        let capacity = max(1, capacity)
        var shardCount = 1  // a power of two, so a hash picks its shard with a mask
        while shardCount < 16, shardCount * 2 * 256 <= capacity { shardCount *= 2 }
        self.capacity = capacity
        self.shards = (0..<shardCount).map { _ in Shard(expected: capacity / shardCount) }
    }

    /// The shaped width of `text` in primary font units, shaped only when not cached.
    /// `previous` (the face before the text, see `Itemizer.runs`) is part of the key only when
    /// the text starts with a space, and `following` (the cluster after it) only when it ends
    /// with one, the only cases where they can matter; `direction`
    /// (the paragraph direction its bidi levels are resolved in) is always part of it.
    /// O(length) to hash; a hit is one dictionary probe under the shard's lock.
    func measure(of text: String, in set: FontSet, previous: Int? = nil, following: Itemizer.Following? = nil,
                 direction: TextDirection = .auto) -> ShapedWidth {
        measure(of: ExactText(text), in: set, previous: previous, following: following, direction: direction)
    }

    /// The same for a text already hashed (see `DistinctTexts`).
    func measure(of exact: ExactText, in set: FontSet, previous: Int? = nil, following: Itemizer.Following? = nil,
                 direction: TextDirection = .auto) -> ShapedWidth {
        let text = exact.string
        let previous = previous.flatMap { Itemizer.startsWithSpace(text) ? $0 : nil }
        let following = following.flatMap { Itemizer.endsWithSpace(text) ? $0 : nil }
        let key = Key(set: set.id, context: previous ?? -1, following: following, direction: direction, text: exact)
        let shard = shards[key.text.hash & (shards.count - 1)]
        if let measured = shard.value(for: key) { return measured }
        let measured = Shaper.measure(of: text, in: set, previous: previous, following: following, direction: direction)
        shard.insert(measured, for: key, reservingFrom: count, capacity: capacity)
        return measured
    }

    /// The shaped widths of `texts` (distinct, hashed, none empty), each as `measure(of:in:)`
    /// gives it with no face before it and direction `.auto`, in order. Each shard is locked
    /// once to look up its texts and once to store the ones it missed, not twice a text; the
    /// statistics count as for single look-ups. O(total length) to shape the misses.
    func measure(_ texts: [ExactText], in set: FontSet) -> [ShapedWidth] {
        let keys = texts.map { Key(set: set.id, context: -1, following: nil, direction: .auto, text: $0) }
        var positions = [[Int]](repeating: [], count: shards.count)
        for (position, key) in keys.enumerated() { positions[key.text.hash & (shards.count - 1)].append(position) }
        var found = [ShapedWidth?](repeating: nil, count: keys.count)
        for (shard, positions) in zip(shards, positions) where !positions.isEmpty {
            shard.values(for: keys, at: positions, into: &found)
        }
        for (shard, positions) in zip(shards, positions) {
            let missed = positions.filter { found[$0] == nil }
            guard !missed.isEmpty else { continue }
            for position in missed { found[position] = Shaper.measure(of: keys[position].text.string, in: set, previous: 0) }
            shard.insert(found, for: keys, at: missed, reservingFrom: count, capacity: capacity)
        }
        return found.map { $0! }
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
    ///
    /// - Complexity: O(entries held), to release them.
    public func removeAll() {
        for shard in shards { shard.removeAll(releasingFrom: count) }
    }

    struct Key: Hashable, Sendable {
        let set: Int
        /// The face before the text, when it may decide the face of the text's leading spaces; else -1.
        let context: Int
        /// The first cluster after the text, when it may decide the face of the text's trailing spaces; else nil.
        let following: Itemizer.Following?
        /// The paragraph direction its bidi levels are resolved in (`.auto` but for the parts of
        /// a paragraph with right-to-left text, see `TextDirection.paragraph(of:)`).
        let direction: TextDirection
        let text: ExactText

        func hash(into hasher: inout Hasher) { hasher.combine(text.hash &+ (set &* 64 &+ context) &* 0x9E37_79B9) }
    }

    private final class Shard: Sendable {
        private let clock: Lock<Clock>
        init(expected: Int) { clock = Lock(Clock(expected: expected)) }

        func value(for key: Key) -> ShapedWidth? { clock.withLock { $0.value(for: key) } }

        /// The values of `keys` at `positions` written to `found` (nil where missed), under one lock.
        func values(for keys: [Key], at positions: [Int], into found: inout [ShapedWidth?]) {
            clock.withLock { clock in
                for position in positions { found[position] = clock.value(for: keys[position]) }
            }
        }

        func insert(_ value: ShapedWidth, for key: Key, reservingFrom count: borrowing Atomic<Int>, capacity: Int) {
            clock.withLock { clock in Self.store(value, for: key, in: &clock, reservingFrom: count, capacity: capacity) }
        }

        /// `values` at `positions` stored for `keys` at the same positions, under one lock.
        func insert(_ values: [ShapedWidth?], for keys: [Key], at positions: [Int],
                    reservingFrom count: borrowing Atomic<Int>, capacity: Int) {
            clock.withLock { clock in
                for position in positions {
                    Self.store(values[position]!, for: keys[position], in: &clock, reservingFrom: count, capacity: capacity)
                }
            }
        }

        private static func store(_ value: ShapedWidth, for key: Key, in clock: inout Clock,
                                  reservingFrom count: borrowing Atomic<Int>, capacity: Int) {
            // Another thread may have shaped and cached the same text meanwhile (same value):
            // then it stays as it is, and the unit of capacity taken is given back.
            if reserve(count, capacity: capacity) {
                if !clock.append(value, for: key) { count.subtract(1, ordering: .relaxed) }
            } else if !clock.contains(key) {
                clock.replace(value, for: key)
            }
        }

        /// Takes one unit of the shared capacity, if any is left.
        private static func reserve(_ count: borrowing Atomic<Int>, capacity: Int) -> Bool {
            var current = count.load(ordering: .relaxed)
            while current < capacity {
                let (exchanged, original) = count.compareExchange(
                    expected: current, desired: current + 1, ordering: .relaxed)
                if exchanged { return true }
                current = original
            }
            return false
        }

        var statistics: Statistics { clock.withLock { $0.statistics } }

        func removeAll(releasingFrom count: borrowing Atomic<Int>) {
            clock.withLock { clock in
                count.subtract(clock.statistics.count, ordering: .relaxed)
                clock = Clock(expected: 0)
            }
        }
    }

    /// CLOCK replacement: `ring` lists the keys in slot order; a hit sets the entry's reference
    /// bit; replacement sweeps the hand round the ring, clearing bits, to the first entry
    /// whose bit is clear, and puts the new key in its slot.
    private struct Clock {
        struct Entry {
            var value: ShapedWidth
            var referenced: Bool
        }

        var entries: [Key: Entry] = [:]
        var ring: [Key] = []
        var hand = 0
        var statistics = Statistics()

        init(expected: Int) {
            entries.reserveCapacity(expected)
            ring.reserveCapacity(expected)
        }

        mutating func value(for key: Key) -> ShapedWidth? {
            guard let index = entries.index(forKey: key) else {
                statistics.misses += 1
                return nil
            }
            statistics.hits += 1
            if !entries.values[index].referenced { entries.values[index].referenced = true }
            return entries.values[index].value
        }

        func contains(_ key: Key) -> Bool { entries.index(forKey: key) != nil }

        /// Adds `key` unless it is held (then nothing changes), with one probe; whether it was added.
        mutating func append(_ value: ShapedWidth, for key: Key) -> Bool {
            var added = false
            Self.visit(&entries[key, default: { added = true; return Entry(value: value, referenced: false) }()])
            guard added else { return false }
            ring.append(key)
            statistics.count += 1
            return true
        }

        private static func visit(_ entry: inout Entry) {}

        /// Replaces the CLOCK victim with `key`. A shard that holds nothing caches nothing:
        /// the capacity is all in use by the others.
        mutating func replace(_ value: ShapedWidth, for key: Key) {
            guard !ring.isEmpty else { return }
            while true {
                let index = entries.index(forKey: ring[hand])!
                guard entries.values[index].referenced else {
                    entries.remove(at: index)
                    break
                }
                entries.values[index].referenced = false
                hand = (hand + 1) % ring.count
            }
            ring[hand] = key
            entries[key] = Entry(value: value, referenced: false)
            statistics.evictions += 1
            hand = (hand + 1) % ring.count
        }
    }
}
