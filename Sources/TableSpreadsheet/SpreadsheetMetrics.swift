/// What a spreadsheet adds to a cell's text, and how it reads a column's width, found by
/// experiment with LibreOffice Calc 7.4 (see the article "Spreadsheets"): its optimal width of a
/// column is `layoutScale` × the text's drawn width + `cellPadding`, plus `filterButton` on a
/// header cell with an autofilter.
public enum SpreadsheetMetrics {
    /// Pixels per point at 96 dpi.
    public static let pixelsPerPoint = 96.0 / 72.0
    /// LibreOffice's optimal widths grow by 1.0293 px per drawn pixel of text (at every font
    /// size tried: 13, 15 and 19 px per em); 1.03 here.
    public static let layoutScale = 1.03
    /// Room left and right of the text together, in px: LibreOffice's optimal width adds
    /// 11.65 px (its 2 mm "Add" of the Optimal Width dialog and the cell's margins); 12 here.
    public static let cellPadding = 12.0
    /// The autofilter's drop-down button on a header cell, in px: LibreOffice widens the
    /// optimal width of a filtered header cell by 20.6 px; 21 here.
    public static let filterButton = 21.0
    /// Excel's widest column: 255 characters.
    public static let maximumCharacters = 255.0
    /// The most rows a worksheet holds, the header's included.
    public static let maximumRows = 1_048_576
    /// The most columns a worksheet holds.
    public static let maximumColumns = 16_384
    /// The most characters (UTF-16 code units) a cell holds.
    public static let maximumCellLength = 32_767
    /// The tallest row, in points: Excel's 409 (LibreOffice reads a taller one, Excel refuses it).
    public static let maximumRowHeight = 409.0
}

extension SpreadsheetMetrics {
    /// The height in points of one line of a wrapped cell in `font`: Excel's row height of one
    /// line, the font's line height at 96 dpi rounded up to a whole pixel, plus 2 px (Calibri 11:
    /// 17.9 px, so 20 px, 15 pt; Arial 10: 17 px, 12.75 pt). LibreOffice 7.4 needs less: about
    /// the ascender and descender, 14.9 px a line of Calibri 11, plus 2 px.
    public static func lineHeight(of font: SpreadsheetFont) -> Double {
        ((font.regular.metrics.lineHeight * pixelsPerPoint).rounded(.up) + 2) / pixelsPerPoint
    }
}
