import TextMeasure

/// The texts one row's cells prepared, to be laid out again at another width without preparing
/// them again: measured together, a table's column bands each show the row's key columns, and
/// each key cell is prepared once for all of them.
///
/// Texts are told apart by their exact UTF-8 bytes (canonically equivalent strings can shape
/// differently) and their font. A row holds a few: each look-up compares them in turn.
struct PreparedTexts {
    /// The texts prepared so far, or nil when none are kept (a row measured alone).
    private var entries: [(text: String, font: FontStack, prepared: PreparedText)]?

    /// Keeping the texts it prepares (`remembering`), or preparing each when asked.
    init(remembering: Bool = true) { entries = remembering ? [] : nil }

    /// `text` prepared in `font`: as it was for an earlier cell of the row, else now.
    ///
    /// - Complexity: O(texts kept) comparisons, each stopping at the first differing byte; on a
    ///   miss, preparing the text.
    mutating func prepared(_ text: String, in font: FontStack, cache: WidthCache?) -> PreparedText {
        let count = text.utf8.count
        if let entry = entries?.first(where: { $0.font == font && $0.text.utf8.count == count && $0.text.utf8.elementsEqual(text.utf8) }) {
            return entry.prepared
        }
        let prepared = font.prepare(text, cache: cache)
        entries?.append((text, font, prepared))  // kept when remembering
        return prepared
    }
}
