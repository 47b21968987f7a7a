import TextMeasure

/// A text leaf's measuring. A wrapping text is prepared (split and shaped) once when first
/// asked, then laid out at each width it is offered; a single-line text is shaped whole, and
/// cut only at a width it does not fit.
final class TextMeasureLeaf {
    let leaf: CellNode.TextLeaf
    private let counter: CellStatistics.Counter
    private let cache: WidthCache?
    private var preparedText: PreparedText?
    private var layouts: [(width: Double, layout: TextLayout)] = []

    init(_ leaf: CellNode.TextLeaf, context: NodeMeasure.Context) {
        self.leaf = leaf
        counter = context.counter
        cache = context.cache
        counter.textLeaves += 1
    }

    private var prepared: PreparedText {
        if let preparedText { return preparedText }
        counter.shapedTexts += 1
        let prepared = leaf.stack.prepare(leaf.string, cache: cache)
        preparedText = prepared
        return prepared
    }

    private var isSingleLine: Bool { !leaf.wraps || leaf.lineLimit == 1 }

    /// The width of the text's widest hard line: on one line (a single-line text, whose hard
    /// lines are each measured whole), or as wrapping lays it out.
    var fittingWidth: Double {
        guard isSingleLine else { return prepared.maxContentWidth }
        let lines = FontStack.hardLines(of: leaf.string)
        if lines.count == 1 { return layout(width: .infinity).width }
        return lines.reduce(0) { max($0, leaf.stack.singleLine(String($1), width: .infinity, cache: cache).width) }
    }

    /// Wrapping: the widest unbreakable segment. Single line: the ellipsis alone, since the
    /// line is cut to any width.
    var minContentWidth: Double {
        isSingleLine ? min(fittingWidth, leaf.stack.width(of: leaf.ellipsis, cache: cache)) : prepared.minContentWidth
    }

    /// The text laid out at `width`, once per width.
    func layout(width: Double) -> TextLayout {
        if let hit = layouts.first(where: { $0.width == width }) { return hit.layout }
        counter.layouts += 1
        if isSingleLine, layouts.isEmpty { counter.shapedTexts += 1 }
        let layout = isSingleLine
            ? leaf.stack.singleLine(leaf.string, width: width, truncation: leaf.truncation, ellipsis: leaf.ellipsis,
                                    lineHeight: leaf.lineHeight, cache: cache)
            : prepared.layout(width: width, maxLines: leaf.lineLimit,
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
