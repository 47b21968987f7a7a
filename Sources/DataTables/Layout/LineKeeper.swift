package import TextMeasure

/// Lays out the wrapped text cells a layout measures (`DataTableLayout.lineKeeper`), for their
/// heights. A renderer injects one that keeps the lines it laid out, to draw them without laying
/// the texts out again; the layout itself keeps nothing but heights. Rows may be measured on
/// several threads at once.
package protocol LineKeeper: AnyObject, Sendable {
    /// The height of `text` laid out at `width` (as `text.height(atWidth:)`): the text of the cell
    /// in column `column` of row `row` (its index when measured).
    func height(of text: PreparedText, atWidth width: Double, row: Int, column: Int) -> Double
}
