import Testing
import TextMeasure

@Suite struct WidthCacheTests {
    let font: Font
    init() throws { font = try Font.bundled(.notoSans, size: 14) }

    @Test func hitsDoNotReshapeAndServeEverySize() throws {
        let cache = WidthCache(capacity: 64)
        let small = font.width(of: "AVATAR", cache: cache)
        let large = try font.withSize(21).width(of: "AVATAR", cache: cache)
        #expect(cache.statistics == WidthCache.Statistics(hits: 1, misses: 1, evictions: 0, count: 1))
        #expect(abs(large - small * 21 / 14) < 1e-9)
        #expect(small == font.width(of: "AVATAR", cache: nil))
    }

    @Test func featuresAndFontsAreSeparateEntries() throws {
        let cache = WidthCache(capacity: 64)
        _ = font.width(of: "office", cache: cache)
        _ = font.withFeatures([try FontFeature("-liga")]).width(of: "office", cache: cache)
        _ = try Font.bundled(.notoSansMono).width(of: "office", cache: cache)
        // The same file loaded again shares its face, so it hits.
        _ = try Font(path: BundledFont.notoSans.path(), size: 30).width(of: "office", cache: cache)
        #expect(cache.statistics.misses == 3)
        #expect(cache.statistics.hits == 1)
    }

    /// In a stack of several fonts, "фoo " keeps the face of its "o" whatever follows it (a
    /// letter of the primary face, in the spaces' item, ranks best), so it is one cache entry
    /// before "bar" and before "1": "фoo bar" and "фoo 1" prepare it once and find it once. It was
    /// two: "фoo " keyed with each following cluster. (An accent on the ф, a mark the
    /// simple-text path never sums, so it is shaped and cached; "bar" and "1" are measured by the
    /// simple-text path, which needs no cache.)
    @Test func trailingSpacesThatCannotMoveAreOneEntry() throws {
        let stack = try FontStack.bundled(size: 14)
        let cache = WidthCache(capacity: 64)
        let first = stack.prepare("ф\u{301}oo bar", cache: cache), second = stack.prepare("ф\u{301}oo 1", cache: cache)
        #expect(cache.statistics.count == 1 && cache.statistics.hits == 1)
        // The same widths as without the cache, each segment shaped alone.
        #expect(first.maxContentWidth == stack.prepare("ф\u{301}oo bar", cache: nil).maxContentWidth)
        #expect(second.layout(width: 20).lines.map(\.width) == stack.prepare("ф\u{301}oo 1", cache: nil).layout(width: 20).lines.map(\.width))
    }

    @Test func canonicallyEquivalentStringsAreDistinctKeys() {
        let cache = WidthCache(capacity: 64)
        let composed = "\u{00E9}", decomposed = "e\u{0301}"
        #expect(composed == decomposed)  // Swift's String equality…
        _ = font.width(of: composed, cache: cache)
        let width = font.width(of: decomposed, cache: cache)
        #expect(cache.statistics.misses == 2)  // …is not the cache's.
        #expect(width == font.width(of: decomposed, cache: nil))
    }

    @Test func boundedWithClockEviction() {
        let cache = WidthCache(capacity: 32)
        #expect(cache.capacity == 32)
        let texts = (0..<200).map { "row \($0)" }
        for text in texts { _ = font.width(of: text, cache: cache) }
        let statistics = cache.statistics
        #expect(statistics.count <= 32)
        #expect(statistics.misses == 200)
        #expect(statistics.evictions == 200 - statistics.count)
        // Whatever survived or was evicted, answers never change.
        for text in texts.shuffled() { #expect(font.width(of: text, cache: cache) == font.width(of: text, cache: nil)) }
        cache.removeAll()
        #expect(cache.statistics == WidthCache.Statistics())
    }

    /// CLOCK by hand: a, b, c, d fill the four slots; a hit marks a; e sweeps the hand past a
    /// (clearing its mark) to b, the first unmarked entry, and takes its slot.
    @Test func clockEvictsTheFirstUnreferencedEntry() {
        let cache = WidthCache(capacity: 4)
        for text in ["a", "b", "c", "d", "a", "e"] { _ = font.width(of: text, cache: cache) }
        #expect(cache.statistics == WidthCache.Statistics(hits: 1, misses: 5, evictions: 1, count: 4))
        _ = font.width(of: "a", cache: cache)
        #expect(cache.statistics.hits == 2)   // a survived
        _ = font.width(of: "b", cache: cache)
        #expect(cache.statistics.misses == 6) // b was the victim
    }

    @Test func largeCachesHoldTheirWholeCapacity() {
        let cache = WidthCache(capacity: 5_000)
        let texts = (0..<5_000).map { "cell \($0)" }
        _ = font.widths(of: texts, cache: cache)
        _ = font.widths(of: texts, cache: cache)
        #expect(cache.statistics == WidthCache.Statistics(hits: 5_000, misses: 5_000, evictions: 0, count: 5_000))
    }
}
