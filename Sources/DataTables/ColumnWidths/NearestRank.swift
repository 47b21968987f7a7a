/// The nearest-rank percentile: the ⌈p·k⌉-th smallest of k values, p in (0, 1].
///
/// p·k is computed in floating point, so a product that should be a whole number can land a
/// hair above it (0.1 × 30 = 3.0000000000000004); a product within 1e-9 of a whole number
/// counts as that number, so such a rank is not pushed one up. O(k log k).
///
/// `package`, not internal: TableSpreadsheet ranks its sampled widths the same way.
package enum NearestRank {
    package static func value(_ percentile: Double, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[rank(percentile, count: values.count) - 1]
    }

    /// ⌈p·k⌉, at least 1 and at most k.
    package static func rank(_ percentile: Double, count: Int) -> Int {
        let product = percentile * Double(count)
        let nearest = product.rounded()
        let rank = abs(product - nearest) <= 1e-9 * max(1, nearest) ? nearest : product.rounded(.up)
        return min(count, max(1, Int(rank)))
    }
}
