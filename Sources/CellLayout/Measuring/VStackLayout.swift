/// How a vstack piles its children.
struct VStackLayout {
    let children: [NodeMeasure]
    let spacing: Double

    /// Every child measured at the stack's width; spacing only between children that are not
    /// empty; the first baseline is the first child's that has one.
    func size(proposal: Double) -> NodeSize {
        var width = 0.0, height = 0.0, overflow = 0.0
        var baseline: Double?
        var placed = 0
        for child in children where !child.isEmpty {
            if placed > 0 { height += spacing }
            let size = child.size(proposal: proposal)
            if baseline == nil, let childBaseline = size.baseline { baseline = height + childBaseline }
            width = max(width, size.width)
            height += size.height
            overflow = max(overflow, size.overflow)
            placed += 1
        }
        return NodeSize(width: width, height: height, baseline: baseline, overflow: max(overflow, NodeSize.excess(width, over: proposal)),
                        proposals: Array(repeating: proposal, count: children.count))
    }
}
