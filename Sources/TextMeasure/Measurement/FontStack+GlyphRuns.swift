internal import CHarfBuzz

extension FontStack {
    /// `text` shaped as `width(of:)` measures it, as one line of a paragraph of `direction`:
    /// the same runs (split where the font, the script or the UAX #9 bidi level changes), in
    /// the order the line draws them, left to right (UAX #9 rule L2), with the glyph ids and
    /// positions HarfBuzz gave. The runs' widths add up to the width `width(of:)` reports,
    /// before its clamp at zero, when `direction` is `.auto` or the one `.auto` resolves to.
    ///
    /// To draw a line of a wrapped text, pass the line's text and the direction of the whole
    /// text (`TextDirection.resolved(for:)`), which `prepare(_:direction:tabInterval:cache:)`
    /// measured its lines with. In `ShapingMode.auto`, simple text (see the article
    /// "Measuring text") gets HarfBuzz's glyphs and positions without `hb_shape`.
    ///
    /// - Complexity: O(length).
    public func glyphRuns(of text: String, direction: TextDirection = .auto) -> [GlyphRun] {
        glyphRuns(of: text, direction: direction, mode: .current)
    }

    /// The runs of `line` (its `text`, shaped as `glyphRuns(of:direction:)` shapes it), their
    /// widths adding up to the line's `width`: a line that ends in a trimmed closing mark
    /// (`TextLine.endTrim`) has it half-width, as it was measured. Pass the direction of the
    /// whole text, as for a line's text.
    ///
    /// - Complexity: O(length of the line).
    public func glyphRuns(of line: TextLine, direction: TextDirection = .auto) -> [GlyphRun] {
        Self.trimmingEnd(of: glyphRuns(of: line.text, direction: direction), by: line.endTrim)
    }

    /// `runs` (a line's, in visual order, slices of one string) with the last character of the
    /// line, in reading order, `trim` narrower (see `GlyphRun.endTrim`).
    package static func trimmingEnd(of runs: [GlyphRun], by trim: Double) -> [GlyphRun] {
        guard trim > 0, let last = runs.indices.max(by: { runs[$0].text.endIndex < runs[$1].text.endIndex }) else { return runs }
        var runs = runs
        runs[last] = runs[last].trimmingEnd(by: trim)
        return runs
    }

    /// `glyphRuns(of:direction:)` shaped as `mode` says (for comparing the two modes).
    package func glyphRuns(of text: String, direction: TextDirection, mode: ShapingMode) -> [GlyphRun] {
        guard !text.isEmpty else { return [] }
        var bytes = text
        return bytes.withUTF8 { utf8 in
            if let run = Itemizer.primaryRun(utf8, in: fontSet, direction: direction) {
                return [glyphRun(utf8, run, of: text, mode: mode)]
            }
            return Self.visualOrder(Itemizer.runs(of: text, in: fontSet, direction: direction)).map { run in
                glyphRun(utf8, run, of: text, mode: mode)
            }
        }
    }

    /// `runs` (in logical order) in visual order, UAX #9 rule L2: from the highest level down
    /// to the lowest odd level, every maximal sequence of runs at that level or higher is
    /// reversed. O(runs × levels).
    static func visualOrder<Run>(_ runs: [Run], level: (Run) -> UInt8) -> [Run] {
        guard let highest = runs.map(level).max(),
              let lowestOdd = runs.map(level).filter({ $0 & 1 == 1 }).min() else { return runs }
        var order = runs
        var current = highest
        while current >= lowestOdd {
            var start = 0
            while start < order.count {
                guard level(order[start]) >= current else { start += 1; continue }
                var end = start
                while end < order.count, level(order[end]) >= current { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            current -= 1
        }
        return order
    }

    private static func visualOrder(_ runs: [ShapingRun]) -> [ShapingRun] { visualOrder(runs) { $0.level } }

    /// `run` shaped as `Shaper.measure` shapes it: in `ShapingMode.auto`, without `hb_shape`
    /// when the simple-text analysis of its face gives HarfBuzz's glyphs and positions (stacks
    /// without a language, as `Shaper.advance`).
    private func glyphRun(_ utf8: UnsafeBufferPointer<UInt8>, _ run: ShapingRun, of text: String, mode: ShapingMode) -> GlyphRun {
        let face = fontSet.face(run.faceIndex)
        let scale = size / Double(face.unitsPerEm)
        var glyphs: [PositionedGlyph] = []
        var pen = 0
        if mode == .auto, run.level == 0, fontSet.language == nil, fontSet.shapesWithSettingsAlone(run.faceIndex, utf8, run.utf8Range),
           let simple = fontSet.simpleText(run.faceIndex).glyphs(utf8, run.utf8Range, script: run.bufferScript, scale: scale) {
            (glyphs, pen) = simple
        } else {
            let buffer = Shaper.shape(utf8, run.utf8Range, in: fontSet, font: run.faceIndex,
                                      level: run.level, script: run.bufferScript)
            var count: UInt32 = 0
            let infos = hb_buffer_get_glyph_infos(buffer, &count)
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
            glyphs.reserveCapacity(Int(count))
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
        }
        let utf8View = text.utf8
        let range = utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.lowerBound)
            ..< utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.upperBound)
        return GlyphRun(text: text[range], fontIndex: run.faceIndex, font: font(at: run.faceIndex),
                        level: Int(run.level), glyphs: glyphs, width: Double(pen) * scale)
    }
}
