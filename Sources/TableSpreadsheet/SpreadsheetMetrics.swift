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
    /// Room a wrapped cell keeps beside its text, in px: LibreOffice 7.4 puts a line's words on
    /// one line while `layoutScale` × their drawn width + 4.05 px fits the column (measured on
    /// Latin, Cyrillic, Greek and digits at 15 px per em: 4.03–4.12 px, 5.07 once); 4.5 here, so
    /// a line too close to call is counted as broken (a row then a line taller, never clipped).
    public static let wrapMargin = 4.5
    /// What a wrapped row adds to its lines, in px. LibreOffice's optimal height of n lines is
    /// their heights plus 1.85–2.08 px (Carlito 9 to 20 pt, Noto Sans 11 pt, Asian and Complex
    /// lines); 5 here: the 3 px more keep most rows whose lines LibreOffice stacks a little
    /// taller than counted from being clipped (when it was chosen, on 974 generated wrapped rows:
    /// 29 rows below its height against 46 with 2 px, and 72 more than a line above it against 70).
    public static let rowPadding = 5.0
}
