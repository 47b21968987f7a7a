/// Indices of widths, widest first to the whole point: a counting sort by each width's whole
/// points (widths past `limit` points share the first bucket), with no comparison sort's
/// O(n log n), for walking a column's texts down from the widest max-content.
struct WidthBuckets {
    /// The indices, by whole points descending (in index order within a point).
    private let order: [Int]
    /// Each index's bucket: its width's whole points, at most `limit`.
    private let buckets: [Int]
    static let limit = 1 << 16

    /// O(widths + limit).
    init(_ widths: [Double]) {
        let buckets = widths.map { $0 >= Double(Self.limit) ? Self.limit : $0 > 0 ? Int($0) : 0 }
        var counts = [Int](repeating: 0, count: Self.limit + 2)
        for bucket in buckets { counts[Self.limit - bucket + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var order = [Int](repeating: 0, count: widths.count)
        for (index, bucket) in buckets.enumerated() {
            order[counts[Self.limit - bucket]] = index
            counts[Self.limit - bucket] += 1
        }
        (self.order, self.buckets) = (order, buckets)
    }

    var count: Int { order.count }

    /// The index at `position`.
    subscript(position: Int) -> Int { order[position] }

    /// A width no index from `position` on reaches: its bucket's upper end (infinity past `limit`).
    func bound(at position: Int) -> Double {
        let bucket = buckets[order[position]]
        return bucket == Self.limit ? .infinity : Double(bucket + 1)
    }
}
