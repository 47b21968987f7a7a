import Foundation
import Testing
import TextMeasureTestSupport

/// Unicode noncharacters (U+FDD0, U+FFFE, U+FFFF) in a cell or the title: Cairo refuses them in
/// the UTF-8 a PDF keeps as text ("input string not valid UTF-8"), so each is kept as U+FFFD, and
/// its glyph drawn as any character the fonts lack. Every format writes the file; poppler reads
/// each noncharacter back as U+FFFD and the rest of the text as it was.
@Suite struct NoncharacterCommandTests {
    @Test(arguments: ["pdf", "png", "svg", "html", "json", "xlsx"])
    func noncharactersAreDrawnAsUnknownCharacters(_ format: String) throws {
        let folder = try RenderingFixtures.temporaryFolder(), output = folder + "/out." + format
        // Swift's literals refuse noncharacters: made from their scalars.
        let (fdd0, fffe, ffff) = (Self.scalar(0xFDD0), Self.scalar(0xFFFE), Self.scalar(0xFFFF))
        let csv = "Name,Note\na\(fdd0)b,x\nc\(fffe)d,\(ffff)\n"
        // A workbook has no title row (--title is refused there).
        let title = format == "xlsx" ? [] : ["--title", "T\(ffff)itle"]
        let result = try Command().run(["render", "-", "-o", output] + title, input: Array(csv.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        guard format == "pdf" else { return }
        let text = try #require(RenderingFixtures.output(of: "pdftotext", [output, "-"]))
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        for word in ["T\u{FFFD}itle", "a\u{FFFD}b", "c\u{FFFD}d", "\u{FFFD}", "Name", "Note", "x"] {
            #expect(words.contains(word), "\(word) in \(words)")
        }
    }

    static func scalar(_ value: UInt32) -> String { String(Character(Unicode.Scalar(value)!)) }
}
