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
    /// How a wrapped cell's line fits, in LibreOffice 7.4: a line of text `n` px wide as drawn
    /// (`ScreenText`) stays on one line in a column at least `wrapScale` × n + 4.152 px wide as
    /// LibreOffice reads it (fitted on 69 texts of many scripts and four fonts, every threshold
    /// within 0.055 px of the line, found by halving the column's width over UNO; 201 of the 202
    /// of `Scripts/libreoffice-wrap-widths.py` within 0.1 px).
    public static let wrapScale = 1.0292
    /// Room a wrapped cell keeps beside its text, in px (see `wrapScale`): 4.152 px and the
    /// fit's 0.055 px, so a line too close to call is counted as broken (a row then a line taller,
    /// never clipped).
    public static let wrapMargin = 4.21
    /// What a wrapped row adds to its lines, in px. LibreOffice's optimal height of n lines is
    /// their heights plus 1.85–2.08 px (Carlito 9 to 20 pt, Noto Sans 11 pt, Asian and Complex
    /// lines); 5 here: the 3 px more keep most rows whose lines LibreOffice stacks a little
    /// taller than counted from being clipped (when it was chosen, on 974 generated wrapped rows:
    /// 29 rows below its height against 46 with 2 px, and 72 more than a line above it against 70).
    public static let rowPadding = 5.0
}
