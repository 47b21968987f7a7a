/// How an hstack shares its width among its children.
struct HStackLayout {
    let children: [NodeMeasure]
    let spacing: Double

    /// Spacing goes only between children that are not empty.
    private var gaps: Double {
        spacing * Double(max(0, children.count(where: { !$0.isEmpty }) - 1))
    }

    private func fitting(_ child: NodeMeasure) -> Double {
        if case .spacer(let minLength) = child.node.kind { minLength } else { child.fittingWidth }
    }

    private func minimum(_ child: NodeMeasure) -> Double {
        if case .spacer(let minLength) = child.node.kind { minLength } else { child.minContentWidth }
    }

    /// The children at their fitting widths (spacers at their minimum length), with the gaps.
    var fittingWidth: Double { children.reduce(gaps) { $0 + fitting($1) } }

    /// The children at their min-content widths, with the gaps.
    var minContentWidth: Double { children.reduce(gaps) { $0 + minimum($1) } }

    /// The width each child gets at `proposal`: its fitting width; when those do not fit, the
    /// lowest-priority child (among equals the later one) shrinks first, never below its
    /// min-content width; when they leave room, spacers share it equally (an infinite proposal
    /// is no limit, so spacers keep their minimum). O(n log n).
    func childWidths(proposal: Double) -> [Double] {
        var widths = children.map(fitting)
        let total = widths.reduce(gaps, +)
        if total > proposal {
            var deficit = total - proposal
            let order = children.indices.sorted {
                let (a, b) = (children[$0].node.layoutPriority, children[$1].node.layoutPriority)
                return a != b ? a < b : $0 > $1
            }
            for index in order where deficit > 0 {
                let cut = min(deficit, max(0, widths[index] - minimum(children[index])))
                widths[index] -= cut
                deficit -= cut
            }
        } else if proposal.isFinite {
            let spacers = children.indices.filter { children[$0].isSpacer }
            for index in spacers { widths[index] += (proposal - total) / Double(spacers.count) }
        }
        return widths
    }

    /// Every child measured again at its final width; the height per `alignment`.
    func size(proposal: Double, alignment: VerticalAlignment) -> NodeSize {
        let widths = childWidths(proposal: proposal)
        let sizes = children.indices.map { childSize($0, width: widths[$0]) }
        let width = widths.reduce(gaps, +)
        var overflow = NodeSize.excess(width, over: proposal)
        for (size, childWidth) in zip(sizes, widths) { overflow = max(overflow, size.overflow, NodeSize.excess(size.width, over: childWidth)) }
        let (height, baseline) = Self.height(of: sizes, alignment: alignment)
        return NodeSize(width: width, height: height, baseline: baseline, overflow: overflow, proposals: widths)
    }

    /// A spacer is as wide as the width it is given and takes no height; other children are measured at theirs.
    func childSize(_ index: Int, width: Double) -> NodeSize {
        children[index].isSpacer ? NodeSize(width: width, height: 0, baseline: nil, overflow: 0)
            : children[index].size(proposal: width)
    }

    /// The stack's height and first baseline, and where each child's top is.
    static func height(of sizes: [NodeSize], alignment: VerticalAlignment) -> (height: Double, baseline: Double?) {
        if alignment == .firstBaseline {
            var ascent = 0.0, descent = 0.0
            for size in sizes where size.height > 0 || size.baseline != nil {
                let baseline = size.baseline ?? size.height
                ascent = max(ascent, baseline)
                descent = max(descent, size.height - baseline)
            }
            return (ascent + descent, sizes.contains { $0.baseline != nil } ? ascent : nil)
        }
        let height = sizes.reduce(0) { max($0, $1.height) }
        let offsets = tops(of: sizes, height: height, alignment: alignment)
        let first = sizes.indices.first { sizes[$0].baseline != nil }
        return (height, first.map { offsets[$0] + sizes[$0].baseline! })
    }

    /// Where each child's top goes in a stack `height` tall.
    static func tops(of sizes: [NodeSize], height: Double, alignment: VerticalAlignment) -> [Double] {
        let ascent = alignment == .firstBaseline
            ? sizes.reduce(0) { max($0, $1.baseline ?? $1.height) } : 0
        return sizes.map { size in
            switch alignment {
            case .top, .fill: 0
            case .center: (height - size.height) / 2
            case .bottom: height - size.height
            case .firstBaseline: ascent - (size.baseline ?? size.height)
            }
        }
    }
}
