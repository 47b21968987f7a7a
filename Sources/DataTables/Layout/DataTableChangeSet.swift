/// What `setData` (or a sort) changed, for a UI layer to animate: row indices before the change
/// for deletions, after it for insertions, moves and reloaded cells.
public struct DataTableChangeSet: Sendable, Hashable {
    /// A row that kept its identity but changed place.
    public struct Move: Sendable, Hashable {
        /// The row's index before the change.
        public var from: Int
        /// Its index after it.
        public var to: Int
        /// A move of the row at `from` to `to`.
        public init(from: Int, to: Int) { (self.from, self.to) = (from, to) }
    }

    /// A cell whose text or role changed in a row that stayed.
    public struct Cell: Sendable, Hashable {
        /// The row's index after the change.
        public var row: Int
        /// The column's index.
        public var column: Int
        /// The cell at `row`, `column`.
        public init(row: Int, column: Int) { (self.row, self.column) = (row, column) }
    }

    /// Indices, in the old rows, of the rows removed; ascending.
    public var deletedRows: [Int] = []
    /// Indices, in the new rows, of the rows added; ascending.
    public var insertedRows: [Int] = []
    /// Rows that stayed but moved: the fewest moves that put the kept rows in their new order
    /// (the rows off a longest run kept in order), by new index.
    public var movedRows: [Move] = []
    /// Cells (new row index, column) of kept rows whose text changed; ascending. With a footer
    /// (`lastRowIsFooter`), every cell of a kept row that became or stopped being the footer
    /// (bold) too.
    public var reloadedCells: [Cell] = []
    /// Everything was replaced without a diff (`animatingDifferences: false`, `reloadEverything`).
    public var reloadedEverything = false
    /// Whether any column's width changed.
    public var columnWidthsChanged = false
    /// Spans of cells over rows that are new (by new row index): the rows each lists moved into
    /// it, as a grouping followed an edited value, or rows came or went; in row order, column by column.
    public var addedRowSpans: [DataTableRowSpan] = []
    /// Spans that are gone (by old row index), split, joined or changed into the added ones.
    public var removedRowSpans: [DataTableRowSpan] = []

    /// An empty change set.
    public init() {}

    /// Nothing changed.
    public var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && reloadedCells.isEmpty
            && !reloadedEverything && !columnWidthsChanged && addedRowSpans.isEmpty && removedRowSpans.isEmpty
    }
}
