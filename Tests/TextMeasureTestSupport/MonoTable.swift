import CellLayout
import DataTables
import TextMeasure

/// Tables worked out by hand in Noto Sans Mono at 10 px: 6 px a glyph, 13.62 px a line; columns
/// 60 px wide with no padding, so 10 glyphs a line; no header. The layout tests' configuration
/// (`DataTableLayoutTests`), and the grouped sales that `RowSpanTests` lays out and
/// `RowSpanDrawingTests` draws.
package enum MonoTable {
    package struct Sale: Identifiable, Sendable, Equatable {
        package let id: Int
        package var dept: String
        package var item: String
        package init(id: Int, dept: String, item: String) { (self.id, self.dept, self.item) = (id, dept, item) }
    }

    /// One line of Noto Sans Mono at 10 px.
    package static let line = 13.62

    /// `height` as the layout keeps it: on its grid of 2⁻²⁰ pt (the nearest multiple above).
    package static func grid(_ height: Double) -> Double { (height * 1_048_576).rounded(.up) / 1_048_576 }

    package static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])

    package static let columns = [DataTableColumn<Sale>("Dept", \.dept), DataTableColumn<Sale>("Item", \.item)]

    /// Rows measured as they come into view (`estimate` until then, `window` rows around it),
    /// no padding and no header, columns 60 px wide.
    package static func unpadded(estimate: Double = 44, window: Int = 0) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: mono)
        configuration.rowHeightMode = .automatic(estimated: estimate, prefetchWindow: window)
        configuration.cellPadding = EdgeInsets()
        configuration.headerHeight = 0
        configuration.columnWidthMode = .fixed(width: 60)
        return configuration
    }

    /// `unpadded(estimate:)` with wrapped text and `spacing` between rows.
    package static func configuration(spacing: Double = 0, estimate: Double = 44) -> DataTableConfiguration {
        var configuration = unpadded(estimate: estimate)
        configuration.textLayout = .wrap
        configuration.rowSpacing = spacing
        return configuration
    }
}
