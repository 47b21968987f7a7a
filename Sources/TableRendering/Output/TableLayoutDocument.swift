/// A table's layout as data: what a JavaScript grid, a canvas renderer or a program in another
/// language needs to draw the table without measuring — the columns' widths, the rows' heights
/// and offsets, and every cell's lines of glyph runs where the drawing puts them, each run in a
/// font of `fonts`. `render … -o FILE.json` writes it (see the "Layout as data" article for the
/// JSON schema).
///
/// Lengths are in points (CSS pixels), rounded to 1/1000. A cell's lines are placed from its
/// top-left corner: the cell's left edge is its column's `x`, its top its row's `offset` (the
/// header's: 0). Values the usual case gives are left out (nil) by stated rules, which
/// `Line.resolved(after:in:)` applies.
public struct TableLayoutDocument: Codable, Sendable, Equatable {
    /// The schema's version: 2 (since each column band is laid out on its own, so that a page's
    /// rows break where its band's heights do and `Page` has its band's `widths` and `heights`;
    /// and since values the usual case gives are left out: 1 wrote every line's `x`, `y` and
    /// `runs`, and a cell as an object with `lines`). A key renamed or removed, or a meaning
    /// changed, raises it.
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
    /// The usual line box: a line whose `height` and `baseline` are nil has these, and one
    /// whose `runs` are nil is one left-to-right run in its font.
    public var line: LineBox
    /// The cells' padding: where a line whose `x` or `y` is nil starts.
    public var padding: Padding
    /// The pages, when the layout was asked for pages; else nil (omitted from the JSON).
    public var pages: [Page]?
    /// The cells spanning rows, column by column, each column's top to bottom; nil (omitted from
    /// the JSON) for none. A spanning cell's lines are in its first row's `cells[]`, placed from
    /// that row's top; the rows below have that cell empty.
    public var rowSpans: [RowSpan]?

    /// The schema version this library writes.
    public static let currentVersion = 2

    public init(version: Int = Self.currentVersion, columns: [Column], header: Header, rows: [Row],
                contentHeight: Double, fonts: [Font], line: LineBox, padding: Padding, pages: [Page]? = nil,
                rowSpans: [RowSpan]? = nil) {
        (self.version, self.columns, self.header, self.rows) = (version, columns, header, rows)
        (self.contentHeight, self.fonts, self.line, self.padding) = (contentHeight, fonts, line, padding)
        (self.pages, self.rowSpans) = (pages, rowSpans)
    }

    /// A cell spanning rows: the cell of column `column` at row `row` stands beside `count` rows.
    public struct RowSpan: Codable, Sendable, Equatable {
        public var column: Int
        public var row: Int
        public var count: Int

        public init(column: Int, row: Int, count: Int) { (self.column, self.row, self.count) = (column, row, count) }
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
        /// The face's weight class (`OS/2` `usWeightClass`: 700 for a bold face); nil for 400.
        public var weight: Int?
    }

    /// A line box's height, its baseline from its top, and the index of its font in `fonts`.
    public struct LineBox: Codable, Sendable, Equatable {
        public var height: Double
        public var baseline: Double
        public var font: Int
    }

    /// Space between a cell's edges and its text.
    public struct Padding: Codable, Sendable, Equatable {
        public var top: Double
        public var leading: Double
        public var bottom: Double
        public var trailing: Double
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

    /// The header row: at the table's top, below the rows of its groups when it has any.
    public struct Header: Codable, Sendable, Equatable {
        public var height: Double
        /// One cell a column: its title's line.
        public var cells: [Cell]
        /// The header row's top, from the table's, when header groups stand above it; else nil
        /// (omitted: 0).
        public var top: Double?
        /// The header groups, when there are any; else nil (omitted).
        public var groups: [HeaderGroup]?

        public init(height: Double, cells: [Cell], top: Double? = nil, groups: [HeaderGroup]? = nil) {
            (self.height, self.cells, self.top, self.groups) = (height, cells, top, groups)
        }
    }

    /// A header group: a cell over adjacent columns, in a row above the header row.
    public struct HeaderGroup: Codable, Sendable, Equatable {
        public var title: String
        /// The index of its first column, and how many it spans.
        public var firstColumn: Int
        public var columnCount: Int
        /// 1 for the row right above the header row, 2 for the one above that…
        public var level: Int
        /// Its top, from the table's, and its height.
        public var top: Double
        public var height: Double
        /// Its title's line, from the group's top-left corner (its first column's `x`, `top`).
        public var lines: [Line]
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

    /// A cell's text, line under line. In JSON, the array of its lines; a cell whose text style
    /// sets a colour or a background, an object with `lines`, `color` and `background`.
    public struct Cell: Codable, Sendable, Equatable {
        public var lines: [Line]
        /// The colour of its text, as CSS `rgba()`, when its text style sets one; else nil (omitted).
        public var color: String?
        /// The colour filling it, as CSS `rgba()`, when its text style sets one; else nil (omitted).
        public var background: String?

        public init(lines: [Line], color: String? = nil, background: String? = nil) {
            (self.lines, self.color, self.background) = (lines, color, background)
        }

        private enum CodingKeys: String, CodingKey { case lines, color, background }

        /// The cell from its array of lines or its object.
        ///
        /// - Complexity: O(its lines and their runs).
        public init(from decoder: any Decoder) throws {
            if let lines = try? decoder.singleValueContainer().decode([Line].self) {
                self.init(lines: lines)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(lines: try container.decode([Line].self, forKey: .lines),
                      color: try container.decodeIfPresent(String.self, forKey: .color),
                      background: try container.decodeIfPresent(String.self, forKey: .background))
        }

        /// The cell as the array of its lines, or an object when its text style sets a colour or a background.
        ///
        /// - Complexity: O(its lines and their runs).
        public func encode(to encoder: any Encoder) throws {
            guard color != nil || background != nil else {
                var container = encoder.singleValueContainer()
                try container.encode(lines)
                return
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(lines, forKey: .lines)
            try container.encodeIfPresent(color, forKey: .color)
            try container.encodeIfPresent(background, forKey: .background)
        }
    }

    /// A line of a cell, from the cell's top-left corner.
    public struct Line: Codable, Sendable, Equatable {
        /// The runs' texts in drawing order, with the tabs between two runs (a run after a tab
        /// starts at its tab stop); tabs before the first run or after the last are left out.
        public var text: String
        /// The left edge of its first run; nil (omitted) for the padding's `leading`.
        public var x: Double?
        /// The top of its line box; nil (omitted) where the line before it in the cell ends (its
        /// `y` plus its height, rounded to 1/1000), or for a cell's first line at the padding's `top`.
        public var y: Double?
        /// From its first run's left edge to its last run's right edge.
        public var width: Double
        /// The height of its line box; nil (omitted) for the usual line's (`TableLayoutDocument.line`).
        public var height: Double?
        /// Where its glyphs sit, from the cell's top; nil (omitted) for `y` plus the usual line's
        /// baseline (`TableLayoutDocument.line`).
        public var baseline: Double?
        /// Its glyph runs, left to right; nil (omitted) for one left-to-right run in the usual
        /// line's font (`TableLayoutDocument.line`).
        public var runs: [Run]?

        /// The line with every value it leaves out filled in by the rules above: `previous` is
        /// the line before it in its cell, resolved (nil for a cell's first line).
        ///
        /// - Complexity: O(1) (the runs are kept, not read).
        public func resolved(after previous: Line?, in document: TableLayoutDocument) -> Line {
            var line = self
            line.x = x ?? document.padding.leading
            line.y = y ?? previous.map { thousandths($0.y! + ($0.height ?? document.line.height)) } ?? document.padding.top
            line.height = height ?? document.line.height
            line.baseline = baseline ?? line.y! + document.line.baseline
            line.runs = runs ?? [Run(text: nil, font: document.line.font, x: nil, width: nil, rightToLeft: nil)]
            return line
        }
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
    /// of its band (see `PageFit`), in the order it draws them, as its band lays them out.
    ///
    /// A table wider than the page is drawn in column bands, each laid out on its own: a band's
    /// rows are as tall as its own cells need, and under automatic table layout its columns share
    /// the page's width among themselves. So `widths` and `heights` can differ from `columns[]`'
    /// and `rows[]`' (whose lines are laid out at the whole table's widths); for a table one band
    /// wide they are the same.
    public struct Page: Codable, Sendable, Equatable {
        /// Its first row's index.
        public var firstRow: Int
        /// One past its last row's index.
        public var endRow: Int
        /// The indices of the columns it shows: every column for a table one band wide, else the
        /// key columns then the band's own.
        public var columns: [Int]
        /// The width of each column it shows, in the order of `columns`.
        public var widths: [Double]
        /// The height of each row it shows (`firstRow..<endRow`) in its band; a row split between
        /// pages has its whole height.
        public var heights: [Double]

        public init(firstRow: Int, endRow: Int, columns: [Int], widths: [Double], heights: [Double]) {
            (self.firstRow, self.endRow, self.columns, self.widths, self.heights) = (firstRow, endRow, columns, widths, heights)
        }
    }
}
