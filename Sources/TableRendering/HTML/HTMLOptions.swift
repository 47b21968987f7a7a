/// How `TableBody.html(options:)` and `DataTableLayout.html(style:alignments:options:)` write a
/// table.
public struct HTMLOptions: Sendable, Hashable {
    /// Where the page gets the fonts the layout measured with.
    public enum Fonts: Sendable, Hashable {
        /// Each face as a `data:` URL inside the page, subset to the characters the table uses
        /// (with everything shaping them can reach) by HarfBuzz's hb-subset, hinting dropped.
        case embedded
        /// Each face's own file, at `prefix` followed by the file's name (`"/fonts/"` gives
        /// `/fonts/NotoSans-Regular.ttf`): the site serves the files `HTMLTable.fonts` lists.
        case url(prefix: String)
    }

    /// Embedded (the default) or served by URL.
    public var fonts: Fonts
    /// A whole page (`<!DOCTYPE html>` to `</html>`, no margin) or, when true, a fragment to
    /// put in a page of one's own: the `<style>` and the table's `<div>` (and script).
    public var isFragment: Bool
    /// The `id` of the table's `<div>`; every CSS rule and font family is scoped by it, so
    /// tables with different ids can share a page.
    public var id: String
    /// The page's title (a whole page only).
    public var title: String
    /// Past this many rows (nil: never) the table is virtualised: the page holds the header and
    /// a container as tall as the table, and a script keeps only the rows in the viewport,
    /// ± `prefetchRows`, in the DOM, each at the layout's offset; the rows come from
    /// `HTMLTable.rowData`, fetched from `rowDataURL`.
    public var virtualizedRowCount: Int?
    /// Rows kept in the DOM above and below the viewport when virtualised (as
    /// `DataTableRowHeightMode.automatic`'s prefetch window).
    public var prefetchRows: Int
    /// The URL, relative to the page, the script fetches `HTMLTable.rowData` from. `{hash}` in it
    /// stands for 16 hex digits of a hash of the row data (FNV-1a, 64 bits), so that a page names
    /// the rows it was written with (`HTMLTable.rowDataURL` is the URL with the hash in).
    /// `rowDataURL(forPage:)` gives the URL `HTMLTable.write(toPage:)` expects.
    public var rowDataURL: String
    /// How many leading (key) columns stay in view when the browser scrolls sideways: their
    /// header and body cells are `position: sticky`, each at its own left edge on the page (for a
    /// whole page, which starts at the viewport's left), on an opaque background. 0: none.
    public var stickyColumns: Int

    /// Options with these settings; by default a whole page with its fonts embedded, every row
    /// in it, the first column sticky.
    public init(fonts: Fonts = .embedded, isFragment: Bool = false, id: String = "tm-table", title: String = "Table",
                virtualizedRowCount: Int? = nil, prefetchRows: Int = 10, rowDataURL: String = "rows.json",
                stickyColumns: Int = 1) {
        (self.fonts, self.isFragment, self.id, self.title) = (fonts, isFragment, id, title)
        (self.virtualizedRowCount, self.prefetchRows, self.rowDataURL) = (virtualizedRowCount, prefetchRows, rowDataURL)
        self.stickyColumns = stickyColumns
    }

    /// The row data URL for a page written to `path`: the page's file name without its extension,
    /// percent-encoded as a URL path segment (RFC 3986: `v#1.html` gives `v%231`), then
    /// `.rows-{hash}.json`. The file beside the page is named the same, unencoded, with the hash.
    ///
    /// - Complexity: O(n) in the path's length.
    public static func rowDataURL(forPage path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        return HTMLMarkup.urlPathSegment(stem) + ".rows-" + hashPlaceholder + ".json"
    }

    /// What `rowDataURL` holds where the row data's hash goes.
    static let hashPlaceholder = "{hash}"
}

/// A table written as HTML.
public struct HTMLTable: Sendable {
    /// The page, or the fragment.
    public var html: String
    /// For a virtualised table, the rows as JSON to serve at `HTMLOptions.rowDataURL`:
    /// `{"offsets": [...], "rows": [...]}`: each row's top in the table (n + 1 of them, the last
    /// the table's bottom), and each row's cells, each an array of its lines
    /// (`[left, top, baseline, order, font class × 2 + right-to-left, text, room or null, …]`),
    /// led by the cell's inline CSS (`"color:…;background:…"`) when its text style sets either.
    /// Nil otherwise.
    public var rowData: String?
    /// For a virtualised table, the URL the page fetches `rowData` from: `HTMLOptions.rowDataURL`
    /// with its `{hash}` replaced. Nil otherwise.
    public var rowDataURL: String?
    /// The font files the page points to, for `HTMLOptions.Fonts.url(prefix:)` (empty when
    /// embedded): serve each at the prefix followed by its `name`.
    public var fonts: [FontFile]

    /// A font file a page loads by URL.
    public struct FontFile: Sendable, Hashable {
        /// The file's name, as the page asks for it after the prefix (percent-encoded in the
        /// page as a URL path segment, RFC 3986: `Deja#Vu.ttf` is asked for as `Deja%23Vu.ttf`,
        /// which a web server serves from the file `Deja#Vu.ttf`).
        public var name: String
        /// Where the file is on this machine.
        public var path: String
        /// The CSS family name the page gives it.
        public var family: String
    }
}
