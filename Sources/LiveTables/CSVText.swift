/// A table as CSV text (RFC 4180): a field is quoted when it holds the delimiter, a quote, a
/// line break or spaces at an end, its quotes doubled; lines end in CRLF when the field
/// separator is a comma, as the RFC says, else LF.
public enum CSVText {
    /// `titles`, then `rows`, separated by `delimiter`. O(bytes).
    public static func bytes(titles: [String], rows: some Sequence<[String]>, delimiter: Unicode.Scalar) -> [UInt8] {
        var text = ""
        let end = delimiter == "," ? "\r\n" : "\n"
        func line(_ fields: [String]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { text.unicodeScalars.append(delimiter) }
                text += quoted(field, delimiter: delimiter)
            }
            text += end
        }
        line(titles)
        for row in rows { line(row) }
        return Array(text.utf8)
    }

    /// `field`, quoted if it must be.
    static func quoted(_ field: String, delimiter: Unicode.Scalar) -> String {
        let needs = field.unicodeScalars.contains { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.first?.isWhitespace == true || field.last?.isWhitespace == true
        guard needs else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
