public import DataTables

/// What a `TableStyle` gets to draw: the table's columns and rows, resolved and laid out, ready
/// to place. The style arranges and decorates them; it never restates the data.
///
/// Coordinates are the table's own: the header's top-left corner is at (0, 0) (the top group
/// row's, when there are header groups; the header row is below them), columns follow left to
/// right at their resolved widths, rows follow the header at the layout's offsets (a page of a
/// PDF starts its rows right below its header).
public struct TableStyleConfiguration: Sendable {
    /// The columns, left to right, each with its header cell.
    public let columns: [Column]
    /// The rows shown, top to bottom.
    public let rows: [Row]
    /// The header groups, each with its cell over its columns, in rows above the header row.
    public let headerGroups: [HeaderGroup]

    public init(columns: [Column], rows: [Row], headerGroups: [HeaderGroup] = []) {
        self.columns = columns
        self.rows = rows
        self.headerGroups = headerGroups
    }

    /// A header group: its title, the columns it spans (indices into `columns`), its level
    /// (1: right above the header row) and its cell, whose frame spans those columns.
    public struct HeaderGroup: Sendable {
        public let title: String
        public let columns: Range<Int>
        public let level: Int
        public let cell: Cell
    }

    /// A column: its title, where it is, and its laid-out header cell.
    public struct Column: Sendable {
        /// The column's index in the table.
        public let index: Int
        /// The header title.
        public let title: String
        /// How the column's texts sit in their cells.
        public let alignment: ColumnAlignment
        /// The header cell; its frame's x and width are the column's.
        public let header: Cell
    }

    /// A row: its index in the table, its frame and its cells.
    public struct Row: Sendable {
        /// The row's index in the table (stripes alternate by it, so pages agree).
        public let index: Int
        /// The row's frame: the table's width, the row's height (spacing excluded).
        public let frame: Rect
        /// The cells, one per column, left to right.
        public let cells: [Cell]
        /// Whether the row is the table's footer (totals: `DataTableConfiguration.lastRowIsFooter`),
        /// drawn after the others, below the header's separator drawn again above it.
        public var isFooter = false
    }

    /// A cell: its frame, its content box (the frame less the cell padding), its text laid out
    /// as lines of glyph runs in place, and the text style of the cell (its colour and
    /// background, which `TableBody` draws; its weight already chose the runs' fonts).
    public struct Cell: Sendable {
        public let frame: Rect
        public let contentFrame: Rect
        /// The glyph runs of its lines, in visual order, positioned in table coordinates.
        public let text: [TextItem]
        /// The cell's text style (a header's: none but its weight).
        public internal(set) var textStyle = DataTableTextStyle()
        /// The rows of the span the cell stands in (`DataTableRowSpan.rows`), nil for a cell of
        /// one row. At the span's first row the cell is the spanning one; below, it is covered.
        public internal(set) var spannedRows: Range<Int>?
    }
}

extension TableStyleConfiguration.Row {
    /// The part of the row from `top` to `bottom` points below its top, where it is: its frame
    /// and each cell's frame and content box cut to that band, and the text lines that lie in it
    /// (to within 1e-9 of the coordinates' size: a row millions of points tall is placed with
    /// that much rounding).
    func slice(from top: Double, to bottom: Double) -> Self {
        let band = (minY: frame.minY + top, maxY: frame.minY + bottom)
        let tolerance = 1e-9 * max(1, band.minY.magnitude, band.maxY.magnitude)
        func cut(_ rect: Rect) -> Rect {
            let minY = min(max(rect.minY, band.minY), band.maxY), maxY = max(min(rect.maxY, band.maxY), minY)
            return Rect(x: rect.x, y: minY, width: rect.width, height: maxY - minY)
        }
        var row = Self(index: index, frame: cut(frame), cells: cells.map { cell in
            TableStyleConfiguration.Cell(frame: cut(cell.frame), contentFrame: cut(cell.contentFrame),
                                         text: cell.text.filter { $0.frame.minY >= band.minY - tolerance && $0.frame.maxY <= band.maxY + tolerance },
                                         textStyle: cell.textStyle)
        })
        row.isFooter = isFooter
        return row
    }
}
