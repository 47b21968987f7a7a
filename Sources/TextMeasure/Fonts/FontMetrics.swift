internal import CHarfBuzz

/// Vertical and average metrics of a font at its size, in points (1 pt = 1 px).
///
/// Signs follow OpenType: `ascender` is positive above the baseline and `descender` negative
/// below it. Ascender, descender and line gap come from the OS/2 typographic metrics when the
/// font sets USE_TYPO_METRICS, otherwise from `hhea` (as HarfBuzz and Pango read them).
public struct FontMetrics: Sendable, Hashable {
    /// The design grid of the font: font units per em.
    public let unitsPerEm: Int
    public let ascender: Double
    public let descender: Double
    public let lineGap: Double
    /// Height of capital letters (OS/2 `sCapHeight`, else the extent of "H").
    public let capHeight: Double
    /// Height of lower-case letters (OS/2 `sxHeight`, else the extent of "x").
    public let xHeight: Double
    /// OS/2 `xAvgCharWidth`, else the mean advance of the printable ASCII characters the font has.
    public let averageCharWidth: Double

    /// The default distance between baselines: `ascender - descender + lineGap`.
    public var lineHeight: Double { ascender - descender + lineGap }

    /// These metrics for a font of `size` points (they are kept in font units until then).
    func scaled(to size: Double) -> FontMetrics {
        let scale = size / Double(unitsPerEm)
        return FontMetrics(
            unitsPerEm: unitsPerEm, ascender: ascender * scale, descender: descender * scale,
            lineGap: lineGap * scale, capHeight: capHeight * scale, xHeight: xHeight * scale,
            averageCharWidth: averageCharWidth * scale)
    }

    private init(unitsPerEm: Int, ascender: Double, descender: Double, lineGap: Double,
                 capHeight: Double, xHeight: Double, averageCharWidth: Double) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.averageCharWidth = averageCharWidth
    }

    /// Metrics in font units of an hb-ot font whose scale is its units-per-em.
    init(font: OpaquePointer, face: OpaquePointer, asciiAdvances: [Int32]) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)

        func position(_ tag: hb_ot_metrics_tag_t, orExtentOf character: Unicode.Scalar) -> Double {
            var value: hb_position_t = 0
            if hb_ot_metrics_get_position(font, tag, &value) != 0, value != 0 { return Double(value) }
            var glyph: hb_codepoint_t = 0
            var glyphExtents = hb_glyph_extents_t()
            guard hb_font_get_nominal_glyph(font, character.value, &glyph) != 0,
                  hb_font_get_glyph_extents(font, glyph, &glyphExtents) != 0 else { return 0 }
            return Double(glyphExtents.y_bearing)
        }

        let printable = asciiAdvances[32..<127].filter { $0 >= 0 }
        let meanAdvance = printable.isEmpty ? 0 : Double(printable.reduce(0) { $0 + Int($1) }) / Double(printable.count)
        self.init(
            unitsPerEm: Int(hb_face_get_upem(face)),
            ascender: Double(extents.ascender), descender: Double(extents.descender),
            lineGap: Double(extents.line_gap),
            capHeight: position(HB_OT_METRICS_TAG_CAP_HEIGHT, orExtentOf: "H"),
            xHeight: position(HB_OT_METRICS_TAG_X_HEIGHT, orExtentOf: "x"),
            averageCharWidth: Self.os2AverageCharWidth(face).map(Double.init) ?? meanAdvance)
    }

    /// OS/2 `xAvgCharWidth` (an int16 at offset 2), when the table has a non-zero one.
    private static func os2AverageCharWidth(_ face: OpaquePointer) -> Int? {
        let table = hb_face_reference_table(face, hbTag("OS/2"))
        defer { hb_blob_destroy(table) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(table, &length), length >= 4 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        let value = Int(Int16(bitPattern: UInt16(bytes[2]) << 8 | UInt16(bytes[3])))
        return value > 0 ? value : nil
    }
}

/// HarfBuzz's `HB_TAG`, which Swift does not import (it is a macro).
func hbTag(_ tag: StaticString) -> hb_tag_t {
    tag.withUTF8Buffer { $0.reduce(0) { $0 << 8 | hb_tag_t($1) } }
}
