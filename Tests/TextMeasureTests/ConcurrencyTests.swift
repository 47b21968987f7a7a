import Dispatch
import Foundation
import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// Measuring from many threads at once gives the numbers one thread gets. CI runs this suite
/// under ThreadSanitizer too (`Scripts/sanitize.sh`), where any race in the shared state (the
/// width cache's shards, the interned font sets, the face registry) is reported.
@Suite struct ConcurrencyTests {
    let stack: FontStack
    let texts: [String]
    init() throws {
        stack = try FontStack.bundled(size: 14)
        texts = (0..<2_000).map { "row \($0) \u{00E9}t\u{00E9} \($0 % 7 == 0 ? "\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}" : "AVATAR")" }
    }

    /// Eight threads measure the same texts through one small cache, so they contend for its
    /// shards and evict each other's entries; every width equals the uncached one.
    @Test func aSharedCacheUnderContentionGivesUncachedWidths() {
        let expected = texts.map { stack.width(of: $0, cache: nil) }
        let cache = WidthCache(capacity: 300)
        let mismatches = Lock(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var wrong = 0
            for round in 0..<3 {
                for index in texts.indices where (index + thread + round) % 3 != 0 {
                    if stack.width(of: texts[index], cache: cache) != expected[index] { wrong += 1 }
                }
            }
            mismatches.withLock { $0 += wrong }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(cache.statistics.count <= 300)
        #expect(cache.statistics.evictions > 0)
    }

    /// Fonts made from bytes and dropped on many threads at once: each measures right, and
    /// when all are gone so are their faces (sets made and freed concurrently keep the intern
    /// table consistent).
    @Test func fontsFromBytesMadeAndFreedOnManyThreads() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSansMono.path())))
        let watches = Lock<[FontLifetimeTests.Watch]>([])
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<25 {
                do {
                    let font = try Font(data: bytes, size: 14)
                    let same = try Font(data: bytes, size: 14)
                    // 10 digits × 600 units × 14 / 1000, alone and with a second face in a stack.
                    let widths = [font.width(of: "0123456789"), try FontStack([font, same]).width(of: "0123456789")]
                    if widths != [84, 84] { failures.withLock { $0.append("\(widths)") } }
                    watches.withLock { $0.append(FontLifetimeTests.Watch(font.face)) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(watches.withLock { $0.count } == 200)
        #expect(watches.withLock { $0.filter { $0.face != nil }.count } == 0)
    }

    /// The batch API (every core) on several threads at once equals measuring one by one.
    @Test func batchesOnSeveralThreadsEqualOneByOne() {
        let expected = texts.map { stack.width(of: $0, cache: nil) }
        let results = Lock<[[Double]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let widths = stack.widths(of: texts, cache: WidthCache(capacity: 1_000))
            results.withLock { $0.append(widths) }
        }
        #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
    }

    /// Eight threads measure through two fresh family stacks of the private configuration at
    /// once, one with system fallback: faces load lazily and fallback fonts are found while
    /// other threads measure, and every width equals the one a stack made afterwards gives on
    /// one thread.
    @Test func familyStacksLoadFacesAndFallBackOnManyThreads() throws {
        let configuration = try FamilyStackTests.configuration.get()
        let texts = ["骨頭 and שלום", "مرحبا ภาษาไทย", "鬱 憂 Ελληνικά", "\u{13000} x", "Latin only"]
        func stacks(_ tag: String) throws -> [FontStack] {
            [try FontStack(families: ["Noto Sans"], size: 16, language: tag, configuration: configuration),
             try FontStack([Fixtures.bundled("NotoSans-Regular.ttf", size: 16)], language: tag, fallback: .fonts(of: configuration))]
        }
        let shared = try stacks("en-x-threads")
        let widths = Lock([[Double]](repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let measured = shared.flatMap { stack in texts.indices.map { stack.width(of: texts[($0 + thread) % texts.count], cache: nil) } }
            widths.withLock { $0[thread] = measured }
        }
        let fresh = try stacks("en-x-threads-after")
        for thread in 0..<8 {
            let expected = fresh.flatMap { stack in texts.indices.map { stack.width(of: texts[($0 + thread) % texts.count], cache: nil) } }
            #expect(widths.withLock { $0[thread] } == expected)
        }
    }
}
