public import CellLayout
public import DataTables

extension DataTableLayout {
    /// Narrows every column wider than a page of `page` size inside `margins` (less `style`'s
    /// chrome) to that width, so that `pages(…, fit: .bands())` can hold each column at full
    /// size: such a column becomes `.fixed` at that width (its header cut to it, as any fixed
    /// column's), the others keep their modes, and the table is laid out again, so the rows are
    /// measured again. With `DataTableTextLayout.wrap` the narrowed column's text wraps at that
    /// width; on a single line it is cut to it. Nothing changes when every column fits.
    ///
    /// - Returns: Whether the layout changed.
    /// - Throws: `DataTableConfigurationError` when the narrower configuration is not valid
    ///   (nothing changes).
    ///
    /// - Complexity: O(columns) when every column fits; else a new layout
    ///   (`reloadEverything(configuration:)`), whose rows are measured again as they are needed.
    @discardableResult
    public func narrowColumns(toPage page: PageSize, margins: EdgeInsets = EdgeInsets(36), style: some TableStyle = .plain,
                              alignments: [ColumnAlignment] = []) throws(DataTableConfigurationError) -> Bool {
        let room = page.width - margins.horizontal - chrome(style: style, alignments: alignments).horizontal
        guard room > 0 else { return false }
        let wide = Set(columnWidths.columns.indices.filter { columnWidths.columns[$0].width > room + 1e-9 * max(1, room) })
        guard !wide.isEmpty else { return false }
        let given = configuration.columnWidthModeProvider
        var narrower = configuration
        narrower.columnWidthModeProvider = { wide.contains($0) ? .fixed(width: room) : given?($0) }
        try reloadEverything(configuration: narrower)
        return true
    }
}
