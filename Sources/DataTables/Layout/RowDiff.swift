/// The rows that went, came and moved between two lists of unique IDs. O(n log n): two
/// dictionaries and a longest increasing subsequence of the kept rows' old indices.
struct RowDiff {
    private(set) var deleted: [Int] = []
    private(set) var inserted: [Int] = []
    private(set) var moved: [DataTableChangeSet.Move] = []
    /// For each new row, its old index if it stayed; nil when every row stayed where it was.
    private var oldIndices: [Int?]?

    /// No row went, came or moved: the same IDs in the same order. O(1).
    init() {}

    /// `newIndexOfID` maps each new ID to its index (the caller has checked they are unique).
    init<ID: Hashable>(old: [ID], oldIndexOfID: RowIndexByID<ID>, new: [ID], newIndexOfID: RowIndexByID<ID>) {
        deleted = old.indices.filter { newIndexOfID[old[$0]] == nil }
        let oldIndex = new.map { oldIndexOfID[$0] }
        oldIndices = oldIndex
        var keptNew: [Int] = [], keptOld: [Int] = []
        for (index, old) in oldIndex.enumerated() {
            if let old {
                keptNew.append(index)
                keptOld.append(old)
            } else {
                inserted.append(index)
            }
        }
        let stay = Self.longestIncreasingRun(keptOld)
        for position in keptOld.indices where !stay[position] {
            moved.append(.init(from: keptOld[position], to: keptNew[position]))
        }
    }

    /// Whether every row stayed where it was.
    var keepsOrder: Bool { oldIndices == nil }

    /// The old index of the new row at `newIndex`; nil for a row inserted.
    func oldIndex(of newIndex: Int) -> Int? {
        guard let oldIndices else { return newIndex }
        return oldIndices[newIndex]
    }

    /// Marks one longest strictly increasing subsequence of `values` (patience sorting with
    /// back links). O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // tails[k]: position of the smallest tail of a run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for position in values.indices {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < values[position] { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var marked = [Bool](repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            marked[position] = true
            position = previous[position]
        }
        return marked
    }
}
