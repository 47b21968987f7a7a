import DataTables
import TableRendering
import TextMeasure

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
