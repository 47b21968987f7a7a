import TextMeasure

/// Text measured as a spreadsheet draws it on a 96 dpi screen at 100 % zoom: the font at a whole
/// number of pixels per em (11 pt is 14.67 px, drawn at 15), each glyph's advance (kerning
/// included, as HarfBuzz shapes it) on a whole pixel. Digits of Calibri 11 are 7.43 px exact
/// and 8 px drawn, so a column of numbers needs 8 % more than its exact width. Right-to-left
/// runs keep their exact advances: LibreOffice 7.4 lays Arabic and Hebrew out as HarfBuzz
/// positions them (where a cell of Arabic breaks in LibreOffice puts its width within a pixel
/// of the exact one, 119.0 px against 119.86 exact and 121 on whole pixels).
struct ScreenText {
    /// The fonts at the drawn size, in px.
    let stack: FontStack
    /// The fonts LibreOffice draws each class of text in, at the drawn size.
    let scripts: ScriptFonts

    /// `stack` (sized in points) as drawn at 96 dpi.
    init(_ stack: FontStack) throws(SpreadsheetError) {
        let pixels = (stack.size * SpreadsheetMetrics.pixelsPerPoint).rounded()
        do { self.stack = try stack.withSize(Swift.max(1, pixels)) } catch { throw .invalidFontSize(stack.size) }
        scripts = ScriptFonts(western: self.stack)
    }

    /// The width in px of `text`'s widest hard line (lines end at LF, CR or CRLF): its glyphs'
    /// advances on whole pixels, a right-to-left run's exact.
    ///
    /// - Complexity: O(length).
    func width(of text: String) -> Double {
        var widest = 0.0
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            var width = 0.0
            for run in stack.glyphRuns(of: String(line)) {
                width += run.isRightToLeft ? run.width : run.glyphs.reduce(0) { $0 + $1.advance.rounded() }
            }
            widest = Swift.max(widest, width)
        }
        return widest
    }

    /// The height in px of the line of `classes` (a line's characters' `ScriptClass.resolved`
    /// classes) as LibreOffice stacks a wrapped cell's lines: the largest ascender plus the
    /// largest descender of the fonts of the classes in it (`ScriptFonts`), the line gap left
    /// out. An empty line is as tall as the Western font's.
    ///
    /// - Complexity: O(length).
    func lineHeight(of classes: some Sequence<ScriptClass>) -> Double {
        var ascender = -Double.infinity, descender = -Double.infinity
        for kind in classes {
            let extent = scripts.extent(of: kind)
            (ascender, descender) = (Swift.max(ascender, extent.ascender), Swift.max(descender, extent.descender))
        }
        guard ascender > -.infinity else { return lineHeight(of: [.western]) }
        return ascender + descender
    }
}
