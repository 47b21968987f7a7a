import DataTables
import TextMeasure

/// The spanning text cells last laid out, so that a span going on over many pages is laid out
/// once, not once a page: a long group name over a thousand pages would otherwise cost its whole
/// text a page, in pagination and drawing both. A few at a time (pages are made in order, and a
/// page continues few spans), for every layout of the process: a text's lines depend only on the
/// text, its font (rules included), the width and whether it wraps, and those are the key.
///
/// Nothing else of a row's lines is kept: a drawing lays each row's lines out again when its page
/// (or band of pixels) is drawn, so that a layout holds numbers per row, not lines.
enum SpanTexts {
    private struct Key: Hashable {
        let text: String
        let font: FontStack
        let width: Double
        let wraps: Bool
    }

    /// How many are kept; past that, all are forgotten at once.
    private static let capacity = 64
    private static let kept = Lock<[Key: SpanText]>([:])

    /// `text` in `font` at `width` (wrapped or cut to one line) laid out: as last time for the
    /// same four, else by `layOut()`. O(1) on a hit (the text hashed and compared once, O(its
    /// length)); `layOut()` on a miss.
    static func spanText(_ text: String, font: FontStack, width: Double, wraps: Bool, layOut: () -> SpanText) -> SpanText {
        let key = Key(text: text, font: font, width: width, wraps: wraps)
        if let laidOut = kept.withLock({ $0[key] }) { return laidOut }
        let laidOut = layOut()
        kept.withLock { kept in
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[key] = laidOut
        }
        return laidOut
    }
}

/// A spanning text cell laid out once for every page it goes on over: its lines, their heights
/// (`SpanLines`), and what drawing any of them needs from the whole text.
struct SpanText {
    let lines: [TextLine]
    let heights: [Double]
    /// The whole text's direction and tab interval (see `CellText.items`).
    let direction: TextDirection
    let tabInterval: Double
}
