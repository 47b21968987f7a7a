import TextMeasure

/// A spanning cell's content as the span rules count it (`linesOnPage`, `firstLineLeft`,
/// `growSpans`): lines one under another, each drawn once, on the page where it fits. A text
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
