import Testing
import TextMeasure
import TextMeasureTestSupport

@Suite struct BatchTests {
    @Test func batchEqualsOneByOneInInputOrder() throws {
        let stack = try FontStack.bundled(size: 13)
        let base = Array(Fixtures.multilingual.values) + (0..<500).map { "SKU-\($0 % 137) · \($0 * 7919 % 1000)" }
        let texts = (base + base.prefix(50) + ["", "", " "]).shuffled()
        let cache = WidthCache(capacity: 10_000)
        let widths = stack.widths(of: texts, cache: cache)
        #expect(widths.count == texts.count)
        for (text, width) in zip(texts, widths) { #expect(width == stack.width(of: text, cache: nil), "\(text)") }
        // Each distinct non-empty text was shaped exactly once.
        #expect(cache.statistics.misses == Set(texts.filter { !$0.isEmpty }.map { Array($0.utf8) }).count)
    }

    /// A batch finds what single look-ups stored and single look-ups find what a batch stored:
    /// one key for both (no face before the text, direction auto).
    @Test func batchesAndSingleLookUpsShareEntries() throws {
        let stack = try FontStack.bundled(size: 13)
        let texts = Array(Fixtures.multilingual.values) + (0..<300).map { "row \($0): \($0 * 31 % 97) items" }
        let cache = WidthCache(capacity: 10_000)
        for text in texts.prefix(100) { _ = stack.width(of: text, cache: cache) }
        _ = stack.widths(of: texts, cache: cache)
        let distinct = Set(texts.filter { !$0.isEmpty }.map { Array($0.utf8) }).count
        #expect(cache.statistics.misses == distinct)
        for text in texts { _ = stack.width(of: text, cache: cache) }
        #expect(cache.statistics.misses == distinct)
    }

    /// Content widths in a batch: single-line texts a chunk at a time through the cache, texts
    /// with hard breaks by their widest line, each equal to `contentWidth(of:)`.
    @Test func batchContentWidthsEqualOneByOne() throws {
        let stack = try FontStack.bundled(size: 13)
        let texts = (0..<400).map { $0 % 5 == 0 ? "line \($0)\nand the longer line \($0 * 7)" : "cell \($0) · \($0 % 13)" } + ["", "\r\n", "مرحبا 12"]
        var distinct = DistinctTexts()
        for text in texts { _ = distinct.index(adding: text) }
        let widths = stack.contentWidths(of: distinct.texts(in: 0..<distinct.count), cache: WidthCache(capacity: 1_000))
        #expect(widths == texts.map { stack.contentWidth(of: $0, cache: nil) })
    }

    /// Room made up front for a column's rows is held memory however few texts fill it (a hash
    /// table's texts land on every page of it): reserved for a million rows of 50,000 distinct
    /// texts, it held 67 MB, the peak of a million-row render. A table of 100,000 rows is
    /// reserved whole; a larger one grows as distinct texts come.
    @Test func roomIsReservedForAtMostATableOf100000Rows() {
        #expect(DistinctTexts(reservingCapacity: 100_000).capacity >= 100_000)
        let large = DistinctTexts(reservingCapacity: 1_000_000)
        #expect(large.capacity >= 100_000 && large.capacity < 300_000, "room for \(large.capacity)")
        var grown = large
        for index in 0..<300_000 { _ = grown.index(adding: String(index)) }
        #expect(grown.count == 300_000 && grown.index(adding: "299999") == 299_999 && grown.index(adding: "0") == 0)
    }

    @Test func smallAndEmptyBatches() throws {
        let font = try Font.bundled(.notoSans)
        #expect(font.widths(of: []).isEmpty)
        #expect(font.widths(of: ["Wa", "Wa"], cache: nil) == [font.width(of: "Wa"), font.width(of: "Wa")])
    }
}
