public import TextMeasure

/// What pages show besides the table (`DataTableLayout.pages(style:page:margins:alignments:fit:furniture:)`):
/// a title above the table on the first page, and "Page N of M" below it on every page of a
/// table that takes more than one.
///
/// Both take room from the table: the first page holds the rows that fit below the title, and
/// every page the rows that fit above its number. The page count is settled before any page is
/// drawn (pagination without numbers first; when that takes more than one page, again with their
/// room kept).
public struct PageFurniture: Sendable {
    /// The title, above the table on the first page, at the left margin, wrapped at the width
    /// inside the margins (its hard line breaks kept); nil or empty for none.
    public var title: String?
    /// The title's fonts; nil for the header's at 1.5 × its size (its size when 1.5 × is past a
    /// font's largest). A bold face goes here.
    public var titleFont: FontStack?
    /// Whether every page of a table that takes more than one page says "Page N of M" at its
    /// bottom, centred, in the cells' fonts. A table on one page has no number.
    public var pageNumbers: Bool
    /// The space, in points, between the title and the table, and between the table and the
    /// page's number.
    public var spacing: Double

    /// Furniture: by default none (no title, no page numbers), so pages are the table's alone.
    public init(title: String? = nil, titleFont: FontStack? = nil, pageNumbers: Bool = false, spacing: Double = 12) {
        (self.title, self.titleFont, self.pageNumbers, self.spacing) = (title, titleFont, pageNumbers, spacing)
    }
}
