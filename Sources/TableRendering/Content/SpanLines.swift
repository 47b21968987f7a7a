import TextMeasure

/// A spanning cell's content as the span rules count it (`linesOnPage`, `firstLineLeft`,
/// `PagePlan`): lines one under another, each drawn once, on the page where it fits. A text
/// cell's lines are its text's. A compound cell's are its placed text items grouped by height:
/// items whose boxes overlap (runs of one line, texts side by side) make one line, which starts
/// where the line above ends, so the room between them (stack spacing, padding, boxes, which hold
/// no ink) goes with the line below it.
struct SpanLines {
    /// Each line's height, top to bottom.
    let heights: [Double]
    /// A compound cell's text items, in the order given, and the line each is in; empty for text.
    private let items: [TextItem]
    private let lineOfItem: [Int]

    /// A text cell's lines, by their heights.
    init(heights: [Double]) {
        self.heights = heights
        (items, lineOfItem) = ([], [])
    }

    /// A compound cell's text items, placed from `top` (its content box's top).
    /// O(items × log items).
    init(items: [TextItem], top: Double) {
        let blocks = SplitRow.merged(items.map { $0.frame.minY...$0.frame.maxY })
        var heights: [Double] = [], bottom = top
        for block in blocks {
            heights.append(block.upperBound - bottom)
            bottom = block.upperBound
        }
        self.heights = heights
        self.items = items
        // An item's line: the last block starting at or above its top.
        lineOfItem = items.map { item in max(0, blocks.partitioningIndex { $0.lowerBound > item.frame.minY } - 1) }
    }

    /// A compound cell's items of lines `lines`, moved up by the lines above them (so the first
    /// starts where the cell's content does, as a text cell's lines are drawn). O(items + lines).
    func items(_ lines: Range<Int>) -> [TextItem] {
        let shift = heights[..<lines.lowerBound].reduce(0, +)
        return zip(items, lineOfItem).compactMap { item, line in
            guard lines.contains(line) else { return nil }
            var item = item
            item.origin.y -= shift
            item.frame.y -= shift
            return item
        }
    }
}

extension SpanLines {
    /// The lines of a spanning cell (`heights`: its lines', see `SpanLines`) that a page shows,
    /// its part of the page `portion` points tall (to where the page cuts a row split between
    /// pages). On the span's first page (`ends` empty) the lines lie from the cell's top (`top`:
    /// the padding above them) over all its rows, and the page shows those that end within its
    /// part. A page continuing the span goes on with the first line earlier pages did not show
    /// (`firstLineLeft`), as many as fit below the padding. The page where the span ends shows every line left (pagination grows the span's
    /// last row so that they fit, `PageRowGrowth`). A page continuing a span whose lines earlier
    /// pages showed all repeats the cell from its first line, as many lines as fit with the
    /// padding above and below them: none when the first does not fit (the cell stands on the
    /// page before), so a repeated cell never reaches past its part of the page. O(lines +
    /// earlier pages of the span until its lines ran out).
    static func linesOnPage(_ heights: [Double], ends: ArraySlice<Double>, spanTop: Double, portion: Double, top: Double,
                            bottom: Double, endsHere: Bool) -> Range<Int> {
        guard !ends.isEmpty else { return 0..<(endsHere ? heights.count : fitting(heights, from: 0, room: portion - top)) }
        let next = firstLineLeft(heights, ends: ends, spanTop: spanTop, top: top)
        if next == heights.count { return 0..<fitting(heights, from: 0, room: portion - top - bottom) }
        return next..<(endsHere ? heights.count : next + fitting(heights, from: next, room: portion - top))
    }

    /// The first line of a spanning cell (`heights`: its lines') that the pages before a page
    /// continuing it did not show: `ends` are the offsets where those pages ended (the last: where
    /// this page starts), the first of them showing the lines as they lie `top` (the padding)
    /// below `spanTop`, each later one as many as fit below the padding. `heights.count` when they showed them all.
    /// O(lines shown + those pages until the lines ran out).
    static func firstLineLeft(_ heights: [Double], ends: ArraySlice<Double>, spanTop: Double, top: Double) -> Int {
        guard let firstEnd = ends.first else { return 0 }
        var next = fitting(heights, from: 0, room: firstEnd - spanTop - top)
        for (start, end) in zip(ends, ends.dropFirst()) {
            guard next < heights.count else { break }
            next += fitting(heights, from: next, room: end - start - top)
        }
        return next
    }

    /// How many lines of `heights` from `next` on fit in `room` points, one under another.
    /// O(lines fitting).
    static func fitting(_ heights: [Double], from next: Int, room: Double) -> Int {
        var (end, y) = (next, 0.0)
        while end < heights.count, y + heights[end] <= room + 1e-6 { (end, y) = (end + 1, y + heights[end]) }
        return end - next
    }

    /// The page starts of `pageStarts` (ascending) after `spanTop` through `pageStart`: where the
    /// earlier pages of a span starting at `spanTop` ended, the last being where the page starting
    /// at `pageStart` starts. Without `pageStarts`, `pageStart` alone. O(log pages).
    static func starts(after spanTop: Double, through pageStart: Double, of pageStarts: [Double]) -> ArraySlice<Double> {
        let after = pageStarts.partitioningIndex { $0 > spanTop + 1e-9 * max(1, spanTop) }
        let through = pageStarts.partitioningIndex { $0 > pageStart + 1e-9 * max(1, pageStart) }
        return after < through ? pageStarts[after..<through] : [pageStart]
    }
}
