/// How the columns share the frame: SwiftDataTables' rules, or automatic table layout as CSS
/// (`table-layout: auto`) and Chromium do it.
public enum DataTableTableLayout: Sendable, Hashable {
    /// SwiftDataTables' rules: each column is its mode's fitted width (content + padding,
    /// clamped, raised to the header), then scaled to fill the frame when
    /// `shouldContentWidthScaleToFillFrame` is set. A column is never narrower than its widest
    /// line, so a wide table stays wider than its frame.
    case contentFitted

    /// CSS Tables 3 automatic layout: each column has a min-content width (its widest
    /// unbreakable segment) and a max-content width (its widest line), and the frame is shared
    /// out between the two, so wide columns wrap their text and the table fits the frame
    /// whenever the min-content widths do. See the "Column widths" article.
    case automatic
}
