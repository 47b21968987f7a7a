extension Array {
    /// The footer row of these columns over `rows`: each column's ``DataTableColumn/footerText(for:reader:)``,
    /// and `label` in the first column when that column has no total, so the row says what it is.
    ///
    /// ```swift
    /// let footer = try columns.footerTexts(for: rows, reader: NumberReader())  // ["Total", "$8,619,510.47"]
    /// ```
    ///
    /// - Throws: ``ColumnTotalError`` as `footerText(for:reader:)`.
    /// - Complexity: O(rows × text length) per column with a total.
    public func footerTexts<Row>(for rows: some Collection<Row>, reader: NumberReader,
                                 label: String = "Total") throws(ColumnTotalError) -> [String] where Element == DataTableColumn<Row> {
        var texts: [String] = []
        texts.reserveCapacity(count)
        for column in self { texts.append(try column.footerText(for: rows, reader: reader)) }
        if let first = first, first.total == nil { texts[0] = label }
        return texts
    }
}
