import DataTables
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// Draws the cells and nothing else.
struct NoChromeStyle: TableStyle {
    func makeBody(configuration: Configuration) -> TableBody {
        TableBody(columns: configuration.columns, rows: configuration.rows)
    }
}

/// The reference's bordered style with another stroke.
struct RedBorderStyle: TableStyle {
    func makeBody(configuration: Configuration) -> TableBody {
        TableBody(columns: configuration.columns, rows: configuration.rows)
            .background(Color(white: 0.97))
            .overlay(RoundedRectangle(cornerRadius: 8), stroke: .red, lineWidth: 6)
            .clipShape(RoundedRectangle(cornerRadius: 8))
    }
}

/// A table style chosen at run time.
struct AnyStyle {
    let drawing: (DataTableLayout<RenderingFixtures.Product>) -> Drawing
    /// `DataTableLayout.drawingBounds(style:alignments:)` in the style.
    let bounds: (DataTableLayout<RenderingFixtures.Product>) -> Rect
    /// `DataTableLayout.pngData(style:alignments:scale:stripHeight:)` in the style.
    let rowsByStrip: (DataTableLayout<RenderingFixtures.Product>, Double, Int) throws -> [UInt8]
    init(_ style: some TableStyle) {
        drawing = { $0.drawing(style: style) }
        bounds = { $0.drawingBounds(style: style) }
        rowsByStrip = { try $0.pngData(style: style, scale: $1, stripHeight: $2) }
    }
}
