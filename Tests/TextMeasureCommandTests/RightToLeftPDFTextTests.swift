import Foundation
import Testing
import TextMeasureTestSupport

/// Right-to-left text in a PDF reads back whole: generated Arabic, Hebrew and mixed-direction
/// cells drawn, and every word of every cell found by `pdftotext` among the words of the page
/// (bidi marks taken as spaces). Drawn in the bundled fonts and in DejaVu Sans, whose glyph
/// widths, rounded to thousandths of an em in the PDF, left gaps between glyphs written in
/// logical order and placed right to left, where poppler broke words into letters.
@Suite struct RightToLeftPDFTextTests {
    static let arabic = Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")
    static let hebrew = Array("אבגדהוזחטיכלמנסעפצקרשתםןץףך")

    /// Random words of 2 to 7 letters. No lam before alef: their ligature is one glyph whose two
    /// letters poppler writes in visual order (لا as ال), from Pango's PDFs too (`DocumentTests`).
    static func word(_ letters: [Character], _ random: inout SplitMix) -> String {
        var word = ""
        for _ in 0..<(2 + Int(random.next() % 6)) {
            var letter = letters[Int(random.next() % UInt64(letters.count))]
            if letter == "ا", word.last == "ل" { letter = "ب" }
            word.append(letter)
        }
        return word
    }

    static func table() -> [[String]] {
        var random = SplitMix(seed: 15)
        return (0..<24).map { _ in
            let words = { (letters: [Character], count: Int) in (0..<count).map { _ in word(letters, &random) }.joined(separator: " ") }
            return [words(arabic, 1 + Int(random.next() % 6)), words(hebrew, 1 + Int(random.next() % 6)),
                    "abc \(word(arabic, &random)) 123 \(word(hebrew, &random)) def", "\(word(hebrew, &random)) (\(word(arabic, &random)))"]
        }
    }

    @Test(arguments: [[], ["--family", "DejaVu Sans"]])
    func everyWordComesBackWhole(_ font: [String]) throws {
        let folder = try RenderingFixtures.temporaryFolder(), output = folder + "/rtl.pdf"
        let rows = Self.table()
        let csv = (["Arabic,Hebrew,Mixed,Brackets"] + rows.map { $0.map { "\"\($0)\"" }.joined(separator: ",") }).joined(separator: "\n")
        let result = try Command().run(["render", "-", "-o", output, "--page", "1200x1600"] + font, input: Array(csv.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let text = try #require(RenderingFixtures.output(of: "pdftotext", [output, "-"]))
        let marks = "\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}".unicodeScalars
        let found = Set(String(text.unicodeScalars.map { marks.contains($0) ? " " : Character($0) })
            .split(whereSeparator: { $0.isWhitespace || "()".contains($0) }).map(String.init))
        let words = rows.flatMap { $0.flatMap { $0.split(whereSeparator: { $0 == " " || "()".contains($0) }).map(String.init) } }
        let missing = words.filter { !found.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) of \(words.count) words broken: \(missing.prefix(8))")
    }
}
