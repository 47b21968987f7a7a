/// JSON's string literals, the one writer of them for every JSON the package writes (the layout
/// as data, the HTML page's row data, the live table's messages, the command's JSON output).

/// `text` as a JSON string literal appended to `json`: quotes and backslashes escaped, line
/// feeds, carriage returns and tabs as `\n`, `\r`, `\t`, other control characters as `\u00XX`.
/// With `escapingMarkup`, also `<`, `>`, `&` and the line and paragraph separators (U+2028,
/// U+2029) as `\uXXXX`, so that the literal can sit inside an HTML `<script>` element. Every
/// other byte is copied.
///
/// - Complexity: O(`text.utf8.count`).
package func appendJSONString(_ text: some StringProtocol, escapingMarkup: Bool = false, to json: inout [UInt8]) {
    func escape(_ value: UInt32) {
        json += #"\u"#.utf8
        for shift: UInt32 in [12, 8, 4, 0] { json.append(jsonHexDigits[Int(value >> shift & 15)]) }
    }
    let utf8 = text.utf8
    json.append(UInt8(ascii: "\""))
    var index = utf8.startIndex
    while index != utf8.endIndex {
        let byte = utf8[index]
        utf8.formIndex(after: &index)
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): json += [UInt8(ascii: "\\"), byte]
        case 0x0A: json += #"\n"#.utf8
        case 0x0D: json += #"\r"#.utf8
        case 0x09: json += #"\t"#.utf8
        case 0..<0x20: escape(UInt32(byte))
        case UInt8(ascii: "<") where escapingMarkup, UInt8(ascii: ">") where escapingMarkup, UInt8(ascii: "&") where escapingMarkup:
            escape(UInt32(byte))
        case 0xE2 where escapingMarkup:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            let rest = utf8[index...].prefix(2)
            let third = rest.count == 2 ? rest[rest.index(after: rest.startIndex)] : 0
            if rest.first == 0x80, third == 0xA8 || third == 0xA9 {
                escape(0x2000 | UInt32(third - 0x80))
                index = rest.endIndex
            } else {
                json.append(byte)
            }
        default: json.append(byte)
        }
    }
    json.append(UInt8(ascii: "\""))
}

private let jsonHexDigits = Array("0123456789abcdef".utf8)

/// `text` as a JSON string literal (see `appendJSONString(_:escapingMarkup:to:)`).
package func jsonString(_ text: some StringProtocol, escapingMarkup: Bool = false) -> String {
    var json: [UInt8] = []
    json.reserveCapacity(text.utf8.count + 2)
    appendJSONString(text, escapingMarkup: escapingMarkup, to: &json)
    return String(decoding: json, as: UTF8.self)
}
