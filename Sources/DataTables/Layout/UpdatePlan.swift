/// What an update of the rows will change, worked out from the old rows and the new before
/// anything changes (`DataTableLayout.plan(_:indexOfID:)`), then carried out in one go
/// (`DataTableLayout.apply(_:)`).
struct UpdatePlan<Row: Identifiable> {
    /// A kept row to take out of the column contents as it was and put in as it is.
    struct EditedRow {
        let old: Int
        let new: Int
        /// The columns to take out and put in: those whose text changed; every column when the
        /// row's role changed (it became or stopped being the footer, measured bold).
        let cells: [EditedCell]
    }

    /// A cell of an edited row: its text before and after.
    struct EditedCell {
        let column: Int
        let before: String
        let after: String
    }

    let rows: [Row]
    let ids: [Row.ID]
    let indexOfID: RowIndexByID<Row.ID>
    let diff: RowDiff
    /// Kept rows with changed cells or a changed role, by ascending new index.
    let edited: [EditedRow]
    /// The footer row (`DataTableConfiguration.footerRow(rowCount:)`) before, by old index, and
    /// after, by new index; −1 for none.
    let oldFooter: Int
    let newFooter: Int
}
