import TextMeasure

/// The weights a column's cells are measured in: one for every cell (the column's text style),
/// or one per cell, from its row and text (a column with a `cellStyle`).
@usableFromInline
enum ColumnCellWeights {
    case all(FontWeight)
    case perCell((_ row: Int, _ text: String) -> FontWeight)
}

extension DataTableColumn {
    /// This column's cell weights over `rows`.
    @inlinable
    func cellWeights(rows: [Row]) -> ColumnCellWeights {
        guard let cellStyle else { return .all(textStyle.weight ?? .regular) }
        let base = textStyle
        return .perCell { row, text in base.merging(cellStyle(rows[row], text)).weight ?? .regular }
    }
}
