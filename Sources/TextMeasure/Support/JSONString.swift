/// `text` as a JSON string literal: quotes and backslashes escaped, control characters as
/// escapes. With `escapingMarkup`, also `<`, `>`, `&` and the line and paragraph separators, so
/// that the literal can sit inside an HTML `<script>` element.
package func jsonString(_ text: some StringProtocol, escapingMarkup: Bool = false) -> String {
    func escape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20: result += escape(scalar.value)
        case _ where escapingMarkup && (scalar == "<" || scalar == ">" || scalar == "&" || scalar == "\u{2028}" || scalar == "\u{2029}"):
            result += escape(scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
