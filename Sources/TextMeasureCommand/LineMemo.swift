#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output line of each input line printed so far, by the input line's bytes: the `width`
/// command's memo, for a column's values that repeat.
///
/// A line's bytes and its output are kept in two buffers and found through an open-addressed
/// table of their hashes (`lineHash`: seeded, so no input can make the probes long), with no
/// object or dictionary entry a line. It holds up to `capacity` lines and `byteCapacity` bytes of
/// them; a batch that would pass either finds it empty again.
struct LineMemo {
    /// Each entry's slot in the table is `entry + 1`; 0 is an empty slot.
    private var slots = [Int32](repeating: 0, count: 1 << 10)
    private var hashes: [Int] = []
    /// Each entry's input line in `keys` and output line in `outputs`.
    private var keyRanges: [Range<Int>] = [], outputRanges: [Range<Int>] = []
    private var keys: [UInt8] = [], outputs: [UInt8] = []
    private let capacity: Int, byteCapacity: Int

    init(capacity: Int = 1 << 16, byteCapacity: Int = 1 << 26) {
        (self.capacity, self.byteCapacity) = (capacity, byteCapacity)
    }

    /// Each of `lines`' (ranges of `bytes`) entry, and which of them were added (not printed
    /// before, the first of a batch's repeats alone), in order: they are to be measured and given
    /// their output with `setOutput(_:of:)` before `appendOutput(of:to:)` reads it.
    /// - Complexity: O(the lines' length).
    mutating func entries(for lines: [Range<Int>], in bytes: [UInt8]) -> (entries: [Int], added: [Int]) {
        if hashes.count + lines.count > capacity || keys.count + (lines.last?.upperBound ?? 0) > byteCapacity { removeAll() }
        var entries: [Int] = [], added: [Int] = []
        entries.reserveCapacity(lines.count)
        bytes.withUnsafeBufferPointer { buffer in
            for (index, line) in lines.enumerated() {
                let text = UnsafeBufferPointer(rebasing: buffer[line])
                let (entry, isNew) = find(text)
                entries.append(entry)
                if isNew { added.append(index) }
            }
        }
        return (entries, added)
    }

    /// Notes `printed` as the output of `entry`.
    mutating func setOutput(_ printed: UnsafeBufferPointer<UInt8>, of entry: Int) {
        outputs += printed
        outputRanges[entry] = outputs.count - printed.count..<outputs.count
    }

    /// Appends the output of `entry` to `output`.
    func appendOutput(of entry: Int, to output: inout [UInt8]) {
        output += outputs[outputRanges[entry]]
    }

    /// `text`'s entry, and whether it was added.
    private mutating func find(_ text: UnsafeBufferPointer<UInt8>) -> (entry: Int, isNew: Bool) {
        let hash = lineHash(UnsafeRawBufferPointer(text))
        let mask = slots.count - 1
        var slot = hash & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash, keyRanges[entry].count == text.count, keys.withUnsafeBufferPointer({
                text.isEmpty || memcmp($0.baseAddress! + keyRanges[entry].lowerBound, text.baseAddress!, text.count) == 0
            }) { return (entry, false) }
            slot = (slot + 1) & mask
        }
        let entry = hashes.count
        hashes.append(hash)
        keys += text
        keyRanges.append(keys.count - text.count..<keys.count)
        outputRanges.append(0..<0)
        slots[slot] = Int32(entry + 1)
        if hashes.count * 2 > slots.count { rehash(to: slots.count * 2) }
        return (entry, true)
    }

    private mutating func rehash(to count: Int) {
        slots = [Int32](repeating: 0, count: count)
        for (entry, hash) in hashes.enumerated() {
            var slot = hash & (count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (count - 1) }
            slots[slot] = Int32(entry + 1)
        }
    }

    private mutating func removeAll() {
        for index in slots.indices { slots[index] = 0 }
        hashes.removeAll(keepingCapacity: true)
        keyRanges.removeAll(keepingCapacity: true)
        outputRanges.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        outputs.removeAll(keepingCapacity: true)
    }
}

/// A line's bytes hashed with the standard library's `Hasher` (SipHash, seeded per process).
func lineHash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
}

/// Whether the `width` command's next batch of lines looks in its memo (and fills it). Hashing,
/// copying and storing a line costs about a fifth of measuring one that must be shaped, so the
/// memo is used while at least a fifth of a batch's lines are found in it. While it is not, the
/// first batch and every 8th one after are sampled (their lines' hashes alone are kept, see
/// `RepeatSampler`), and the memo is taken up when a fifth of a sample's lines were seen before.
struct MemoPolicy {
    private(set) var usesMemo = false
    private var batchesWithout = 0

    /// Whether this batch's lines are sampled for repeats.
    var samples: Bool { !usesMemo && batchesWithout % 8 == 0 }

    /// Decides for the next batch, from this batch's `lines` and how many were `found` in the
    /// memo or, sampled, seen before.
    mutating func batchDone(lines: Int, found: Int) {
        if lines > 0, usesMemo || samples { usesMemo = found * 5 >= lines }
        batchesWithout = usesMemo ? 0 : batchesWithout + 1
    }
}

/// The hashes of the lines of sampled batches (`lineHash`), up to `capacity` (then it starts
/// again empty): how many lines of a batch were seen before, without keeping their bytes. Two
/// lines with one hash (one chance in 2⁶⁴ a pair) would count as a repeat, which only decides
/// whether the memo is taken up.
struct RepeatSampler {
    private var slots: [Int]
    private var count = 0
    private let capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        slots = [Int](repeating: 0, count: capacity * 2)  // a power of two, at most half full
    }

    /// How many of `lines` (ranges of `bytes`) were sampled before. O(their length).
    mutating func repeats(_ lines: [Range<Int>], in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer in
            lines.count { line in !insert(lineHash(UnsafeRawBufferPointer(rebasing: buffer[line])) | 1) }  // never 0, an empty slot
        }
    }

    /// Adds `hash`; false when it was there.
    private mutating func insert(_ hash: Int) -> Bool {
        if count >= capacity {
            for index in slots.indices { slots[index] = 0 }
            count = 0
        }
        let mask = slots.count - 1
        var index = hash & mask
        while slots[index] != 0 {
            if slots[index] == hash { return false }
            index = (index + 1) & mask
        }
        slots[index] = hash
        count += 1
        return true
    }
}
