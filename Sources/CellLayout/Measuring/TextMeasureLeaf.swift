import TextMeasure

/// A text leaf's measuring: prepared (shaped) once when first asked, then laid out at each
/// width it is offered.
final class TextMeasureLeaf {
    let leaf: CellNode.TextLeaf
    private let counter: CellStatistics.Counter
    private var preparedText: PreparedText?
    private var layouts: [(width: Double, layout: TextLayout)] = []

    init(_ leaf: CellNode.TextLeaf, counter: CellStatistics.Counter) {
        self.leaf = leaf
        self.counter = counter
        counter.textLeaves += 1
    }

    private var prepared: PreparedText {
        if let preparedText { return preparedText }
        counter.prepares += 1
        let prepared = leaf.stack.prepare(leaf.string)
        preparedText = prepared
        return prepared
    }

    private var isSingleLine: Bool { !leaf.wraps || leaf.lineLimit == 1 }

    /// The width of the text on one line (its widest hard line).
    var fittingWidth: Double { prepared.maxContentWidth }

    /// Wrapping: the widest unbreakable segment. Single line: the ellipsis alone, since the
    /// line is cut to any width.
    var minContentWidth: Double {
        isSingleLine ? min(fittingWidth, leaf.stack.width(of: leaf.ellipsis)) : prepared.minContentWidth
    }

    /// The text laid out at `width`, once per width.
    func layout(width: Double) -> TextLayout {
        if let hit = layouts.first(where: { $0.width == width }) { return hit.layout }
        counter.layouts += 1
        let layout = prepared.layout(width: width, maxLines: isSingleLine ? 1 : leaf.lineLimit,
                                     truncation: leaf.truncation, ellipsis: leaf.ellipsis, lineHeight: leaf.lineHeight)
        layouts.append((width, layout))
        return layout
    }

    func size(proposal: Double) -> NodeSize {
        let layout = layout(width: proposal)
        return NodeSize(width: layout.width, height: layout.height, baseline: layout.lines.first?.baseline,
                        overflow: NodeSize.excess(layout.width, over: proposal))
    }
}
