extension FontStack {
    /// The shaped widths of `texts`, in input order, each equal to `width(of:)`.
    ///
    /// Each distinct text is measured once (tables repeat values a lot) and the distinct texts
    /// are shaped on every core.
    ///
    /// - Complexity: O(total length) to hash and de-duplicate, plus O(total length of the
    ///   distinct texts / cores) to shape them.
    public func widths(of texts: [String], cache: WidthCache? = .shared) -> [Double] {
        var distinct = DistinctTexts(reservingCapacity: texts.count)
        let indices = texts.map { distinct.index(adding: $0) }
        let widths = widths(of: distinct, cache: cache)
        return indices.map { widths[$0] }
    }

    /// The shaped widths of `distinct`'s texts, in order, shaped on every core, each looked up
    /// in `cache` with the hash `distinct` already holds.
    package func widths(of distinct: DistinctTexts, cache: WidthCache? = .shared) -> [Double] {
        widths(of: distinct.texts(in: 0..<distinct.count), cache: cache)
    }

    /// The same for some of them (see `DistinctTexts.texts(in:)`).
    package func widths(of texts: DistinctTexts.Texts, cache: WidthCache? = .shared) -> [Double] {
        measuredInChunks(texts.keys, byWidestLine: false, cache: cache)
    }

    /// `contentWidth(of:)` of each of them (see `DistinctTexts.texts(in:)`), on every core.
    package func contentWidths(of texts: DistinctTexts.Texts, cache: WidthCache? = .shared) -> [Double] {
        measuredInChunks(texts.keys, byWidestLine: true, cache: cache)
    }

    /// The min-content width of the texts at `indices` of `texts` (see `DistinctTexts.texts(in:)`),
    /// as `prepare(_:)` gives it, on every core: by `minContentWidth(of:cache:)` (a plain text
    /// measured whole, once), or with `preparing` by `prepare(_:)` itself, each segment shaped
    /// once through `cache`, for a caller that lays the same texts out next (their rows' heights
    /// then find every segment there). O(their total length / cores).
    package func minContentWidths(of texts: DistinctTexts.Texts, at indices: [Int], cache: WidthCache? = .shared,
                                  preparing: Bool = false) -> [Double] {
        let keys = texts.keys
        return concurrentMap(indices.count, parallelFrom: 8) {
            let text = keys[indices[$0]].string
            return preparing ? self.prepare(text, cache: cache).minContentWidth : self.minContentWidth(of: text, cache: cache)
        }
    }

    /// The widest unbreakable segment of `text` by nominal advances (see `nominalWidth(of:)`):
    /// the text cut at its UAX #14 break opportunities, trailing whitespace and line ends left
    /// out. `maxNominal`'s min-content width. O(length).
    package func nominalMinContentWidth(of text: String) -> Double {
        var widest = 0.0, start = text.startIndex
        for opportunity in LineBreaker.opportunities(in: text, rules: lineBreaks) {
            var piece = text[start..<opportunity.index]
            while let last = piece.last, last.isWhitespace { piece = piece.dropLast() }
            widest = max(widest, nominalWidth(of: String(piece)))
            start = opportunity.index
        }
        return widest
    }

    /// The width of each of `keys` (its widest hard line's with `byWidestLine`), on every core:
    /// empty texts are 0, texts that hold a hard break (when it counts) are measured line by
    /// line, and the rest (nearly all) a chunk at a time through the cache.
    private func measuredInChunks(_ keys: [ExactText], byWidestLine: Bool, cache: WidthCache?) -> [Double] {
        concurrentChunks(keys.count) { range, output in
            var batched: [Int] = []
            for index in range {
                let text = keys[index].string
                if text.isEmpty {
                    (output + index).initialize(to: 0)
                } else if byWidestLine, HardBreak.containsOne(text) {
                    (output + index).initialize(to: self.contentWidth(of: keys[index], cache: cache))
                } else {
                    batched.append(index)
                }
            }
            for (index, width) in zip(batched, self.widths(of: batched.map { keys[$0] }, cache: cache)) {
                (output + index).initialize(to: width)
            }
        }
    }

    /// The widths of `texts` (none empty), through `cache` a batch at a time.
    private func widths(of texts: [ExactText], cache: WidthCache?) -> [Double] {
        guard let cache else { return texts.map { width(of: $0, cache: nil) } }
        return cache.measure(texts, in: fontSet).map { points($0.units) }
    }

    /// The nominal content widths of `texts` (see `nominalContentWidth(of:)`), in order, on every core.
    package func nominalContentWidths(of texts: [String]) -> [Double] {
        concurrentMap(texts.count) { self.nominalContentWidth(of: texts[$0]) }
    }
}

/// Texts gathered once each, told apart by their exact UTF-8 bytes (canonically equivalent
/// strings can shape differently, so `String ==` would merge texts that measure differently).
/// Each text is hashed once, here, and the hash is reused by the width cache.
package struct DistinctTexts {
    /// Each distinct text once, in order of first appearance, with its hash.
    private(set) var keys: [ExactText] = []
    private var indexOfText: [ExactText: Int] = [:]

    /// Room for `capacity` texts, up to `reservedAtMost`; more grow the table as they come.
    package init(reservingCapacity capacity: Int = 0) {
        indexOfText.reserveCapacity(Swift.min(capacity, Self.reservedAtMost))
    }

    /// The most texts room is made for up front: enough that a table of 100,000 rows, all
    /// distinct, never grows its dictionary. A hash table's texts land on every page of it, so a
    /// room reserved is resident memory however few texts fill it: reserved for the 1,000,000
    /// rows of a column that holds 50,000 distinct texts, it held 67 MB, 31 MB of the peak of a
    /// million-row render to JSON or HTML; a table that outgrows this doubles a few times instead.
    static var reservedAtMost: Int { 1 << 17 }

    /// How many distinct texts there are.
    package var count: Int { keys.count }

    /// How many distinct texts fit before the table grows.
    package var capacity: Int { indexOfText.capacity }

    /// Some of the distinct texts with their hashes, to be measured on any thread while more
    /// are gathered.
    package struct Texts: Sendable {
        let keys: [ExactText]
    }

    /// The distinct texts at `range` (indices in order of first appearance).
    package func texts(in range: Range<Int>) -> Texts { Texts(keys: Array(keys[range])) }

    /// The index of `text` among the distinct texts (in order of first appearance), adding it
    /// when it is new. O(length) to hash.
    package mutating func index(adding text: String) -> Int {
        let key = ExactText(text), next = keys.count
        // One probe: the index found, or `next` stored for a new text.
        let index = Self.read(&indexOfText[key, default: next])
        if index == next { keys.append(key) }
        return index
    }

    private static func read(_ index: inout Int) -> Int { index }
}
