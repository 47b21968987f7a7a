/// A header group's width shared among the columns it spans, as CSS Tables 3 ("computing column
/// measures") and Chromium share a spanning cell's: groups taken by increasing span (so inner
/// groups before the groups that hold them), each one's width, which is both its min-content
/// and its max-content width (a group title never wraps), distributed over its columns as a
/// table's width is (`AutomaticTableLayout.widths`): first as their min-content widths, each
/// raised to its share where that is more; then as their max-content widths the same way. A
/// group no wider than its columns' min-content (max-content) widths changes none of them; the
/// width beyond their max-content widths goes to them in proportion to those (equally when all
/// are 0), leaving `.fixed` columns be (a group over fixed columns alone widens nothing: its
/// title is cut to them when drawn).
enum HeaderGroupSpread {
    /// `columns` with each of `groups`, `widths[i]` wide, spread over its columns. For
    /// SwiftDataTables' content-fitted widths pass columns whose min-content is their width:
    /// the width beyond them then goes in proportion to their widths.
    ///
    /// - Complexity: O(g log g + Σ spans) for g groups.
    static func spread(_ groups: [DataTableHeaderGroup], widths: [Double],
                       over columns: [AutomaticTableLayout.Column]) -> [AutomaticTableLayout.Column] {
        var columns = columns
        let order = groups.indices.sorted { (groups[$0].columns.count, $0) < (groups[$1].columns.count, $1) }
        for index in order {
            let span = groups[index].columns, width = widths[index]
            // Fixed columns keep their widths; a group over nothing else is cut to them when drawn.
            guard !columns[span].allSatisfy(\.isFixed) else { continue }
            let minima = AutomaticTableLayout.widths(of: Array(columns[span]), frame: width, scaleToFill: true)
            for (column, share) in zip(span, minima) { columns[column].minContent = max(columns[column].minContent, share) }
            let maxima = AutomaticTableLayout.widths(of: Array(columns[span]), frame: width, scaleToFill: true)
            for (column, share) in zip(span, maxima) {
                columns[column].maxContent = max(columns[column].maxContent, columns[column].minContent, share)
            }
        }
        return columns
    }
}
