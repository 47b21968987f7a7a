/// What shaping a text tells the layout: its width in primary font units, the part of that
/// width taken by its hanging whitespace (trailing spaces, which never count at a line's end),
/// which faces of the set shaped it, its hanging whitespace's included (their metrics set the
/// line's height: a browser's line box holds a space drawn in another font, as Chromium draws
/// the spaces of Devanagari text in the first font), and the face of its last cluster (the
/// context of the text that follows it).
struct ShapedWidth: Sendable, Equatable {
    var units: Double
    var hangingUnits: Double
    var faces: FaceIndexSet
    var lastFace: Int
}

/// A set of face indices of a font set: a bit each for the first 64, a list for the rest
/// (fontconfig's sorted fallback chains run to hundreds of fonts).
struct FaceIndexSet: Sendable, Hashable {
    private var bits: UInt64 = 0
    /// Indices from 64 on (nil, not empty, when there are none: no array to retain on a copy).
    private var beyond: [Int]?

    init() {}
    init(_ index: Int) { insert(index) }

    /// The mask of faces 0..<32 in 32 bits, as a line kept in a few bytes holds it.
    init(compact: UInt32) { bits = UInt64(compact) }

    var isEmpty: Bool { bits == 0 && beyond == nil }

    mutating func insert(_ index: Int) {
        if index < 64 {
            bits |= 1 << UInt64(index)
        } else if !(beyond?.contains(index) ?? false) {
            beyond = (beyond ?? []) + [index]
        }
    }
    mutating func formUnion(_ other: FaceIndexSet) {
        bits |= other.bits
        for index in other.beyond ?? [] { insert(index) }
    }

    /// Calls `body` with each index, once.
    func forEach(_ body: (Int) -> Void) {
        var bits = bits
        while bits != 0 {
            body(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        beyond?.forEach(body)
    }
}
