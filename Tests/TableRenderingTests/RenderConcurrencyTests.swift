import Dispatch
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// Drawing from many threads at once gives the picture one thread gets: the backends share
/// Cairo faces (and with them FreeType faces and glyph caches) between drawings. CI runs this
/// suite under ThreadSanitizer too (`Scripts/sanitize.sh`).
@Suite struct RenderConcurrencyTests {
    @Test func imagesDrawnOnFourThreadsAtOnceEqualOneThreads() throws {
        let drawing = try RenderingFixtures.productsLayout().drawing(style: .bordered)
        let expected = try drawing.pngData(scale: 1)
        let results = Lock<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for _ in 0..<2 {
                let png = (try? drawing.pngData(scale: thread % 2 == 0 ? 1 : 2)) ?? []
                results.withLock { $0.append(png) }
            }
        }
        let twice = try drawing.pngData(scale: 2)
        let images = results.withLock { $0 }
        #expect(images.allSatisfy { $0 == expected || $0 == twice })
        #expect(images.filter { $0 == expected }.count == 4)
    }
}
