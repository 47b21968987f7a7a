/// A table's pages, each drawn when it is read: a page's display list is made from its rows on
/// access, so a long document never holds more than the page being drawn, and a caller that
/// draws only some pages pays only for those.
///
/// Made by `DataTableLayout.pages(style:page:margins:alignments:)`, which has already measured
/// every row and paginated. Reading a page again draws it again (the same drawing).
public struct TablePages: RandomAccessCollection {
    /// The rows each page holds.
    public let rows: [Range<Int>]
    private let draw: (Range<Int>) -> Drawing

    init(rows: [Range<Int>], draw: @escaping (Range<Int>) -> Drawing) {
        (self.rows, self.draw) = (rows, draw)
    }

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }

    /// Page `index`, drawn now. O(cells on the page), plus shaping its lines.
    public subscript(index: Int) -> Drawing { draw(rows[index]) }
}
