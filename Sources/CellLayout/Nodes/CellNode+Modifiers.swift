import TextMeasure

extension CellNode {
    /// The node with `insets` around it: measured `insets.horizontal` narrower, then the insets
    /// added back. Each side is clamped to `0...maximumLength`, NaN as 0: negative padding is none.
    public func padding(_ insets: EdgeInsets) -> CellNode {
        let clamped = EdgeInsets(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
        return carryingPriority(CellNode(.inset(clamped, self)))
    }

    /// The node with `length` points of space on every side (clamped as in `padding(_:)`).
    public func padding(_ length: Double) -> CellNode { padding(EdgeInsets(length)) }

    /// The node in a frame with size limits; nil leaves a side unlimited.
    ///
    /// `maxWidth` clamps the width proposed to the node before it is measured, so text wraps at
    /// most that wide; `minWidth` wins over `maxWidth` below it. The node is centred in a frame
    /// larger than itself; one larger than the frame overflows it (see `CellPlacement.overflow`).
    ///
    /// Each bound is clamped to `0...maximumLength`, NaN as 0, except that +∞ as a maximum means
    /// no limit, as nil does.
    public func frame(minWidth: Double? = nil, maxWidth: Double? = nil,
                      minHeight: Double? = nil, maxHeight: Double? = nil) -> CellNode {
        let bounds = FrameBounds(minWidth: minWidth?.clampedLength, maxWidth: maxWidth.cellMaximum,
                                 minHeight: minHeight?.clampedLength, maxHeight: maxHeight.cellMaximum)
        return carryingPriority(CellNode(.frame(bounds, self)))
    }

    /// The node in a frame of exactly `width` (and `height`, when given), clamped as the bounds of
    /// `frame(minWidth:maxWidth:minHeight:maxHeight:)` are.
    public func frame(width: Double, height: Double? = nil) -> CellNode {
        frame(minWidth: width, maxWidth: width, minHeight: height, maxHeight: height)
    }

    /// The node with a layout priority: in an hstack that cannot fit its children, lower
    /// priorities shrink first. NaN counts as 0.
    public func layoutPriority(_ priority: Double) -> CellNode {
        var node = self
        node.layoutPriority = priority.isNaN ? 0 : priority
        return node
    }

    /// Every text in the node limited to `lines` lines (zero: no limit).
    ///
    /// - Complexity: O(nodes), to rebuild the tree.
    public func lineLimit(_ lines: Int) -> CellNode {
        mapTexts { $0.lineLimit = max(0, lines) }
    }

    /// `top` drawn over the node, placed per `alignment`.
    public func overlay(alignment: Alignment = .center, _ top: CellNode) -> CellNode {
        carryingPriority(.overlay(self, top, alignment: alignment))
    }

    /// A wrapper keeps the priority of what it wraps, so modifiers can come in any order.
    private func carryingPriority(_ wrapper: CellNode) -> CellNode {
        wrapper.layoutPriority(layoutPriority)
    }

    /// The node with `change` applied to every text leaf in it.
    private func mapTexts(_ change: (inout TextLeaf) -> Void) -> CellNode {
        let kind: Kind = switch kind {
        case .text(var leaf): { change(&leaf); return .text(leaf) }()
        case .empty, .box, .spacer: kind
        case .inset(let insets, let child): .inset(insets, child.mapTexts(change))
        case .frame(let bounds, let child): .frame(bounds, child.mapTexts(change))
        case .hstack(let spacing, let alignment, let children): .hstack(spacing: spacing, alignment: alignment,
                                                                        children.map { $0.mapTexts(change) })
        case .vstack(let spacing, let alignment, let children): .vstack(spacing: spacing, alignment: alignment,
                                                                        children.map { $0.mapTexts(change) })
        case .overlay(let base, let top, let alignment): .overlay(base.mapTexts(change), top.mapTexts(change), alignment)
        }
        return CellNode(kind).layoutPriority(layoutPriority)
    }
}
