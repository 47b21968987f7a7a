/// Where a table is shown, which sets the defaults of the options left out: paper (a PDF, or the
/// layout JSON with `--page`) or a screen (everything else).
///
/// | default | paper | screen |
/// | --- | --- | --- |
/// | `--size` | 10 pt | 14 px |
/// | `--table-layout` | auto: the columns share the page's width, their text wrapping | fitted: SwiftDataTables' widths |
/// | `--sort-indicator` | 0: no sort arrow on paper | 20 px |
///
/// An xlsx workbook has defaults of its own (11 pt Calibri).
enum Medium {
    case paper, screen

    /// The font size in points (px on a screen) when `--size` is left out.
    var fontSize: Double { self == .paper ? 10 : 14 }

    /// The table layout when `--table-layout` is left out.
    var tableLayout: TableOptions.TableLayoutName { self == .paper ? .auto : .fitted }

    /// The room for a header's sort arrow when `--sort-indicator` is left out.
    var sortIndicator: Double { self == .paper ? 0 : 20 }
}
