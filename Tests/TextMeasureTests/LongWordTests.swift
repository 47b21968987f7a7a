import Testing
@testable import TextMeasure

/// A word many lines long is laid out in time linear in its length: the shaping it takes is
/// counted in UTF-8 bytes handed to HarfBuzz (`Shaper.probe`, debug builds), not timed.
@Suite struct LongWordTests {
    let stack: FontStack
    init() throws { stack = try FontStack.bundled(size: 14) }

    /// Bytes shaped while laying `text` out at `width`, after `prepare` (which shapes each
    /// segment once) and with no cache, so every measurement is shaping.
    func shapedBytes(_ text: String, width: Double, maxLines: Int = 0) -> (bytes: Int, lines: Int) {
        let prepared = stack.prepare(text, cache: nil)
        let probe = Shaper.Probe()
        let lines = Shaper.$probe.withValue(probe) { prepared.layout(width: width, maxLines: maxLines).lineCount }
        return (probe.bytes, lines)
    }

    /// Latin (one face: lines measured from one shaping of the word) and Latin mixed with
    /// Arabic (several faces: lines shaped one by one) at widths 0 and 50: whatever the length,
    /// the bytes shaped stay under a fixed multiple of the length. Breaking each line by
    /// searching the rest of the word, as before, shaped about length² / 12 bytes at width 50.
    @Test(arguments: ["abcdefghij", "abc\u{0623}\u{0628}\u{062C}"])
    func overlongWordsShapeLinearly(piece: String) {
        for width in [0.0, 50] {
            for repeats in [200, 2_000] {
                let text = String(repeating: piece, count: repeats)
                let (bytes, lines) = shapedBytes(text, width: width)
                #expect(lines >= repeats, "\(lines) lines")
                #expect(bytes <= 12 * text.utf8.count, "\(bytes) bytes shaped for \(text.utf8.count) at width \(width)")
            }
        }
    }

    /// `truncate` shapes the whole text once (to see that it does not fit), then about as much
    /// as it keeps: not half the word or more per try, as bisecting from the middle did
    /// (40,032 bytes here).
    @Test func truncatingALongWordShapesWhatItKeeps() {
        let text = String(repeating: "abcdefghij", count: 2_000)
        for truncation in [Truncation.end, .middle, .start] {
            let probe = Shaper.Probe()
            let cut = Shaper.$probe.withValue(probe) { stack.truncate(text, toWidth: 50, truncation: truncation, cache: nil) }
            #expect(cut.count < 10)
            #expect(probe.bytes <= text.utf8.count + 1_000, ".\(truncation): \(probe.bytes) bytes shaped")
        }
    }
}
