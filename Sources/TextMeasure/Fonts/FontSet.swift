internal import CHarfBuzz

/// The shaping identity of a font or font stack: its faces in fallback order, each with its
/// feature settings. Interned while alive, so equal sets share one `id` — the width cache's key — no matter
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

    struct Member {
        let face: FontFace
        let features: [FontFeature]
    }

    /// The live sets by content. Entries are weak: a set, and with it any face loaded from bytes
    /// that only it holds, is freed when the last `Font` or `FontStack` using it is gone. Ids
    /// are never reused, so width-cache entries of a freed set can never answer for another.
    private struct Interned {
        struct Key: Hashable {
            let faceIDs: [Int]
            let features: [[FontFeature]]
        }
        struct Entry {
            let id: Int
            weak var set: FontSet?
        }
        var sets: [Key: Entry] = [:]
        var nextID = 0
    }

    private static let interned = Lock(Interned())

    private var key: Interned.Key { Interned.Key(faceIDs: faces.map(\.id), features: featureSettings) }

    /// The one live set made of `members` (created when none is). O(members) under a lock.
    static func of(_ members: [Member]) -> FontSet {
        let key = Interned.Key(faceIDs: members.map(\.face.id), features: members.map(\.features))
        return interned.withLock { table in
            if let set = table.sets[key]?.set { return set }
            let set = FontSet(id: table.nextID, members: members)
            table.nextID += 1
            table.sets[key] = Interned.Entry(id: set.id, set: set)
            return set
        }
    }

    deinit {
        // A set made meanwhile for the same members has its own entry: leave that one.
        let (key, id) = (key, id)
        Self.interned.withLock { table in
            if table.sets[key]?.id == id { table.sets[key] = nil }
        }
    }
}
