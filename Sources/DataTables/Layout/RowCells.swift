import CellLayout
import TextMeasure

/// A row's cells as measuring takes them: each cell's text and font, or its compound cell,
/// read on the layout's thread (rows and their closures stay there), so that the row can be
/// measured on any thread (`RowMeasurer`).
struct RowCells: Sendable {
    /// One cell: what it shows, and whether it spans rows from here (it then counts for no
    /// row's height).
    struct Cell: Sendable {
        enum Content: Sendable {
            /// Below the first row of a span: empty.
            case covered
            case text(String, FontStack)
            case node(CellNode)
        }

        var content: Content
        var isSpanning = false
    }

    var cells: [Cell]
}
