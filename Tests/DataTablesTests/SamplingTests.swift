import Testing
@testable import DataTables

/// The sample rows and percentile ranks of DESIGN §5, worked out by hand:
/// row i of k = round(i·(rows − 1)/(k − 1)), halves up; rank = ⌈p·k⌉.
@Suite struct SamplingTests {
    @Test func sampleRowsAreEvenlySpreadWithFirstAndLast() {
        let expected: [(rows: Int, size: Int, indices: [Int])] = [
            (10, 3, [0, 5, 9]),  // 0, 4.5, 9
            (10, 4, [0, 3, 6, 9]),
            (11, 4, [0, 3, 7, 10]),  // 0, 3.33, 6.67, 10
            (7, 4, [0, 2, 4, 6]),
            (1000, 7, [0, 167, 333, 500, 666, 833, 999]),  // 166.5, 499.5 and 832.5 round up
            (5, 10, [0, 1, 2, 3, 4]),  // more asked than there are rows: every row once
            (5, 5, [0, 1, 2, 3, 4]),
            (2, 2, [0, 1]),
            (100, 2, [0, 99]),
            (100, 1, [0]),  // one row: the first
            (1, 3, [0]),
            (0, 3, []),
        ]
        for (rows, size, indices) in expected {
            #expect(Array(RowSample(rowCount: rows, size: size)) == indices, "\(rows) rows, sample of \(size)")
        }
    }

    @Test func largeSamplesAreDistinctAndIncreasing() {
        for (rows, size) in [(50_000, 100), (50_000, 49_999), (101, 100), (1_000_003, 997)] {
            let sample = Array(RowSample(rowCount: rows, size: size))
            #expect(sample.count == size)
            #expect(sample.first == 0 && sample.last == rows - 1)
            #expect(zip(sample, sample.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func nearestRanks() {
        let expected: [(percentile: Double, count: Int, rank: Int)] = [
            (0.95, 20, 19), (0.95, 100, 95), (0.95, 7, 7),  // 6.65 → 7
            (0.5, 4, 2), (0.5, 5, 3), (1, 7, 7), (0.01, 7, 1),
            (0.1, 30, 3),  // 0.1 × 30 is 3.0000000000000004 in floating point: still rank 3
            (0.7, 10, 7),  // 0.7 × 10 = 7.000000000000001
            (0.3, 10, 3), (1.0 / 3, 3, 1),
        ]
        for (percentile, count, rank) in expected {
            #expect(NearestRank.rank(percentile, count: count) == rank, "p \(percentile), k \(count)")
        }
        #expect(NearestRank.value(0.5, of: [9, 1, 5, 7, 3]) == 5)
        #expect(NearestRank.value(0.5, of: []) == 0)
    }
}
