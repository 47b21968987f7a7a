/// What shaping a text tells the layout: its width in primary font units, the part of that
/// width taken by its hanging whitespace (trailing spaces, which never count at a line's end),
/// which faces of the set shaped it (whose metrics set the line's height), and the face of its
/// last cluster (the context of the text that follows it).
struct ShapedWidth: Sendable, Equatable {
    var units: Double
    var hangingUnits: Double
    var faces: FaceMask
    var lastFace: Int
}

/// A set of face indices of a font set; indices past 63 share the last bit.
struct FaceMask: Sendable, Hashable {
    var bits: UInt64 = 0

    init() {}
    init(_ index: Int) { insert(index) }

    var isEmpty: Bool { bits == 0 }
    mutating func insert(_ index: Int) { bits |= 1 << UInt64(min(index, 63)) }
    mutating func formUnion(_ other: FaceMask) { bits |= other.bits }

}
