import Foundation
import Synchronization
import Testing
import TextMeasure

/// fontconfig lookups by family (DejaVu Sans: package fonts-dejavu-core, which .ci/run installs).
@Suite struct FontconfigTests {
    @Test func familyLookupFindsTheInstalledFile() throws {
        let font = try Font(family: "DejaVu Sans", size: 14)
        #expect(font.familyName == "DejaVu Sans")
        let path = try #require(font.path)
        #expect(path.hasSuffix("DejaVuSans.ttf"))
        #expect(font.width(of: "AVATAR") == (try Font(path: path, size: 14)).width(of: "AVATAR"))
        #expect(try Font(family: "dejavu sans").familyName == "DejaVu Sans")
    }
}
