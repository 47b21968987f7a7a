/// A table's pages, each drawn when it is read: a page's display list is made from its rows on
/// access, so a long document never holds more than the page being drawn, and a caller that
/// draws only some pages pays only for those.
///
/// Made by `DataTableLayout.pages(style:page:margins:alignments:fit:)`, which has already measured
/// every row and paginated. Reading a page again draws it again (the same drawing).
public struct TablePages: RandomAccessCollection {
    /// What a page shows: its rows, and for a row split between pages, the part of it.
    struct Slice {
        var rows: Range<Int>
        /// How far into the first row the page starts (0: at its top).
        var top: Double
        /// Where in the last row the page ends, from that row's top; nil: at its end.
        var bottom: Double?
    }

    /// The smallest text size, in points, a page may draw: a table shrunk to fit a page's width
    /// further than that is refused (`RenderError.textTooSmall`), not drawn unreadable.
    public static let minimumTextSize = 4.0

    private let slices: [(Slice, band: [Int])]
    private let draw: (Slice, [Int]) -> Drawing

    init(slices: [(Slice, band: [Int])], draw: @escaping (Slice, [Int]) -> Drawing) {
        (self.slices, self.draw) = (slices, draw)
    }

    /// The rows each page shows, top to bottom; a row taller than a page is on each page that
    /// holds a part of it. Pages go down, then across: each column band's pages in turn.
    public var rows: [Range<Int>] { slices.map(\.0.rows) }

    /// The columns each page shows, left to right (by index in the table): its column band.
    public var columns: [[Int]] { slices.map(\.band) }

    public var startIndex: Int { slices.startIndex }
    public var endIndex: Int { slices.endIndex }

    /// Page `index`, drawn now. O(cells on the page), plus shaping its lines.
    public subscript(index: Int) -> Drawing { draw(slices[index].0, slices[index].band) }
}
