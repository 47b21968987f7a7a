extension RandomAccessCollection {
    /// The first index whose element `belongs` (every element after it belongs too: the
    /// collection is partitioned by `belongs`), or `endIndex` when none does.
    ///
    /// - Complexity: O(log n) calls of `belongs`.
    package func partitioningIndex(where belongs: (Element) throws -> Bool) rethrows -> Index {
        var (low, count) = (startIndex, self.count)
        while count > 0 {
            let half = count / 2, middle = index(low, offsetBy: half)
            if try belongs(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
