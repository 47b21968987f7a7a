import ArgumentParser
import TextMeasure

extension TextMeasureCommand {
    struct Width: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the width in px of each line of standard input, one per line.",
            discussion: """
                Widths are exact HarfBuzz advances (font units × size ÷ units-per-em, no hinting, \
                no rounding), printed at full precision. A line that is not valid UTF-8 stops the \
                run with an error naming it; widths of the lines before it have been printed.
                """)

        @OptionGroup var font: FontOptions
        @OptionGroup var lineBreaks: LineBreakOptions

        @Option(help: ArgumentHelp("The text's weight: regular, or bold (the stack's bold faces, where it has them).",
                                   valueName: "regular|bold"))
        var weight = FontWeight.regular

        @Option(help: ArgumentHelp(
            "Shaping: 'auto' (exact: simple text summed without shaping where provably equal to HarfBuzz, the rest shaped), "
                + "'harfbuzz' (exact: every line shaped), 'none' (nominal advances, not exact); 'full' is 'auto'."))
        var shaping: Shaping = .auto

        @Flag(help: "Print JSON Lines: {\"text\": …, \"width\": …}.")
        var json = false

        enum Shaping: String, ExpressibleByArgument, CaseIterable {
            case auto, harfbuzz, none, full
        }

        func run() throws {
            let stack = try font.stack().withLineBreaks(lineBreaks.rules).weight(weight)
            ShapingMode.current = shaping == .harfbuzz ? .harfbuzz : .auto
            let (json, nominal) = (self.json, shaping == .none)
            // Lines are decoded, measured and printed in chunks on every core, once a batch has
            // 64 lines beyond ASCII: an ASCII line is summed in well under a microsecond, less
            // than handing it to another core costs (the threads then contend for the font's
            // shared objects' reference counts: 60 % more CPU and no less time). A line printed
            // before is printed again from a memo of the run's own, while the memo pays: a
            // column's values repeat.
            var memo = LineMemo()
            var remembering = MemoPolicy()
            var sampler = RepeatSampler()
            var input = InputLines()
            while true {
                let batch = input.nextBatch(4096)
                let lines = batch.lines
                let first = input.lineNumber - lines.count + 1  // the batch's first line's number
                // Without the memo every line is new; with it, lines found are copied.
                var new: [Int] = [], found: [Int: LineMemo.Entry] = [:]
                if remembering.usesMemo {
                    for (index, line) in lines.enumerated() {
                        if let entry = memo.find(batch.bytes[line], orReserveFor: index) { found[index] = entry } else { new.append(index) }
                    }
                } else {
                    new = Array(lines.indices)
                }
                let sampledRepeats = remembering.samples ? sampler.repeats(lines, in: batch.bytes) : 0
                let unmeasured = found.isEmpty ? lines : new.map { lines[$0] }
                let chunks = LineBatch.linesBeyondASCII(unmeasured, in: batch.bytes) < 64 ? 1 : processorCount * 4
                let measured = concurrentMap(chunks, parallelFrom: 2) { chunk in
                    var printed = PrintedLines()
                    batch.bytes.withUnsafeBufferPointer { bytes in
                        for line in unmeasured[unmeasured.count * chunk / chunks ..< unmeasured.count * (chunk + 1) / chunks] {
                            guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self) else {
                                printed.stopped = true
                                break
                            }
                            let width = nominal ? stack.nominalWidth(of: text) : stack.width(of: text, cache: nil)
                            if json {
                                printed.append("{\"text\":\(jsonString(text)),\"width\":\(width)}\n".utf8)
                            } else {
                                printed.append(width.description.utf8)
                            }
                        }
                    }
                    return printed
                }
                // Lines up to the first that is not UTF-8 (a chunk stops there) are printed.
                let measuredChunks = measured.prefix { !$0.stopped } + measured.drop { !$0.stopped }.prefix(1)
                let printedCount = measuredChunks.reduce(0) { $0 + $1.count }
                let end = printedCount < new.count ? new[printedCount] : lines.count
                if !remembering.usesMemo {
                    for chunk in measuredChunks { StandardOutput.write(chunk.bytes) }
                } else {
                    // Every line measured is remembered as printed: none stays pending past its batch.
                    var output: [UInt8] = []
                    output.reserveCapacity(end * 20)
                    var printedAt = [Int: ArraySlice<UInt8>](minimumCapacity: printedCount)
                    for (index, line) in zip(new, measuredChunks.flatMap(\.lines)) {
                        printedAt[index] = line
                        memo.store(Array(line), for: batch.bytes[lines[index]])
                    }
                    for index in 0..<end {
                        switch found[index] {
                        case .printed(let known)?: output += known
                        case .pending(let first)?: output += printedAt[first]!
                        case nil: output += printedAt[index]!
                        }
                    }
                    StandardOutput.write(output)
                }
                if end < lines.count { throw InvalidUTF8(line: first + end) }
                remembering.batchDone(lines: lines.count, found: found.count + sampledRepeats)
                if lines.isEmpty { break }
            }
        }
    }
}

/// Output lines printed into one buffer, with where each ends.
struct PrintedLines: Sendable {
    private(set) var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// Whether the lines stopped at one that is not UTF-8.
    var stopped = false

    /// Appends a line (its "\n" added when it lacks one).
    mutating func append(_ line: some BidirectionalCollection<UInt8>) {
        bytes += line
        if line.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        ends.append(bytes.count)
    }

    /// How many lines there are.
    var count: Int { ends.count }

    /// Each line's bytes.
    var lines: [ArraySlice<UInt8>] { ends.indices.map { bytes[($0 == 0 ? 0 : ends[$0 - 1])..<ends[$0]] } }
}

/// The output line of each input line printed so far (by its bytes), up to `capacity` lines
/// (when full, it starts again empty), and the lines of the batch being measured.
struct LineMemo {
    /// What the memo knows of a line.
    enum Entry {
        /// Printed before, as these bytes.
        case printed([UInt8])
        /// Being measured for the line at this index of the batch.
        case pending(Int)
    }

    private var lines: [Key: Entry] = [:]
    private let capacity: Int

    init(capacity: Int = 1 << 16) { self.capacity = capacity }

    /// A line's bytes, hashed once; a key looked up shares the input's buffer, a key stored its own copy.
    private struct Key: Hashable {
        let bytes: ArraySlice<UInt8>
        let hash: Int

        init(_ bytes: ArraySlice<UInt8>) {
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            (self.bytes, hash) = (bytes, hasher.finalize())
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: Key, b: Key) -> Bool { a.hash == b.hash && a.bytes.elementsEqual(b.bytes) }
    }

    /// What is known of `line`; nil when nothing, and then it is noted as pending for `index`.
    mutating func find(_ line: ArraySlice<UInt8>, orReserveFor index: Int) -> Entry? {
        let key = Key(line)
        if let entry = lines[key] { return entry }
        if lines.count >= capacity { lines.removeAll(keepingCapacity: true) }
        lines[Key(ArraySlice(Array(line)))] = .pending(index)
        return nil
    }

    /// Notes `line` printed as `printed`.
    mutating func store(_ printed: [UInt8], for line: ArraySlice<UInt8>) {
        lines[Key(line)] = .printed(printed)
    }
}

/// Whether the `width` command's next batch of lines looks in its memo (and fills it). Hashing,
/// copying and storing a line costs about a fifth of measuring one that must be shaped, so the
/// memo is used while at least a fifth of a batch's lines are found in it. While it is not, the
/// first batch and every 8th one after are sampled (their lines' hashes alone are kept, at a
/// tenth of the memo's cost a line, see `RepeatSampler`), and the memo is taken up when a fifth of
/// a sample's lines were seen before.
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

/// The fingerprints of the lines of sampled batches (a 64-bit FNV-1a hash of their bytes), up to
/// `capacity` (then it starts again empty): how many lines of a batch were seen before, without
/// keeping their bytes. An open-addressed table of fingerprints, so a line costs a pass over its
/// bytes and a probe or two (about a tenth of the memo's cost a line); two lines with one
/// fingerprint (one chance in 2⁶⁴ a pair) would count as a repeat, which only decides whether the
/// memo is taken up.
struct RepeatSampler {
    private var slots: [UInt64]
    private var count = 0
    private let capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        slots = [UInt64](repeating: 0, count: capacity * 2)  // a power of two, at most half full
    }

    /// How many of `lines` (ranges of `bytes`) were sampled before. O(their length).
    mutating func repeats(_ lines: [Range<Int>], in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var repeats = 0
            for line in lines {
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in buffer[line] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
                if !insert(hash | 1) { repeats += 1 }  // never 0, an empty slot
            }
            return repeats
        }
    }

    /// Adds `fingerprint`; false when it was there.
    private mutating func insert(_ fingerprint: UInt64) -> Bool {
        if count >= capacity {
            for index in slots.indices { slots[index] = 0 }
            count = 0
        }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: (fingerprint ^ fingerprint >> 29) &* 0xBF58_476D_1CE4_E5B9 >> 32) & mask
        while slots[index] != 0 {
            if slots[index] == fingerprint { return false }
            index = (index + 1) & mask
        }
        slots[index] = fingerprint
        count += 1
        return true
    }
}
