/// A display list indexed by the stretch of height each item can paint, so that an image drawn
/// in strips of rows replays, for each strip, only the items that reach into it: drawing a table
/// of n rows in b strips costs O(n log n + b × (items per strip)), not O(n × b). Indexed `across`,
/// by the stretch of width instead, it gives each tile of a strip its items, so that a strip as
/// wide as many tiles costs its items once, not once a tile.
///
/// Each list is indexed on its own: a clip's items and a transform's (in its own coordinates)
/// have an index of their own. An item's stretch is conservative: a fill's path, a stroke's grown
/// by its width, a run's glyphs grown to the face's bounding box, a clip's path; an item whose
/// stretch is unknown (a face that cannot be opened) is always kept.
struct StripIndex {
    private let items: [DrawingItem]
    /// Items no taller than `reach`, as (top, bottom, index), by top.
    private let short: [(top: Double, bottom: Double, index: Int)]
    /// The tallest short item's height.
    private let reach: Double
    /// Items taller than an item is short, or whose stretch is unknown: checked for every strip.
    private let tall: [(top: Double, bottom: Double, index: Int)]
    /// The index of each clip's or transform's items, by the item's index.
    private let inner: [Int: StripIndex]
    /// Whether the index is of widths (x), not heights (y).
    private let across: Bool

    /// Items taller than this (in their list's units) are checked for every strip.
    private static let shortest = 1024.0

    /// `items` indexed by height (`across`: by width), the runs' ink measured in `fonts`.
    /// O(items log items).
    init(_ items: [DrawingItem], fonts: CairoFonts, across: Bool = false) {
        (self.items, self.across) = (items, across)
        func span(_ rect: Rect, grownBy grown: Double = 0) -> ClosedRange<Double>? {
            across ? Self.span(rect.minX - grown, rect.maxX + grown) : Self.span(rect.minY - grown, rect.maxY + grown)
        }
        var short: [(top: Double, bottom: Double, index: Int)] = [], tall: [(top: Double, bottom: Double, index: Int)] = []
        var inner: [Int: StripIndex] = [:]
        for (index, item) in items.enumerated() {
            let stretch: ClosedRange<Double>?
            switch item {
            case .fill(let path, _): stretch = span(path.bounds)
            case .stroke(let path, _, let lineWidth): stretch = span(path.bounds, grownBy: lineWidth)
            case .text(let text): stretch = fonts.inkBounds(of: text).flatMap { span($0) }
            case .clip(let path, let items):
                inner[index] = StripIndex(items, fonts: fonts, across: across)
                stretch = span(path.bounds)
            case .transformed(let scale, let offset, let items):
                let transformed = StripIndex(items, fonts: fonts, across: across)
                inner[index] = transformed
                let shift = across ? offset.x : offset.y
                stretch = scale > 0 ? transformed.stretch.flatMap {
                    Self.span(shift + scale * $0.lowerBound, shift + scale * $0.upperBound)
                } : nil
            }
            if let stretch, stretch.upperBound - stretch.lowerBound <= Self.shortest {
                short.append((stretch.lowerBound, stretch.upperBound, index))
            } else {
                tall.append((stretch?.lowerBound ?? -.infinity, stretch?.upperBound ?? .infinity, index))
            }
        }
        short.sort { $0.top < $1.top }
        self.short = short
        self.tall = tall
        self.reach = short.reduce(0) { max($0, $1.bottom - $1.top) }
        self.inner = inner
    }

    /// `top...bottom`, or nil when they make no range (NaN, or upside down).
    private static func span(_ top: Double, _ bottom: Double) -> ClosedRange<Double>? { top <= bottom ? top...bottom : nil }

    /// The stretch all the items can paint; nil when one's is unknown, or there are none.
    private var stretch: ClosedRange<Double>? {
        guard !items.isEmpty, tall.allSatisfy({ $0.top.isFinite && $0.bottom.isFinite }) else { return nil }
        let all = short + tall
        return all.reduce(Double.infinity) { min($0, $1.top) }...all.reduce(-Double.infinity) { max($0, $1.bottom) }
    }

    /// The items that can paint inside `strip` (from its top to its bottom, or its left to its
    /// right `across`, in the list's coordinates), in their order, each clip and transform holding only its own such items.
    /// O(log items + the items looked at: those whose top lies within the tallest short item's
    /// height above the strip, and the tall ones).
    func items(in strip: ClosedRange<Double>) -> [DrawingItem] {
        var found = tall.filter { $0.top <= strip.upperBound && $0.bottom >= strip.lowerBound }.map(\.index)
        // The first short item whose top is within `reach` of the strip's top.
        var low = short.partitioningIndex { $0.top >= strip.lowerBound - reach }
        while low < short.count, short[low].top <= strip.upperBound {
            if short[low].bottom >= strip.lowerBound { found.append(short[low].index) }
            low += 1
        }
        found.sort()
        // A clip or transform none of whose items reaches the strip draws nothing: left out.
        return found.compactMap { index in
            switch items[index] {
            case .clip(let path, _):
                let inside = inner[index]!.items(in: strip)
                return inside.isEmpty ? nil : .clip(path, inside)
            case .transformed(let scale, let offset, let items):
                let inside = Self.span((strip.lowerBound - (across ? offset.x : offset.y)) / scale,
                                       (strip.upperBound - (across ? offset.x : offset.y)) / scale)
                    .map { inner[index]!.items(in: $0) } ?? items
                return inside.isEmpty ? nil : .transformed(scale: scale, offset: offset, inside)
            default: return items[index]
            }
        }
    }
}
