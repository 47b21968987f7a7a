internal import CHarfBuzz

/// The shaping identity of a font or font stack: its faces in fallback order, each with its
/// feature settings. Interned, so equal sets share one `id` — the width cache's key — no matter
/// how many `Font`/`FontStack` values, or sizes, refer to them.
final class FontSet: Sendable {
    let id: Int
    let faces: [FontFace]
    let featureSettings: [[FontFeature]]
    /// The same settings as HarfBuzz structs, ready for `hb_shape`.
    let hbFeatures: [[hb_feature_t]]
    /// Indices of the colour faces: emoji presentation sequences try them first.
    let colorFaceIndices: [Int]

    /// `units` of face `index` in the primary face's units (exact when the upems agree).
    @inline(__always)
    func toPrimaryUnits(_ units: Int, from index: Int) -> Double {
        let upem = faces[index].unitsPerEm, primaryUpem = faces[0].unitsPerEm
        return upem == primaryUpem ? Double(units) : Double(units) * Double(primaryUpem) / Double(upem)
    }

    private init(id: Int, members: [Member]) {
        self.id = id
        let faces = members.map(\.face)
        self.faces = faces
        self.featureSettings = members.map(\.features)
        self.hbFeatures = members.map { $0.features.map(\.hbFeature) }
        self.colorFaceIndices = faces.indices.filter { faces[$0].isColor }
    }

    struct Member: Hashable {
        let face: FontFace
        let features: [FontFeature]

        static func == (a: Member, b: Member) -> Bool { a.face === b.face && a.features == b.features }
        func hash(into hasher: inout Hasher) {
            hasher.combine(face.id)
            hasher.combine(features)
        }
    }

    private static let interned = Lock<[[Member]: FontSet]>([:])

    /// The one set made of `members` (created on first use). O(members) under a lock.
    static func of(_ members: [Member]) -> FontSet {
        interned.withLock { sets in
            if let set = sets[members] { return set }
            let set = FontSet(id: sets.count, members: members)
            sets[members] = set
            return set
        }
    }
}
