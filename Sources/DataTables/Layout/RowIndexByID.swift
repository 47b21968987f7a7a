/// Each row's index by its ID. IDs that are their rows' own indices (0, 1, 2, … as `Int`, as a
/// CSV file's rows are identified) take no memory: the ID is the index. Other IDs are kept in a
/// dictionary (some 40 bytes a row).
struct RowIndexByID<ID: Hashable> {
    /// Nil while every ID is its own index, and there are `count`.
    private var table: [ID: Int]?
    private var count = 0

    /// No rows.
    init() {}

    /// `ids` indexed, checking they are unique. O(n).
    ///
    /// - Throws: `DataTableUpdateError` naming an ID given twice and its two indices.
    init(unique ids: [ID]) throws(DataTableUpdateError) {
        if Self.areIndices(ids) {
            count = ids.count
            return
        }
        var table: [ID: Int] = [:]
        table.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            if let first = table.updateValue(index, forKey: id) {
                throw DataTableUpdateError(id: String(describing: id), firstIndex: first, secondIndex: index)
            }
        }
        self.table = table
    }

    /// `ids`, known to be unique, indexed. O(n).
    init(uniqueWithoutChecking ids: [ID]) {
        if Self.areIndices(ids) {
            count = ids.count
        } else {
            table = Dictionary(uniqueKeysWithValues: zip(ids, ids.indices))
        }
    }

    /// Whether each of `ids` is an `Int` equal to its index. O(n), no allocation.
    private static func areIndices(_ ids: [ID]) -> Bool {
        guard ID.self == Int.self else { return false }
        return unsafeBitCast(ids, to: [Int].self).enumerated().allSatisfy { $0 == $1 }
    }

    /// The index of the row with ID `id`, or nil for none. O(1).
    subscript(id: ID) -> Int? {
        if let table { return table[id] }
        // No table and some rows: `ID` is `Int` (`areIndices`), so the bits are the ID (`as? Int`
        // is a dynamic cast, a third of a diff's time).
        guard count > 0 else { return nil }
        let index = unsafeBitCast(id, to: Int.self)
        return index >= 0 && index < count ? index : nil
    }
}
