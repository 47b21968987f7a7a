/// One glyph of a shaped run, positioned in points.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph's index in its font.
    public var id: UInt32
    /// The UTF-8 offset, in the run's text, of the first byte of the cluster the glyph belongs to.
    public var cluster: Int
    /// The glyph origin's distance from the run's start, in points: the pen position plus
    /// HarfBuzz's x offset.
    public var x: Double
    /// The glyph origin's distance below the baseline, in points (HarfBuzz's y offset, negated:
    /// drawing coordinates grow downward).
    public var y: Double
    /// How far the pen moves after the glyph, in points.
    public var advance: Double
}

/// A stretch of text shaped by one font of a stack in one script at one UAX #9 bidi embedding
/// level: the glyphs HarfBuzz gave for it, in visual order (left to right), as the width of the
/// text was measured.
public struct GlyphRun: Sendable, Hashable {
    /// The run's text.
    public var text: Substring
    /// The index of the font that shaped it: in `FontStack.fonts`, or past them a font the
    /// stack's system fallback found (see `FontStack.font(at:)`).
    public var fontIndex: Int
    /// That font, at the stack's size.
    public var font: Font
    /// The run's UAX #9 embedding level: 0 for left-to-right text in a left-to-right paragraph;
    /// odd levels are right to left.
    public var level: Int
    /// Whether the run was shaped right to left (an odd level; its glyphs still go left to right).
    public var isRightToLeft: Bool { level & 1 == 1 }
    /// The glyphs, left to right.
    public var glyphs: [PositionedGlyph]
    /// The sum of the glyphs' advances, in points.
    public var width: Double
    /// How much the advance of its last character (in reading order) was trimmed: a fullwidth
    /// closing mark that ends a line, set half-width as the line was measured (see
    /// `TextLine.endTrim`); 0 else. `width` and the glyphs' advances already hold it.
    public var endTrim: Double = 0

    /// The run with its last character's advance `trim` points narrower, the glyphs after it
    /// moved left by as much (see `endTrim`).
    ///
    /// - Complexity: O(glyphs).
    func trimmingEnd(by trim: Double) -> GlyphRun {
        // Its glyphs (a cluster's are side by side) end the run left to right, start it right to
        // left; the last of them drawn loses the trim.
        guard trim > 0, let lastCluster = glyphs.map(\.cluster).max(),
              let index = glyphs.lastIndex(where: { $0.cluster == lastCluster }) else { return self }
        var run = self
        run.glyphs[index].advance -= trim
        for later in (index + 1)..<glyphs.count { run.glyphs[later].x -= trim }
        run.width -= trim
        run.endTrim += trim
        return run
    }
}
