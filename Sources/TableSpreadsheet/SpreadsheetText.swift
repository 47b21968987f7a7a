/// A cell's text as SpreadsheetML can hold it.
enum SpreadsheetText {
    /// `text` with what XML 1.0 cannot hold, U+FFFE and U+FFFF, replaced by U+FFFD (control
    /// characters libxlsxwriter writes as `_xHHHH_` itself), and the underscore of each literal
    /// `_xHHHH_` written `_x005F_`, as ECMA-376 (§22.9.2.19) says, so a reader does not decode it:
    /// "a_x000D_b" stays those eight characters, not a, a carriage return and b.
    ///
    /// - Complexity: O(length).
    static func escaped(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 == "_" || $0.value == 0xFFFE || $0.value == 0xFFFF }) else { return text }
        var result = String.UnicodeScalarView()
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                result.append("\u{FFFD}")
            } else {
                if scalar == "_", isEscape(scalars[index...]) { result.append(contentsOf: "_x005F".unicodeScalars) }
                result.append(scalar)
            }
            index = scalars.index(after: index)
        }
        return String(result)
    }

    /// Whether `scalars` starts with `_x`, four hexadecimal digits and `_`.
    private static func isEscape(_ scalars: Substring.UnicodeScalarView) -> Bool {
        let start = scalars.prefix(7)
        guard start.count == 7, start.first == "_", start.last == "_" else { return false }
        let middle = start.dropFirst().dropLast()
        return middle.first == "x" && middle.dropFirst().allSatisfy(\.properties.isASCIIHexDigit)
    }
}
