import Foundation
import TableRendering
import Testing

/// The package's one writer of JSON string literals (`jsonString`, `appendJSONString`): every
/// text comes back from a JSON parser as it went in, escaped where JSON and a `<script>` element
/// need it, and nowhere else.
@Suite struct JSONTextTests {
    /// Texts with what JSON escapes (quotes, backslashes, every control character), what a
    /// script element must not see (`<`, `>`, `&`, U+2028, U+2029), their UTF-8 neighbours
    /// (U+2027, U+202A, "⁠" and other E2 sequences) and text beyond the BMP.
    static let texts: [String] = {
        let pieces = ["\"", "\\", "/", "<", ">", "&", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{2060}", "€", "a", " ",
                      "é", "中", "😀", "\u{7F}", "\u{85}"] + (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        var generator = SystemRandomNumberGenerator()
        return pieces + (0..<2_000).map { _ in (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
    }()

    @Test func everyTextParsesBackAsItWas() throws {
        for text in Self.texts {
            for markup in [false, true] {
                let literal = jsonString(text, escapingMarkup: markup)
                #expect(try JSONDecoder().decode(String.self, from: Data(literal.utf8)) == text, "\(literal)")
            }
        }
    }

    /// Escaped for a script element, the literal holds none of the five; otherwise they are
    /// copied. A control character is escaped either way; nothing else is.
    @Test func markupIsEscapedOnlyWhenAsked() {
        let markup: Set<Unicode.Scalar> = ["<", ">", "&", "\u{2028}", "\u{2029}"]
        for text in Self.texts {
            let escaped = jsonString(text, escapingMarkup: true), plain = jsonString(text)
            #expect(!escaped.unicodeScalars.contains { markup.contains($0) || $0.value < 0x20 }, "\(escaped)")
            if !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" }) {
                #expect(plain == "\"" + text + "\"")
            }
        }
    }

    /// Worked by hand: JSON's short escapes for a line feed, a carriage return and a tab, four
    /// lowercase hex digits for the rest.
    @Test func theEscapesAreJSONsShortestOnes() {
        #expect(jsonString("a\"b\\c\n\r\t\u{1}\u{1F}é") == #""a\"b\\c\n\r\t\u0001\u001fé""#)
        #expect(jsonString("<a&b>\u{2028}\u{2029}\u{2027}", escapingMarkup: true) == #""\u003ca\u0026b\u003e\u2028\u2029‧""#)
        #expect(jsonString("<a&b>") == #""<a&b>""#)
        var bytes: [UInt8] = Array("[".utf8)
        appendJSONString("x\ty", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"["x\ty""#)
    }
}
