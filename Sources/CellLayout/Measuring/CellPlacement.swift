import TextMeasure

/// Where a node and everything in it sits in a laid-out cell, in points from the cell's
/// top-left corner.
public struct CellPlacement: Sendable {
    /// The node's left edge.
    public var x: Double
    /// The node's top edge.
    public var y: Double
    /// The node's frame size. A child of an hstack is as wide as the room it got (a text may
    /// draw narrower); a child of a `.fill` stack is stretched across it; any other node is as
    /// large as its content.
    public var width: Double
    /// See `width`.
    public var height: Double
    /// The first baseline, from the cell's top; nil when the node holds no text or box.
    public var baseline: Double?
    /// The laid-out lines, for a text node.
    public var text: TextLayout?
    /// The text node's string and font stack: what its lines are drawn from.
    public var string: String?
    public var font: FontStack?
    /// The node's children, in the order given (an overlay: base, then top).
    public var children: [CellPlacement]

    /// The node `measure` laid out at `proposal`, with its top-left corner at `origin`.
    init(_ measure: NodeMeasure, proposal: Double, origin: (x: Double, y: Double), stretched: (width: Double?, height: Double?) = (nil, nil)) {
        let size = measure.size(proposal: proposal)
        x = origin.x
        y = origin.y
        width = stretched.width ?? size.width
        height = stretched.height ?? size.height
        baseline = size.baseline.map { $0 + origin.y }
        text = nil
        children = []
        let proposals = size.proposals, nodes = measure.children
        switch measure.node.kind {
        case .empty, .box, .spacer: break
        case .text(let leaf):
            text = measure.textLayout(proposal: proposal)
            string = leaf.string
            font = leaf.stack
        case .inset(let insets, _):
            children = [CellPlacement(nodes[0], proposal: proposals[0], origin: (x + insets.leading, y + insets.top))]
        case .frame:
            let child = nodes[0].size(proposal: proposals[0])
            children = [CellPlacement(nodes[0], proposal: proposals[0],
                                      origin: (x + (width - child.width) / 2, y + (height - child.height) / 2))]
        case .hstack(let spacing, let alignment, _):
            let stack = HStackLayout(children: nodes, spacing: spacing)
            let sizes = nodes.indices.map { stack.childSize($0, width: proposals[$0]) }
            let tops = HStackLayout.tops(of: sizes, height: height, alignment: alignment)
            var pen = x
            for index in nodes.indices {
                let node = nodes[index]
                if node.isEmpty {
                    children.append(CellPlacement(empty: (pen, y)))
                    continue
                }
                if node.isSpacer {
                    var spacer = CellPlacement(empty: (pen, y))
                    spacer.width = proposals[index]
                    children.append(spacer)
                } else {
                    children.append(CellPlacement(node, proposal: proposals[index], origin: (pen, y + tops[index]),
                                                  stretched: (proposals[index], alignment == .fill ? height : nil)))
                }
                pen += proposals[index] + spacing
            }
        case .vstack(let spacing, let alignment, _):
            var pen = y
            for (index, node) in nodes.enumerated() {
                if node.isEmpty {
                    children.append(CellPlacement(empty: (x, pen)))
                    continue
                }
                let child = node.size(proposal: proposals[index])
                let left = switch alignment {
                case .leading, .fill: x
                case .center: x + (width - child.width) / 2
                case .trailing: x + width - child.width
                }
                children.append(CellPlacement(node, proposal: proposals[index], origin: (left, pen),
                                              stretched: (alignment == .fill ? width : nil, nil)))
                pen += child.height + spacing
            }
        case .overlay(_, _, let alignment):
            children = [CellPlacement(nodes[0], proposal: proposals[0], origin: (x, y))]
            let top = nodes[1].size(proposal: proposals[1])
            let left = switch alignment.horizontal {
            case .leading, .fill: x
            case .center: x + (width - top.width) / 2
            case .trailing: x + width - top.width
            }
            let topEdge = switch alignment.vertical {
            case .top, .fill, .firstBaseline: y
            case .center: y + (height - top.height) / 2
            case .bottom: y + height - top.height
            }
            children.append(CellPlacement(nodes[1], proposal: proposals[1], origin: (left, topEdge)))
        }
    }

    /// An empty node's zero-sized placement.
    private init(empty origin: (x: Double, y: Double)) {
        x = origin.x
        y = origin.y
        width = 0
        height = 0
        children = []
    }
}
