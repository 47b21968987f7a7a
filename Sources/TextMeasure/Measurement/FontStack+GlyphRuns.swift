internal import CHarfBuzz

extension FontStack {
    /// `text` shaped as `width(of:)` measures it: the same runs, in the order a line draws them
    /// (left to right), with the glyph ids and positions HarfBuzz gave. The runs' widths add up
    /// to the width `width(of:)` reports, before its clamp at zero. O(length).
    public func glyphRuns(of text: String, direction: TextDirection = .auto) -> [GlyphRun] {
        guard !text.isEmpty else { return [] }
        var bytes = text
        return bytes.withUTF8 { utf8 in
            Itemizer.runs(of: text, in: fontSet).map { run in
                glyphRun(utf8, run, of: text)
            }
        }
    }

    private func glyphRun(_ utf8: UnsafeBufferPointer<UInt8>, _ run: ShapingRun, of text: String) -> GlyphRun {
        let face = fontSet.faces[run.faceIndex]
        let buffer = Shaper.shape(utf8, run.utf8Range, face: face, features: fontSet.hbFeatures[run.faceIndex])
        let scale = size / Double(face.unitsPerEm)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(Int(count))
        var pen = 0
        for index in 0..<Int(count) {
            let (info, position) = (infos![index], positions![index])
            glyphs.append(PositionedGlyph(
                id: info.codepoint,
                cluster: Int(info.cluster) - run.utf8Range.lowerBound,
                x: Double(pen + Int(position.x_offset)) * scale,
                y: Double(-position.y_offset) * scale,
                advance: Double(position.x_advance) * scale))
            pen += Int(position.x_advance)
        }
        let utf8View = text.utf8
        let range = utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.lowerBound)
            ..< utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.upperBound)
        return GlyphRun(text: text[range], fontIndex: run.faceIndex, font: font(at: run.faceIndex),
                        isRightToLeft: hb_buffer_get_direction(buffer) == HB_DIRECTION_RTL,
                        glyphs: glyphs, width: Double(pen) * scale)
    }
}
