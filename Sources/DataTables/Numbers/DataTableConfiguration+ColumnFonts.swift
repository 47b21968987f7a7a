import TextMeasure

extension DataTableConfiguration {
    /// The font stack of each column's cells, by the columns' declared alignments: ``font``, with
    /// tabular figures (`tnum`) for a `.trailing` or `.decimal` column when ``tabularFigures``
    /// is set. Columns past `alignments` get ``font``.
    ///
    /// - Complexity: O(columns × fonts).
    @usableFromInline
    func columnFonts(alignments: [ColumnAlignment?], count: Int) -> [FontStack] {
        let tabular = tabularFigures ? font.addingFeatures([.tabularFigures]) : font
        return (0..<count).map { index in
            let alignment = index < alignments.count ? alignments[index] : nil
            return alignment == .trailing || alignment == .decimal ? tabular : font
        }
    }
}
