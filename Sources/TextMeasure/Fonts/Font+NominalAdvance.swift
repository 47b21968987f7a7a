internal import CHarfBuzz

extension Font {
    /// The advance of glyph `id` of this font at this size, in points, as the font's `hmtx`
    /// table gives it: before shaping moves it (no kerning, no mark made zero).
    ///
    /// LibreOffice lays out a spreadsheet's cells so (Calc asks for no pair kerning), each
    /// advance then on a whole pixel: a "T" of Carlito at 15 px is 7.31 px, drawn 7; before
    /// another "T", whose kerning adds 0.2 px, still 7.
    ///
    /// - Complexity: O(1).
    public func nominalAdvance(ofGlyph id: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(face.font, id)) * size / Double(face.unitsPerEm)
    }
}
