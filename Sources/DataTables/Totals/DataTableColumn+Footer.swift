extension DataTableColumn {
    /// The footer cell of this column for `rows`: its ``total`` of the rows' texts, or "" for a
    /// column without one.
    ///
    /// ```swift
    /// let columns = [DataTableColumn("Item", \.item), DataTableColumn("Price", \.price).total(.sum)]
    /// let footer = try columns.map { try $0.footerText(for: rows, reader: NumberReader()) }  // ["", "$8,619,510.47"]
    /// ```
    ///
    /// A table shows it as its last row (`DataTableConfiguration.lastRowIsFooter`): measured
    /// like any row, in bold, drawn after the others, on the last page.
    ///
    /// - Throws: ``ColumnTotalError`` naming the row and the column of a cell that is not a number.
    /// - Complexity: O(rows × text length).
    public func footerText(for rows: some Sequence<Row>, reader: NumberReader) throws(ColumnTotalError) -> String {
        guard let total else { return "" }
        return try total.text(of: rows.lazy.map(text), column: title, reader: reader)
    }
}
