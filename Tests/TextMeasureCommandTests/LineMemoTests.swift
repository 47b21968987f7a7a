import Testing
@testable import TextMeasureCommand

/// The `width` command's memo of printed lines and the rule that decides when it is used.
@Suite struct LineMemoTests {
    /// A batch of lines in one buffer, as the command reads them.
    static func batch(_ texts: [String]) -> (lines: [Range<Int>], bytes: [UInt8]) {
        var bytes: [UInt8] = [], lines: [Range<Int>] = []
        for text in texts {
            bytes += text.utf8
            lines.append(bytes.count - text.utf8.count..<bytes.count)
        }
        return (lines, bytes)
    }

    static func entries(_ memo: inout LineMemo, _ texts: [String]) -> (entries: [Int], added: [Int]) {
        let (lines, bytes) = batch(texts)
        return memo.entries(for: lines, in: bytes)
    }

    static func output(_ memo: LineMemo, _ entry: Int) -> String {
        var output: [UInt8] = []
        memo.appendOutput(of: entry, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A line's repeats, in its batch and later ones, share its entry, and only its first is
    /// added; other bytes are other lines (canonically equivalent text included: "é" and
    /// "e\u{301}" measure apart).
    @Test func linesByTheirBytes() {
        var memo = LineMemo()
        let first = Self.entries(&memo, ["é", "x", "é", "e\u{301}", "ée"])
        #expect(first.added == [0, 1, 3, 4])
        #expect(first.entries[2] == first.entries[0])
        #expect(Set(first.added.map { first.entries[$0] }).count == 4)
        for (text, entry) in zip(["7.5\n", "1\n", "8\n", "9.25\n"], first.added.map({ first.entries[$0] })) {
            Array(text.utf8).withUnsafeBufferPointer { memo.setOutput($0, of: entry) }
        }
        #expect(Self.output(memo, first.entries[2]) == "7.5\n")
        let second = Self.entries(&memo, ["e\u{301}", "y", "é"])
        #expect(second.added == [1])
        #expect(Self.output(memo, second.entries[0]) == "8\n")
        #expect(Self.output(memo, second.entries[2]) == "7.5\n")
    }

    /// Many lines: the table grows, and every line is still found by its bytes alone.
    @Test func manyLines() {
        var memo = LineMemo()
        let texts = (0..<5_000).map { "line \($0)" }
        let first = Self.entries(&memo, texts)
        #expect(first.added == Array(texts.indices))
        let second = Self.entries(&memo, texts.reversed())
        #expect(second.added.isEmpty)
        #expect(second.entries == first.entries.reversed())
    }

    /// A batch that would pass its capacity finds it empty again, rather than growing.
    @Test func fullStartsAgain() {
        var memo = LineMemo(capacity: 3)
        #expect(Self.entries(&memo, ["a", "b"]).added == [0, 1])
        #expect(Self.entries(&memo, ["b"]).added == [])
        #expect(Self.entries(&memo, ["c", "a"]).added == [0, 1])  // 2 + 2 lines: "a" and "b" dropped
        var bytes = LineMemo(byteCapacity: 6)
        #expect(Self.entries(&bytes, ["abc"]).added == [0])
        #expect(Self.entries(&bytes, ["abc"]).added == [])
        #expect(Self.entries(&bytes, ["d", "abc"]).added == [0, 1])  // 3 + 4 bytes
    }

    /// Not used until a sample finds a fifth of its lines seen before; kept while a fifth of a
    /// batch's lines are found; then sampled again every 8th batch.
    @Test func policy() {
        var policy = MemoPolicy()
        #expect(!policy.usesMemo && policy.samples)  // the first batch is sampled
        policy.batchDone(lines: 100, found: 19)
        for _ in 0..<7 {
            #expect(!policy.usesMemo && !policy.samples)
            policy.batchDone(lines: 100, found: 0)
        }
        #expect(policy.samples)  // the 8th batch since
        policy.batchDone(lines: 100, found: 20)
        #expect(policy.usesMemo && !policy.samples)
        policy.batchDone(lines: 100, found: 60)
        #expect(policy.usesMemo)
        policy.batchDone(lines: 100, found: 19)
        #expect(!policy.usesMemo && !policy.samples)
    }

    /// Lines sampled before count as repeats, within a batch and across batches, by their bytes.
    @Test func sampler() {
        var sampler = RepeatSampler()
        let bytes = Array("abcabcé".utf8)
        #expect(sampler.repeats([0..<3, 3..<6, 6..<8], in: bytes) == 1)
        #expect(sampler.repeats([6..<8, 0..<1], in: bytes) == 1)
    }

}
