import TextMeasure

/// The measuring state of one node: its intrinsic widths and its sizes, each computed once and
/// kept per proposed width, so a parent asking again costs a lookup and nested stacks never
/// measure a child more than once per distinct width.
final class NodeMeasure {
    let node: CellNode
    let children: [NodeMeasure]
    /// The node takes no room and no stack spacing: `.empty`, an empty text, or a stack of
    /// such nodes, or an overlay on one. Found once, from the children's.
    let isEmpty: Bool
    private var text: TextMeasureLeaf?
    /// The intrinsic widths, each computed when first asked (most callers want only the fitting one).
    private var fitting: Double?
    private var minContent: Double?
    /// Sizes by proposed width. Nodes see one to three widths, so a short list beats a dictionary.
    private var sizes: [(proposal: Double, size: NodeSize)] = []

    /// What every node of a cell shares.
    struct Context {
        let counter: CellStatistics.Counter
        let cache: WidthCache?
    }

    init(_ node: CellNode, context: Context) {
        self.node = node
        switch node.kind {
        case .text(let leaf) where !leaf.string.isEmpty:
            text = TextMeasureLeaf(leaf, context: context)
            children = []
        case .empty, .text, .box, .spacer: children = []
        case .inset(_, let child), .frame(_, let child): children = [NodeMeasure(child, context: context)]
        case .hstack(_, _, let nodes), .vstack(_, _, let nodes): children = nodes.map { NodeMeasure($0, context: context) }
        case .overlay(let base, let top, _):
            children = [NodeMeasure(base, context: context), NodeMeasure(top, context: context)]
        }
        isEmpty = switch node.kind {
        case .empty: true
        case .text(let leaf): leaf.string.isEmpty
        case .hstack, .vstack: children.allSatisfy(\.isEmpty)
        case .overlay: children[0].isEmpty
        case .box, .spacer, .inset, .frame: false
        }
    }
    var isSpacer: Bool { if case .spacer = node.kind { true } else { false } }

    /// The compressed width: text on one line, stacks at their children's fitting widths.
    var fittingWidth: Double {
        if let fitting { return fitting }
        let width = intrinsicWidth(minimum: false)
        fitting = width
        return width
    }

    /// The narrowest the node gets without overflowing: text broken at every opportunity,
    /// hstacks with every child at its minimum.
    var minContentWidth: Double {
        if let minContent { return minContent }
        let width = intrinsicWidth(minimum: true)
        minContent = width
        return width
    }

    /// The node's size when `proposal` points wide are offered (negative or NaN counts as zero).
    func size(proposal: Double) -> NodeSize {
        let proposal = proposal >= 0 ? proposal : 0
        if let hit = sizes.first(where: { $0.proposal == proposal }) { return hit.size }
        let size = computeSize(proposal)
        sizes.append((proposal, size))
        return size
    }

    /// A text node's lines at `proposal`.
    func textLayout(proposal: Double) -> TextLayout? { text?.layout(width: proposal >= 0 ? proposal : 0) }

    /// The min-content width (`minimum`) or the fitting width, from the children's same width.
    private func intrinsicWidth(minimum: Bool) -> Double {
        func width(of child: NodeMeasure) -> Double { minimum ? child.minContentWidth : child.fittingWidth }
        switch node.kind {
        case .empty, .spacer: return 0
        case .text: return text.map { minimum ? $0.minContentWidth : $0.fittingWidth } ?? 0
        case .box(let width, _, _): return width
        case .inset(let insets, _): return width(of: children[0]) + insets.horizontal
        case .frame(let bounds, _): return bounds.clampWidth(width(of: children[0]))
        case .hstack(let spacing, _, _):
            let stack = HStackLayout(children: children, spacing: spacing)
            return minimum ? stack.minContentWidth : stack.fittingWidth
        case .vstack: return children.filter { !$0.isEmpty && !$0.isSpacer }.map(width(of:)).max() ?? 0
        case .overlay: return width(of: children[0])
        }
    }

    private func computeSize(_ proposal: Double) -> NodeSize {
        switch node.kind {
        case .empty: return .zero
        case .text: return text?.size(proposal: proposal) ?? .zero
        case .box(let width, let height, let baseline):
            return NodeSize(width: width, height: height, baseline: baseline ?? height, overflow: NodeSize.excess(width, over: proposal))
        case .spacer(let minLength):
            return NodeSize(width: 0, height: minLength, baseline: nil, overflow: 0)
        case .inset(let insets, _):
            let inner = max(0, proposal - insets.horizontal)
            let child = children[0].size(proposal: inner)
            let width = child.width + insets.horizontal
            return NodeSize(width: width, height: child.height + insets.vertical,
                            baseline: child.baseline.map { $0 + insets.top },
                            overflow: max(child.overflow, NodeSize.excess(width, over: proposal)), proposals: [inner])
        case .frame(let bounds, _):
            let inner = bounds.clampWidth(proposal)
            let child = children[0].size(proposal: inner)
            let width = bounds.clampWidth(child.width), height = bounds.clampHeight(child.height)
            return NodeSize(width: width, height: height,
                            baseline: child.baseline.map { $0 + (height - child.height) / 2 },
                            overflow: max(child.overflow, NodeSize.excess(child.width, over: width), NodeSize.excess(width, over: proposal)), proposals: [inner])
        case .hstack(let spacing, let alignment, _):
            return HStackLayout(children: children, spacing: spacing).size(proposal: proposal, alignment: alignment)
        case .vstack(let spacing, _, _):
            return VStackLayout(children: children, spacing: spacing).size(proposal: proposal)
        case .overlay(_, _, _):
            let base = children[0].size(proposal: proposal)
            let top = children[1].size(proposal: base.width)
            return NodeSize(width: base.width, height: base.height, baseline: base.baseline,
                            overflow: max(base.overflow, top.overflow), proposals: [proposal, base.width])
        }
    }
}

extension CellNode.FrameBounds {
    /// `width` within the limits, the minimum winning over a maximum below it.
    func clampWidth(_ width: Double) -> Double { Self.clamp(width, minWidth, maxWidth) }
    func clampHeight(_ height: Double) -> Double { Self.clamp(height, minHeight, maxHeight) }

    private static func clamp(_ value: Double, _ low: Double?, _ high: Double?) -> Double {
        max(low ?? -.infinity, min(high ?? .infinity, value))
    }
}
