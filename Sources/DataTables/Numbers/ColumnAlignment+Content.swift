extension ColumnAlignment {
    /// The alignment of a column of `texts` by content: `.trailing` when at least one is a number
    /// and every non-empty one is, else `.leading`.
    ///
    /// - Complexity: O(total length); stops at the first text that is not a number.
    public static func byContent(of texts: some Sequence<String>, reader: NumberReader) -> ColumnAlignment {
        var sawNumber = false
        for text in texts {
            switch reader.read(text) {
            case .empty: continue
            case .text: return .leading
            case .number: sawNumber = true
            }
        }
        return sawNumber ? .trailing : .leading
    }
}
