@testable import TextMeasure
import Testing
import TextMeasureTestSupport

/// `partitioningIndex(where:)` against a linear search for the first element that belongs, on
/// sorted arrays of random values (repeats included), slices that do not start at 0, and empty ones.
@Suite struct PartitioningIndexTests {
    @Test func findsTheFirstElementThatBelongs() {
        var random = SplitMix(seed: 11)
        for _ in 0..<500 {
            let values = (0..<Int(random.next() % 40)).map { _ in Int(random.next() % 20) }.sorted()
            let threshold = Int(random.next() % 22) - 1
            #expect(values.partitioningIndex { $0 >= threshold } == (values.firstIndex { $0 >= threshold } ?? values.endIndex))
            let start = values.isEmpty ? 0 : Int(random.next() % UInt64(values.count + 1))
            let slice = values[start...]
            #expect(slice.partitioningIndex { $0 > threshold } == (slice.firstIndex { $0 > threshold } ?? slice.endIndex))
        }
    }
}
