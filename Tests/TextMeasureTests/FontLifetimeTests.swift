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
}
