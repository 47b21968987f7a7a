import TextMeasure

/// A compound cell described as an immutable tree: text, fixed boxes, spacers, insets, frames,
/// stacks and overlays. It stands in for the Auto Layout constraints of a custom cell.
///
/// Build trees with the static constructors (`.text(_:stack:)`, `.hstack(spacing:) { … }`) and
/// the modifiers (`.padding(_:)`, `.frame(maxWidth:)`, `.layoutPriority(_:)`), then measure them
/// with `MeasuredCell`. The tree is a value: comparing, storing and sending it is cheap.
///
/// Every length the constructors and modifiers take (box sizes and baselines, spacer lengths,
/// stack spacing, insets, frame bounds, a text's line height) is clamped to
/// `0...maximumLength` (10⁹ pt), NaN counting as 0, as SwiftUI clamps a negative frame size to
/// zero; +∞ as a frame's maximum means no limit. So whatever the lengths, every size a
/// `MeasuredCell` reports is finite and at least 0.
public struct CellNode: Sendable {
    indirect enum Kind: Sendable {
        case empty
        case text(TextLeaf)
        case box(width: Double, height: Double, baseline: Double?)
        case spacer(minLength: Double)
        case inset(EdgeInsets, CellNode)
        case frame(FrameBounds, CellNode)
        case hstack(spacing: Double, alignment: VerticalAlignment, [CellNode])
        case vstack(spacing: Double, alignment: HorizontalAlignment, [CellNode])
        case overlay(CellNode, CellNode, Alignment)
    }

    let kind: Kind
    /// Decides who shrinks first in an hstack that cannot fit its children: the lowest
    /// priority, and among equals the later child (as compression resistance does for
    /// `UIStackView`).
    public internal(set) var layoutPriority: Double = 0

    init(_ kind: Kind) { self.kind = kind }

    /// A text leaf: its string, fonts and wrapping.
    struct TextLeaf: Sendable {
        var string: String
        var stack: FontStack
        var lineLimit: Int
        var wraps: Bool
        var truncation: Truncation
        var ellipsis: String
        var lineHeight: LineHeight
    }

    /// Size limits of a frame. A minimum wins over a maximum below it.
    struct FrameBounds: Sendable {
        var minWidth: Double?
        var maxWidth: Double?
        var minHeight: Double?
        var maxHeight: Double?
    }
}

extension CellNode {
    /// Nothing: takes no room, and no stack spacing is put beside it (what an `if` without
    /// `else` builds in a `CellBuilder` block).
    public static let empty = CellNode(.empty)

    /// Text in `stack`'s fonts.
    ///
    /// A wrapping text breaks into lines at the width it gets, at most `lineLimit` of them
    /// (zero: no limit), the last cut per `truncation`. A text that does not wrap is one line, cut
    /// per `truncation` when it is wider than its width (a single-line label). An empty string
    /// takes no room, as an empty `UILabel` does. A `.points` line height and a `.multiple`
    /// factor are clamped to `0...maximumLength`, NaN as 0.
    public static func text(_ string: String, stack: FontStack, lineLimit: Int = 0, wraps: Bool = true,
                            truncation: Truncation = .end, ellipsis: String = "…",
                            lineHeight: LineHeight = .font) -> CellNode {
        let lineHeight: LineHeight = switch lineHeight {
        case .font: .font
        case .points(let points): .points(points.clampedLength)
        case .multiple(let factor): .multiple(factor.clampedLength)
        }
        return CellNode(.text(TextLeaf(string: string, stack: stack, lineLimit: max(0, lineLimit), wraps: wraps,
                                       truncation: truncation, ellipsis: ellipsis, lineHeight: lineHeight)))
    }

    /// A fixed-size box: an image, an icon, a badge or a button. Its baseline, for
    /// `.firstBaseline` alignment, is `baseline` points from its top (default: its bottom). Each
    /// length is clamped to `0...maximumLength`, NaN as 0.
    public static func box(width: Double, height: Double, baseline: Double? = nil) -> CellNode {
        CellNode(.box(width: width.clampedLength, height: height.clampedLength, baseline: baseline?.clampedLength))
    }

    /// Flexible space. In an hstack it is at least `minLength` wide and takes the width left
    /// over (shared equally among spacers); anywhere else it is `minLength` tall and takes no
    /// width. `minLength` is clamped to `0...maximumLength`, NaN as 0.
    public static func spacer(minLength: Double = 0) -> CellNode {
        CellNode(.spacer(minLength: minLength.clampedLength))
    }

    /// Children side by side, `spacing` apart (clamped to `0...maximumLength`, NaN as 0),
    /// aligned vertically per `alignment`.
    public static func hstack(spacing: Double = 0, alignment: VerticalAlignment = .center,
                              _ children: [CellNode]) -> CellNode {
        CellNode(.hstack(spacing: spacing.clampedLength, alignment: alignment, children))
    }

    /// Children one above the other, `spacing` apart (clamped to `0...maximumLength`, NaN as 0),
    /// aligned horizontally per `alignment`.
    public static func vstack(spacing: Double = 0, alignment: HorizontalAlignment = .leading,
                              _ children: [CellNode]) -> CellNode {
        CellNode(.vstack(spacing: spacing.clampedLength, alignment: alignment, children))
    }

    /// `top` drawn over `base` (a badge over an avatar). The pair has `base`'s size; `top` is
    /// laid out at `base`'s width and placed per `alignment`.
    public static func overlay(_ base: CellNode, _ top: CellNode, alignment: Alignment = .center) -> CellNode {
        CellNode(.overlay(base, top, alignment))
    }
}
