import Testing
@testable import TextMeasureCommand

/// The `width` command's memo of printed lines and the rule that decides when it is used.
@Suite struct LineMemoTests {
    static func bytes(_ text: String) -> ArraySlice<UInt8> { ArraySlice(Array(text.utf8)) }

    /// A line is pending for the first index that asked, then printed; other bytes are other lines
    /// (canonically equivalent text included: "é" and "e\u{301}" measure apart).
    @Test func linesByTheirBytes() {
        var memo = LineMemo()
        #expect(memo.find(Self.bytes("é"), orReserveFor: 3) == nil)
        guard case .pending(3)? = memo.find(Self.bytes("é"), orReserveFor: 9) else { Issue.record("not pending for 3"); return }
        #expect(memo.find(Self.bytes("e\u{301}"), orReserveFor: 4) == nil)
        memo.store(Array("7.5\n".utf8), for: Self.bytes("é"))
        guard case .printed(let printed)? = memo.find(Self.bytes("é"), orReserveFor: 10) else { Issue.record("not printed"); return }
        #expect(printed == Array("7.5\n".utf8))
    }

    /// A line found in a slice of a longer buffer is the same line.
    @Test func aSliceOfALongerBufferIsTheLine() {
        var memo = LineMemo()
        _ = memo.find(Self.bytes("abc"), orReserveFor: 0)
        memo.store([1], for: Self.bytes("abc"))
        let buffer = Array("xxabcxx".utf8)
        guard case .printed([1])? = memo.find(buffer[2..<5], orReserveFor: 1) else { Issue.record("not found"); return }
    }

    /// Full, it starts again empty rather than growing.
    @Test func fullStartsAgain() {
        var memo = LineMemo(capacity: 2)
        for (index, line) in ["a", "b", "c"].enumerated() { _ = memo.find(Self.bytes(line), orReserveFor: index) }
        #expect(memo.find(Self.bytes("a"), orReserveFor: 5) == nil)  // dropped when "c" came
        guard case .pending(2)? = memo.find(Self.bytes("c"), orReserveFor: 6) else { Issue.record("c not kept"); return }
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

extension LineMemo.Entry: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.printed(let x), .printed(let y)): x == y
        case (.pending(let x), .pending(let y)): x == y
        default: false
        }
    }
}
