import Foundation
import Testing
@testable import TextMeasure

/// Faces loaded from bytes live as long as a `Font` or `FontStack` uses them, and no longer.
@Suite struct FontLifetimeTests {
    /// Holds a face without keeping it alive.
    final class Watch {
        weak var face: FontFace?
        init(_ face: FontFace) { self.face = face }
    }

    @Test func facesFromBytesAreFreedWithTheirLastFont() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFont.notoSansMono.path())))
        let bundled = try Font.bundled(.notoSans)
        var watches: [Watch] = []
        var kept: Font?
        for round in 0..<1_000 {
            let font = try Font(data: bytes, size: 14)
            // Each font is used as a server would: measured alone and in a stack, through the cache.
            #expect(font.width(of: "0123456789") == 84)  // 10 × 600 units × 14 / 1000
            _ = try FontStack([font, bundled]).width(of: "Ab")
            watches.append(Watch(font.face))
            if round == 500 { kept = font }
        }
        let live = watches.filter { $0.face != nil }
        #expect(live.count == 1)
        #expect(live.first?.face === kept?.face)
    }

    /// Sets of faces from files are held by the intern table while used and let go once unused:
    /// 1,000 distinct sets made and dropped on four threads do not stay (the table keeps at most
    /// its sweep threshold, 64, of unused ones, plus the sets other suites running now use), and
    /// a set still in use survives every sweep: an equal font made afterwards gets the same one.
    @Test func unusedSetsOfFileFacesAreLetGo() throws {
        let bundled = try Font.bundled(.notoSansMono)
        let kept = bundled.withFeatures([try FontFeature("zz01=7")])
        let failures = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<250 {
                do {
                    // A tag no face has: each is a new set, measuring as the plain font does.
                    let font = bundled.withFeatures([try FontFeature("zz02=\(thread * 1_000 + value)")])
                    let width = font.width(of: "0123456789")  // 10 × 600 units × 14 / 1000
                    if width != 84 { failures.withLock { $0.append("\(width)") } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(FontSet.internedCount < 500)
        #expect(bundled.withFeatures([try FontFeature("zz01=7")]) == kept)
    }
}
