import Foundation
import Testing
import TextMeasureTestSupport

/// A column title two columns share is refused by every option that names a column, naming both
/// positions, instead of the first being picked silently.
@Suite struct DuplicateTitleTests {
    @Test(arguments: [["--align", "Price=center"], ["--total", "Price=sum"], ["--sort", "Price"], ["--group-by", "Price"]])
    func anAmbiguousTitleIsRefused(option: [String]) throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "Item,Price,Price\na,1,2\nb,3,4\n".write(toFile: folder + "/t.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.pdf"] + option, input: [])
        #expect(result.status != 0)
        #expect(result.stderr.contains("2 columns are titled 'Price' (columns 2 and 3)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/t.pdf"))
        // A title used once still works beside them.
        #expect(try Command().run(["render", folder + "/t.csv", "-o", folder + "/t.pdf", "--sort", "Item"], input: []).status == 0)
    }
}
