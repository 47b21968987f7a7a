/// A table's pages, each drawn when it is read: a page's display list is made from its rows on
/// access, so reading them one at a time holds one page's drawing (`Drawing.pdfData(pages:)`
/// holds up to three: the one read and two waiting for Cairo), and a caller that draws only
/// some pages pays only for those.
///
/// Made by `DataTableLayout.pages(style:page:margins:alignments:fit:furniture:)`, which has
/// already measured every row of every column band and paginated, so the page count is known
/// before any page is drawn. Reading a page again draws it again (the same drawing).
public struct TablePages: RandomAccessCollection {
    /// What a page shows: its rows, and for a row split between pages, the part of it.
    struct Slice {
        var rows: Range<Int>
        /// How far into the first row the page starts (0: at its top).
        var top: Double
        /// Where in the last row the page ends, from that row's top; nil: at its end.
        var bottom: Double?
    }

    /// A column band laid out on its own: its columns (by index in the table), their widths,
    /// each row's height in the band, and how to draw a slice of it with the table's top
    /// `shift` points lower (below the title).
    struct Band {
        let columns: [Int]
        let widths: [Double]
        let height: (Int) -> Double
        let draw: (Slice, _ shift: Double) -> [DrawingItem]
    }

    /// A page: what it shows, of which band, and how far below the top margin its table starts.
    struct Page {
        var slice: Slice
        var band: Int
        var shift: Double
    }

    /// The smallest text size, in points, a page may draw: a table shrunk to fit a page's width
    /// further than that is refused (`RenderError.textTooSmall`), not drawn unreadable.
    public static let minimumTextSize = 4.0

    private let pages: [Page]
    private let bands: [Band]
    private let size: PageSize
    private let furniture: FurnitureLayout
    /// Whether the pages say "Page N of M".
    private let numbered: Bool

    init(pages: [Page], bands: [Band], size: PageSize, furniture: FurnitureLayout, numbered: Bool) {
        (self.pages, self.bands, self.size, self.furniture, self.numbered) = (pages, bands, size, furniture, numbered)
    }

    /// The rows each page shows, top to bottom; a row taller than a page is on each page that
    /// holds a part of it. Pages go down, then across: each column band's pages in turn.
    ///
    /// - Complexity: O(pages).
    public var rows: [Range<Int>] { pages.map(\.slice.rows) }

    /// The columns each page shows, left to right (by index in the table): its column band.
    ///
    /// - Complexity: O(pages + columns of every page).
    public var columns: [[Int]] { pages.map { bands[$0.band].columns } }

    /// The widths of the columns each page shows (`columns`), as its band lays them out.
    ///
    /// - Complexity: O(pages + columns of every page).
    public var columnWidths: [[Double]] { pages.map { bands[$0.band].widths } }

    /// The heights of the rows each page shows (`rows`), as its band measures them (a row split
    /// between pages: its whole height), the last row of a span continued from an earlier page
    /// as tall as it grows on pages (see `DataTableLayout.pages(style:page:margins:alignments:fit:furniture:)`).
    ///
    /// - Complexity: O(rows on the page × log g) for each page, g the rows that grow.
    public var rowHeights: [[Double]] { pages.map { page in page.slice.rows.map(bands[page.band].height) } }

    public var startIndex: Int { pages.startIndex }
    public var endIndex: Int { pages.endIndex }

    /// Page `index`, drawn now.
    ///
    /// - Complexity: O(cells on the page), plus shaping its lines (of a row split between pages,
    ///   only those on the page: O(log lines) to find them).
    public subscript(index: Int) -> Drawing {
        let page = pages[index]
        var items = bands[page.band].draw(page.slice, page.shift)
        if index == 0 { items += furniture.title }
        if numbered { items += furniture.pageNumber(index + 1, of: pages.count) }
        return Drawing(bounds: Rect(x: 0, y: 0, width: size.width, height: size.height), items: items)
    }
}
