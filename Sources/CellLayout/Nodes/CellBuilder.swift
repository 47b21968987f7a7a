/// Builds the children of a stack from a block, SwiftUI style:
///
/// ```swift
/// let cell = CellNode.hstack(spacing: 8) {
///     CellNode.box(width: 40, height: 40)
///     CellNode.text(title, stack: fonts)
///     if let badge { CellNode.text(badge, stack: small).padding(4) }
/// }
/// ```
@resultBuilder
public enum CellBuilder {
    public static func buildExpression(_ node: CellNode) -> [CellNode] { [node] }
    /// The parts' nodes in order.
    ///
    /// - Complexity: O(nodes).
    public static func buildBlock(_ parts: [CellNode]...) -> [CellNode] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [CellNode]?) -> [CellNode] { part ?? [] }
    public static func buildEither(first part: [CellNode]) -> [CellNode] { part }
    public static func buildEither(second part: [CellNode]) -> [CellNode] { part }
    /// The parts' nodes in order.
    ///
    /// - Complexity: O(nodes).
    public static func buildArray(_ parts: [[CellNode]]) -> [CellNode] { parts.flatMap { $0 } }
}

extension CellNode {
    /// Children side by side, built from a block.
    public static func hstack(spacing: Double = 0, alignment: VerticalAlignment = .center,
                              @CellBuilder _ children: () -> [CellNode]) -> CellNode {
        hstack(spacing: spacing, alignment: alignment, children())
    }

    /// Children one above the other, built from a block.
    public static func vstack(spacing: Double = 0, alignment: HorizontalAlignment = .leading,
                              @CellBuilder _ children: () -> [CellNode]) -> CellNode {
        vstack(spacing: spacing, alignment: alignment, children())
    }
}
