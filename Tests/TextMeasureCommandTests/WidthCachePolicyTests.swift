import Testing
import TextMeasure
@testable import TextMeasureCommand

/// The `width` command's rule for its cache: kept while a fifth of a batch's look-ups hit, then
/// left for 7 batches and tried again on the 8th.
@Suite struct WidthCachePolicyTests {
    typealias Statistics = WidthCache.Statistics

    @Test func keptWhileAFifthHit() {
        var policy = CachePolicy()
        #expect(policy.usesCache)
        policy.batchDone(looking: (Statistics(hits: 0, misses: 0), Statistics(hits: 20, misses: 80)))
        #expect(policy.usesCache)  // 20 of 100
        policy.batchDone(looking: (Statistics(hits: 20, misses: 80), Statistics(hits: 39, misses: 161)))
        #expect(!policy.usesCache)  // 19 of 100
    }

    @Test func triedAgainEveryEighthBatch() {
        var policy = CachePolicy()
        policy.batchDone(looking: (Statistics(), Statistics(hits: 1, misses: 99)))
        var decisions: [Bool] = []
        for _ in 0..<8 {
            decisions.append(policy.usesCache)
            policy.batchDone(looking: nil)
        }
        #expect(decisions == [false, false, false, false, false, false, false, false])
        #expect(policy.usesCache)  // the 8th batch after it was left
        policy.batchDone(looking: (Statistics(), Statistics(hits: 90, misses: 10)))
        #expect(policy.usesCache)
    }
}
