/// What `DataTableLayout.pages(style:page:margins:alignments:fit:furniture:)` does with a table wider than
/// the page.
public enum PageFit: Sendable, Hashable {
    /// Split the columns into bands, each as many columns as fit the page's width, at full size;
    /// every band shows the `repeating` leading (key) columns and the group column again, beside
    /// columns of its own.
    case bands(repeating: Int = 1)
    /// Scale the whole table down to the page's width (the text shrinks with it).
    case scale
}
