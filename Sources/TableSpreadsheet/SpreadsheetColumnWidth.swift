/// A column's width in the units of an xlsx file, converted from pixels by the maximum-digit-width
/// rule of ECMA-376 Part 1 §18.3.1.13.
///
/// The file gives a width in characters of the workbook's default font (the Normal style:
/// Calibri 11 pt, which this package never changes, whatever the cells' font): `width =
/// Truncate([chars × MDW + 5] / MDW × 256) / 256`, where MDW is the widest digit of that font in
/// whole pixels at 96 dpi, 5 px the padding the rule adds, and `chars` the column's text in
/// digits. Calibri's digits are 1038/2048 em (Carlito's, metric-compatible); at 11 pt, 14.67 px,
/// that is 7.43 px, so MDW = 7 (Excel's own value). A column `pixels` wide is `chars = (pixels −
/// 5) / 7` digits.
///
/// Excel shows a width as `Truncate(((256 × width + Truncate(128 / MDW)) / 256) × MDW)` px:
/// exactly `pixels`. LibreOffice multiplies it by the digit's width in whole twips (111 twips,
/// 7.4 px), so shows 5.7 % more: the file holds the width both readers show at least.
public struct SpreadsheetColumnWidth: Sendable, Hashable {
    /// The width in whole pixels at 96 dpi.
    public let pixels: Int
    /// `(pixels − 5) / MDW`: the characters of the rule (what libxlsxwriter takes).
    public let characters: Double
    /// The width written in the file, on the rule's grid of 1/256 character.
    public let fileWidth: Double

    /// Calibri's digit advance in font units of its 2048 per em.
    public static let calibriDigitAdvance = 1038.0
    /// The default font's size in points.
    public static let defaultFontSize = 11.0
    /// The maximum digit width in whole pixels at 96 dpi of Calibri 11: 7.
    public static let maximumDigitWidth = (calibriDigitAdvance / 2048 * defaultFontSize * SpreadsheetMetrics.pixelsPerPoint).rounded()
    /// The digit LibreOffice converts a file width with, in px: Calibri 11's digit in whole
    /// twips (111, of 1440 an inch), 7.4 px.
    public static let libreOfficeDigitWidth = (calibriDigitAdvance / 2048 * defaultFontSize * 20).rounded(.down) / 15

    /// The width of a column at least `pixels` wide (rounded up to a whole pixel, at least the
    /// rule's 5 px of padding).
    public init(pixels: Double) {
        let whole = Swift.max(5, Int(pixels.rounded(.up)))
        let mdw = Self.maximumDigitWidth
        self.pixels = whole
        characters = (Double(whole) - 5) / mdw
        fileWidth = ((characters * mdw + 5) / mdw * 256).rounded(.towardZero) / 256
    }

    /// The pixels Excel shows for the file's width.
    public var excelPixels: Int {
        let mdw = Self.maximumDigitWidth
        return Int(((256 * fileWidth + (128 / mdw).rounded(.towardZero)) / 256 * mdw).rounded(.towardZero))
    }

    /// The pixels LibreOffice shows for the file's width.
    public var libreOfficePixels: Double { fileWidth * Self.libreOfficeDigitWidth }
}
