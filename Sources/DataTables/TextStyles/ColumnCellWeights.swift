import TextMeasure

/// The weights a column's cells are measured in: one for every cell (the column's text style),
/// or one per cell, from its row and text (a column with a `cellStyle`).
@usableFromInline
enum ColumnCellWeights {
    case all(FontWeight)
    case perCell((_ row: Int, _ text: String) -> FontWeight)
}

extension DataTableColumn {
    /// This column's cell weights over `rows`, the last of which is the footer when `hasFooter`
    /// (bold: `textStyle(for:text:isFooter:)`).
    @inlinable
    func cellWeights(rows: [Row], hasFooter: Bool) -> ColumnCellWeights {
        let footer = hasFooter ? rows.count - 1 : -1
        guard cellStyle != nil || footer >= 0 else { return .all(textStyle.weight ?? .regular) }
        return .perCell { row, text in self.textStyle(for: rows[row], text: text, isFooter: row == footer).weight ?? .regular }
    }
}
