/// A table's layout as data: what a JavaScript grid, a canvas renderer or a program in another
/// language needs to draw the table without measuring — the columns' widths, the rows' heights
/// and offsets, and every cell's lines of glyph runs where the drawing puts them, each run in a
/// font of `fonts`. `render … -o FILE.json` writes it (see the "Layout as data" article for the
/// JSON schema).
///
/// Lengths are in points (CSS pixels), rounded to 1/1000. A cell's lines are placed from its
/// top-left corner: the cell's left edge is its column's `x`, its top its row's `offset` (the
/// header's: 0).
public struct TableLayoutDocument: Codable, Sendable, Equatable {
    /// The schema's version: 1. A key renamed or removed, or a meaning changed, raises it.
    public var version: Int
    /// The columns, left to right.
    public var columns: [Column]
    /// The header row.
    public var header: Header
    /// The rows below the header, top to bottom.
    public var rows: [Row]
    /// The height of the header and every row with the spacing between them (`rows --json`'s
    /// `contentHeight`).
    public var contentHeight: Double
    /// The fonts the runs name by index.
    public var fonts: [Font]
    /// The usual line box: a line whose `height` and `baseline` are nil has these.
    public var line: LineBox
    /// The pages, when the layout was asked for pages; else nil (omitted from the JSON).
    public var pages: [Page]?

    /// The schema version this library writes.
    public static let currentVersion = 1

    public init(version: Int = Self.currentVersion, columns: [Column], header: Header, rows: [Row],
                contentHeight: Double, fonts: [Font], line: LineBox, pages: [Page]? = nil) {
        (self.version, self.columns, self.header, self.rows) = (version, columns, header, rows)
        (self.contentHeight, self.fonts, self.line, self.pages) = (contentHeight, fonts, line, pages)
    }

    /// A font file at a size.
    public struct Font: Codable, Sendable, Hashable {
        /// The face's family name.
        public var family: String
        /// The font file's name (its last path component); nil for a font loaded from memory.
        public var file: String?
        /// The face's index in a collection file (.ttc); nil for 0.
        public var face: Int?
        /// The size in points.
        public var size: Double
    }

    /// A line box's height, and its baseline from its top.
    public struct LineBox: Codable, Sendable, Equatable {
        public var height: Double
        public var baseline: Double
    }

    /// A column: its title, where it is and how wide.
    public struct Column: Codable, Sendable, Equatable {
        public var title: String
        /// Its left edge, from the table's.
        public var x: Double
        public var width: Double
        /// Its min-content width, when automatic table layout computed it; else nil (omitted).
        public var minContentWidth: Double?
        /// Its max-content width, when automatic table layout computed it; else nil (omitted).
        public var maxContentWidth: Double?
        /// How its texts sit in their cells: `leading`, `center` or `trailing`.
        public var alignment: String
    }

    /// The header row: at the table's top.
    public struct Header: Codable, Sendable, Equatable {
        public var height: Double
        /// One cell a column: its title's line.
        public var cells: [Cell]
    }

    /// A row below the header.
    public struct Row: Codable, Sendable, Equatable {
        public var height: Double
        /// Its top, from the table's top (header included; `rows --json`'s `offset`).
        public var offset: Double
        /// One cell a column.
        public var cells: [Cell]
        /// `true` for the table's footer (totals), drawn after the others; absent (nil) otherwise.
        public var footer: Bool?
    }

    /// A cell's text, line under line.
    public struct Cell: Codable, Sendable, Equatable {
        public var lines: [Line]
    }

    /// A line of a cell, from the cell's top-left corner.
    public struct Line: Codable, Sendable, Equatable {
        /// The runs' texts in drawing order (a tab is the gap between two runs, not a character).
        public var text: String
        /// The left edge of its first run.
        public var x: Double
        /// The top of its line box.
        public var y: Double
        /// From its first run's left edge to its last run's right edge.
        public var width: Double
        /// The height of its line box; nil (omitted) for the usual line's (`TableLayoutDocument.line`).
        public var height: Double?
        /// Where its glyphs sit, from the cell's top; nil (omitted) for `y` plus the usual line's
        /// baseline (`TableLayoutDocument.line`).
        public var baseline: Double?
        /// Its glyph runs, left to right.
        public var runs: [Run]
    }

    /// Text shaped in one font and direction: a drawer sets `text` in font `font` with its
    /// origin at (`x`, the line's baseline). The only run of a line omits its `text`, `x` and
    /// `width` (nil): they are the line's.
    public struct Run: Codable, Sendable, Equatable {
        public var text: String?
        /// The index of its font in `fonts`.
        public var font: Int
        /// Its left edge, from the cell's.
        public var x: Double?
        /// Its advance.
        public var width: Double?
        /// True for right-to-left text (glyphs still go left to right from `x`); nil (omitted) for
        /// left to right.
        public var rightToLeft: Bool?
    }

    /// A page: the rows it shows (a row split between pages is on each of them) and the columns
    /// of its band (see `PageFit`), in the order it draws them.
    public struct Page: Codable, Sendable, Equatable {
        /// Its first row's index.
        public var firstRow: Int
        /// One past its last row's index.
        public var endRow: Int
        /// The indices of the columns it shows: every column for a table one band wide, else the
        /// key columns then the band's own.
        public var columns: [Int]
    }
}
