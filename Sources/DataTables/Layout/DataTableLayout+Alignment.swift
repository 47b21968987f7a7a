import TextMeasure

/// What a column's numbers give the layout, kept until a cell of the column changes.
struct ColumnNumbers {
    var alignment: ColumnAlignment?
    var decimalExtent: DecimalExtent??
}

extension DataTableLayout {
    /// The reader of the cells' numbers: the configuration's decimal separator.
    public var numberReader: NumberReader { NumberReader(decimalSeparator: configuration.decimalSeparator) }

    /// The font stack column `column`'s text cells are measured and drawn in: the
    /// configuration's `font`, with tabular figures (`tnum`) for a `.trailing` or `.decimal`
    /// column, declared so or found so by its content (`alignment(ofColumn:)`, as its cells were
    /// when the columns were last measured; only for a column whose width mode reads its cells, so
    /// a fixed column stays unread until it is drawn), when `tabularFigures` is set.
    public func font(ofColumn column: Int) -> FontStack { columnFonts[column] }

    /// The text style of column `column`'s cell in row `row`, showing `text`: the column's and the
    /// cell's (`DataTableColumn.textStyle(for:text:)`), bold in the footer row
    /// (`DataTableConfiguration.lastRowIsFooter`).
    ///
    /// - Complexity: as `DataTableColumn.textStyle(for:text:)`.
    public func textStyle(ofColumn column: Int, row: Int, text: String) -> DataTableTextStyle {
        columns[column].textStyle(for: rows[row], text: text, isFooter: row == configuration.footerRow(rowCount: rowCount))
    }

    /// The font stack a text cell of column `column` with text style `style` is measured and
    /// drawn in: ``font(ofColumn:)`` in the style's weight (bold keeps the tabular figures).
    ///
    /// - Complexity: as `FontStack.weight(_:)`.
    public func cellFont(ofColumn column: Int, style: DataTableTextStyle) -> FontStack {
        columnFonts[column].weight(style.weight ?? .regular)
    }

    /// How column `column`'s texts sit in their cells: its declared ``DataTableColumn/alignment``,
    /// else by content (``ColumnAlignment/byContent(of:reader:)``: trailing when every non-empty
    /// cell but the footer's is a number). A column of compound cells without one is leading.
    ///
    /// - Complexity: O(rows) the first time after the column's cells change (each text read
    ///   until one is not a number), then O(1).
    public func alignment(ofColumn column: Int) -> ColumnAlignment {
        if let declared = columns[column].alignment { return declared }
        if let known = numbers[column].alignment { return known }
        let (rows, text) = (rows, columns[column].text)
        // The footer (a label, totals) is not the column's content.
        let content = rows.dropLast(configuration.lastRowIsFooter ? 1 : 0).lazy.map(text)
        let alignment = columns[column].cell != nil ? .leading : ColumnAlignment.byContent(of: content, reader: numberReader)
        numbers[column].alignment = alignment
        return alignment
    }

    /// Column `column`'s ``DecimalExtent`` over every row: what decimal alignment draws with. Only
    /// a column declared `.decimal` is measured for it (a column drawn decimal-aligned without
    /// being declared so may be too narrow for it).
    ///
    /// - Complexity: O(rows) the first time after the column's cells change (each distinct side
    ///   shaped once), then O(1).
    public func decimalExtent(ofColumn column: Int) -> DecimalExtent? {
        if let known = numbers[column].decimalExtent { return known }
        let extent = calculator().decimalExtent(ofColumn: column)
        numbers[column].decimalExtent = .some(extent)
        return extent
    }
}
