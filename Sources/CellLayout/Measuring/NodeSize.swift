/// A node's answer for one proposed width.
struct NodeSize {
    var width: Double
    var height: Double
    /// Distance from the top to the first baseline; nil when the node holds no text or box.
    var baseline: Double?
    /// The most by which this node or one inside it is wider than the width it was given.
    var overflow: Double
    /// The width given to each child (stacks, insets, frames, overlays), for placement.
    var proposals: [Double] = []

    static let zero = NodeSize(width: 0, height: 0, baseline: nil, overflow: 0)

    /// How much `width` exceeds `room`, ignoring the 1e-9 pt that adding and subtracting
    /// lengths can leave (text layout treats it the same way).
    static func excess(_ width: Double, over room: Double) -> Double {
        width - room > 1e-9 ? width - room : 0
    }
}
