public import TextMeasure

/// The font a workbook's cells are written in, and the fonts that measure them as a spreadsheet
/// draws them: the regular face for the cells, the bold face for the header.
///
/// The workbook names the font by `familyName` and `size` (points); a reader without a font of
/// that family substitutes another, whose widths may differ. Characters the font lacks are
/// measured in the fonts fontconfig falls back to (`FontFallback.system`), as LibreOffice on
/// Linux does; a spreadsheet on another system may fall back to another font.
public struct SpreadsheetFont: Sendable {
    /// The family name the workbook's cell formats declare.
    public let familyName: String
    /// The size in points the workbook declares.
    public let size: Double
    /// The cells' fonts at `size` points.
    public let regular: FontStack
    /// The header's fonts at `size` points: the bold face of the family, or `regular` when the
    /// family has none (`hasBoldFace` is false: a spreadsheet then draws synthetic bold, which
    /// is measured here as regular).
    public let bold: FontStack
    /// Whether `bold` is a bold face of its own.
    public let hasBoldFace: Bool

    /// The font of `regular`, written as `familyName` (default: the primary font's family),
    /// its header measured in `bold` (nil: `regular`, and `hasBoldFace` false).
    ///
    /// - Throws: `SpreadsheetError.invalidFontSize` when the stack's size is not a usable
    ///   point size (above 0 and at most 409, a spreadsheet's largest).
    public init(regular: FontStack, bold: FontStack?, familyName: String? = nil) throws(SpreadsheetError) {
        guard regular.size > 0, regular.size <= 409 else { throw .invalidFontSize(regular.size) }
        self.regular = regular
        self.bold = bold ?? regular
        self.hasBoldFace = bold != nil
        self.familyName = familyName ?? regular.primary.familyName
        self.size = regular.size
    }

    /// Calibri, the default font of Excel's workbooks, at `size` points (default 11), measured
    /// with Carlito (Debian's `fonts-crosextra-carlito`), whose every glyph has Calibri's
    /// advance; Carlito Bold for the header.
    ///
    /// - Throws: `SpreadsheetError.fontNotFound` when fontconfig finds no Carlito.
    public static func calibri(size: Double = 11) throws(SpreadsheetError) -> SpreadsheetFont {
        let carlito: Font
        do { carlito = try Font(family: "Carlito", size: size) } catch {
            throw .fontNotFound(family: "Carlito", reason: "Calibri is measured with Carlito: install fonts-crosextra-carlito (\(error))")
        }
        let regular = try stack([carlito])
        let bold = BoldFace.find(family: "Carlito", size: size)
        return try SpreadsheetFont(regular: regular, bold: bold, familyName: "Calibri")
    }

    /// The stack `regular` (give it `FontFallback.system`, as a spreadsheet falls back) written
    /// as its primary font's family, with that family's bold face, as fontconfig matches it, for
    /// the header (falling back to the system's fonts).
    ///
    /// - Throws: `SpreadsheetError.invalidFontSize` as `init(regular:bold:familyName:)`.
    public static func family(of regular: FontStack) throws(SpreadsheetError) -> SpreadsheetFont {
        let name = regular.primary.familyName
        let bold = BoldFace.find(family: name, size: regular.size)
        return try SpreadsheetFont(regular: regular, bold: bold, familyName: name)
    }

    /// `fonts` falling back to the system's fonts.
    private static func stack(_ fonts: [Font]) throws(SpreadsheetError) -> FontStack {
        do { return try FontStack(fonts, fallback: .system) } catch { throw .fontNotFound(family: fonts.first?.familyName ?? "", reason: "\(error)") }
    }
}
