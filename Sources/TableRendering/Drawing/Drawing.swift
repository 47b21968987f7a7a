public import DataTables
public import TextMeasure

/// A picture as a value: a display list of fills, strokes, clips and positioned glyph runs, in
/// points (1 pt = 1 px) with y growing downward. Backends turn it into PNG, SVG and PDF (see
/// `pngData(scale:)`, `svgData()`, `Drawing.pdfData(pages:)`); tests read it.
public struct Drawing: Sendable {
    /// The area the drawing covers; a backend puts its top-left corner at the image's origin.
    /// A table's cells keep their coordinates whatever the style, so chrome drawn around them
    /// (padding, a border) may make this start left of or above 0.
    public var bounds: Rect
    /// What to draw, first to last (later items paint over earlier ones).
    public var items: [DrawingItem]

    public init(bounds: Rect, items: [DrawingItem]) {
        self.bounds = bounds
        self.items = items
    }

    /// Every text item, in drawing order, clipped or not.
    ///
    /// - Complexity: O(items, those inside clips and transforms included).
    public var textItems: [TextItem] {
        var found: [TextItem] = []
        func collect(_ items: [DrawingItem]) {
            for item in items {
                switch item {
                case .text(let text): found.append(text)
                case .clip(_, let inner), .transformed(_, _, let inner): collect(inner)
                case .fill, .stroke: break
                }
            }
        }
        collect(items)
        return found
    }
}

/// One instruction of a display list.
public indirect enum DrawingItem: Sendable {
    /// The path's inside painted with the colour.
    case fill(Path, Color)
    /// The path's outline painted with the colour, `lineWidth` points wide, centred on the path.
    case stroke(Path, Color, lineWidth: Double)
    /// The items drawn only inside the path.
    case clip(Path, [DrawingItem])
    /// A run of glyphs.
    case text(TextItem)
    /// The items drawn `scale` times as large, then moved by `offset`: a point (x, y) of theirs
    /// lands at (offset.x + scale × x, offset.y + scale × y). A PDF page places its table so.
    case transformed(scale: Double, offset: Point, [DrawingItem])
}

/// A glyph run placed on a line: drawn with the font, glyph ids and positions of the shaping that
/// measured it.
public struct TextItem: Sendable {
    /// Where the run starts on the baseline: a glyph's origin is `origin` plus its `x` and `y`.
    public var origin: Point
    /// The shaped run.
    public var run: GlyphRun
    /// The frame of the run's line box: from the run's start to its end (`run.width`), from the
    /// line's top to its bottom (the line height the layout measured).
    public var frame: Rect
    /// The colour of its glyphs.
    public var color: Color

    public init(origin: Point, run: GlyphRun, frame: Rect, color: Color) {
        (self.origin, self.run, self.frame, self.color) = (origin, run, frame, color)
    }
}
