public import TextMeasure

/// How a cell's text looks: its weight, its colour and the cell's background. Each is optional:
/// a setting left nil takes the one beneath it (a cell's over its column's, a column's over the
/// defaults: regular, black, no background).
///
/// A text style belongs to the content (columns and cells), as SwiftUI's text modifiers do; the
/// `TableStyle` draws the chrome around it (fills, stripes, grid lines) and never moves its text.
/// The weight changes what a cell measures: a bold cell is measured in the stack's bold fonts
/// (`FontStack.weight(_:)`), so its column gets the width bold needs.
public struct DataTableTextStyle: Sendable, Hashable {
    /// The weight of the text; nil for the one beneath (regular).
    public var weight: FontWeight?
    /// The colour of the text; nil for the one beneath (black).
    public var color: Color?
    /// The cell's fill, drawn over the style's row fill and under the text; nil for none.
    public var background: Color?

    /// A style with the given settings (nil: the one beneath).
    public init(weight: FontWeight? = nil, color: Color? = nil, background: Color? = nil) {
        (self.weight, self.color, self.background) = (weight, color, background)
    }

    /// Bold text and nothing else.
    public static let bold = DataTableTextStyle(weight: .bold)

    /// These settings with `over`'s set ones on top.
    public func merging(_ over: DataTableTextStyle?) -> DataTableTextStyle {
        guard let over else { return self }
        return DataTableTextStyle(weight: over.weight ?? weight, color: over.color ?? color,
                                  background: over.background ?? background)
    }
}
