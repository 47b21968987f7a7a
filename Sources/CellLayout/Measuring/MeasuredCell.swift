import TextMeasure

/// A cell being measured: answers the two questions a table asks of a compound cell, and keeps
/// every answer.
///
/// - `fittingWidth`: the compressed width, texts on one line (the
///   `systemLayoutSizeFitting(UIView.layoutFittingCompressedSize)` analogue, for column widths).
/// - `height(atWidth:)`: the height with the width fixed, texts wrapped at the width each one
///   really gets (the self-sizing cell analogue, for row heights).
///
/// Each text is shaped once, when first needed; each node keeps its answer per proposed width,
/// so asking again, or nesting stacks, costs lookups rather than measurements. A `MeasuredCell`
/// is not shared between threads: make one per cell and task (they are cheap; the shaped widths
/// live in the shared `WidthCache`).
public final class MeasuredCell {
    /// The cell's tree, as given.
    public let node: CellNode
    private let root: NodeMeasure
    private let counter = CellStatistics.Counter()

    /// A cell measuring `node`, its texts shaped through `cache` (nil: shaped every time).
    ///
    /// - Complexity: O(nodes); nothing is measured until asked for.
    public init(_ node: CellNode, cache: WidthCache? = .shared) {
        self.node = node
        root = NodeMeasure(node, context: NodeMeasure.Context(counter: counter, cache: cache))
    }

    /// The compressed width: every text on one line, every stack at its children's fitting
    /// widths, frames clamping.
    ///
    /// - Complexity: O(nodes) the first time, each text shaped once; O(1) after.
    public var fittingWidth: Double { root.fittingWidth }

    /// The narrowest width the cell takes without overflowing: wrapping texts at their widest
    /// unbreakable segment, single-line texts cut to the ellipsis, fixed boxes whole.
    ///
    /// - Complexity: O(nodes) the first time, each wrapping text prepared once
    ///   (`FontStack.prepare(_:direction:tabInterval:cache:)`) and each single-line one shaped
    ///   whole; O(1) after.
    public var minContentWidth: Double { root.minContentWidth }

    /// The cell's height when it is `width` points wide. Stacks share the width out first (an
    /// hstack that does not fit shrinks its lowest-priority children), then every text wraps at
    /// the width it gets. A width is taken as a cell length (0...`maximumLength`, NaN as zero);
    /// +∞ is no limit (every text on its longest lines, spacers at their minimum).
    ///
    /// - Complexity: the first time at a width, O(nodes), plus O(children × log children) for
    ///   each hstack that must shrink, plus each text laid out at the width it gets (prepared
    ///   once; see `PreparedText.layout(width:maxLines:truncation:ellipsis:lineHeight:)`).
    ///   Asking again at a width already measured is a lookup.
    public func height(atWidth width: Double) -> Double { root.size(proposal: width.cellProposal).height }

    /// The width the cell's content takes at `width` (read as `height(atWidth:)` reads it): at
    /// most `width` unless it overflows.
    ///
    /// - Complexity: as `height(atWidth:)`, whose measuring it shares.
    public func width(atWidth width: Double) -> Double { root.size(proposal: width.cellProposal).width }

    /// How far the cell's content reaches past the width it was given at `width` (zero when
    /// everything fits): the most by which any node is wider than the room it got. Overflow is
    /// reported, never hidden by clipping.
    ///
    /// - Complexity: as `height(atWidth:)`, whose measuring it shares.
    public func overflow(atWidth width: Double) -> Double { root.size(proposal: width.cellProposal).overflow }

    /// The frame of every node at `width`, for drawing.
    ///
    /// - Complexity: O(nodes) once `height(atWidth:)` has measured the cell at `width`; else that
    ///   measuring first.
    public func placement(atWidth width: Double) -> CellPlacement {
        CellPlacement(root, proposal: width.cellProposal, origin: (0, 0))
    }

    /// The work done so far.
    public var statistics: CellStatistics { counter.statistics }
}
