package import DataTables

/// The cells of a table served live (`TableServer`), written as the virtualised HTML page's rows
/// are (`HTMLRows.json`): each cell's lines at the layout's places, each glyph run in the class
/// of the face that shaped it. The page places the cells itself; it measures nothing. One writer
/// serves one table for its whole life, so a face keeps its class (`f3`) in every page.
package final class LiveCells {
    private let fonts: HTMLFonts
    /// The selector the font classes' rules are scoped to.
    private let scope: String

    /// A writer whose font families are named after `id`, their rules under `scope`.
    package init(id: String, scope: String) {
        fonts = HTMLFonts(id: id)
        self.scope = scope
    }

    /// The header row's cells (`[[line, …], …]`, a cell an array of lines) of `layout`.
    ///
    /// - Complexity: O(columns), plus shaping each title.
    package func header<Row>(of layout: DataTableLayout<Row>) -> String {
        let columns = layout.styleConfiguration(rows: 0..<0).columns
        return "[" + columns.map { "[" + HTMLLine.lines(of: $0.header, shift: 0, fonts: fonts).map(\.json).joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
    }

    /// Rows `range` of `layout`, each as `HTMLRows.json` writes it, measured first if they were
    /// not (a live table lays out only the rows a page shows, and keeps only heights).
    ///
    /// - Complexity: O(cells + lines + runs of the rows), plus measuring those not measured and
    ///   laying out their text.
    package func rows<Row>(_ range: Range<Int>, of layout: DataTableLayout<Row>) -> [String] {
        let writer = HTMLRows(fonts: fonts)
        let rows = layout.styleConfiguration(rows: range).rows.map { writer.json($0, shift: 0) }
        return rows
    }

    /// The rules of the fonts the cells written so far use, fonts loaded from `prefix` followed
    /// by each file's name: the `@font-face` rules by face and the classes' by class, so a page
    /// holding the first ones appends the rest; and the files to serve.
    ///
    /// - Throws: `RenderError.fontNotServable` for a font a page cannot load by URL.
    package func fontRules(prefix: String) throws(RenderError) -> (faces: [String], classes: [String], files: [HTMLTable.FontFile]) {
        try fonts.ruleList(.url(prefix: prefix), selector: scope)
    }
}
