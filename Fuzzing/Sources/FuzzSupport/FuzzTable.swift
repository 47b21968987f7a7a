/// A small table decoded from the fuzzer's bytes, for the writers' targets.
public struct FuzzTable {
    /// The column titles (1 to 4).
    public let titles: [String]
    /// The rows (0 to 7), each a field a column.
    public let rows: [[String]]

    /// Cells that the writers treat specially: numbers in both separators' ways, dates, a
    /// formula, XML's noncharacters, literal `_xHHHH_` escapes, control characters, bidi text,
    /// marks and emoji.
    public static let specials = [
        "", "1.234", "1.234,5", "$1,234.50", "(12.00)", "12.5%", "−3", "+7", "5 €", "0,25", "1 234,5",
        "123456789012345678", "2024-03-15", "2024-02-29T09:30", "1900-03-01 23:59:59", "=1+1",
        "a\u{FFFD}b", String(Character(Unicode.Scalar(0xFFFE)!)), String(Character(Unicode.Scalar(0xFFFF)!)),
        String(Character(Unicode.Scalar(0xFDD0)!)), "a_x000D_b", "_x005F_", "_X0041_", "__x0020_", "\u{1}\u{8}\u{1F}",
        "a\tb", "a\r\nb", "مرحبا بالعالم", "שלום 123", "e\u{301}", "👍🏽", "\u{200B}", "  spaced  ",
    ]

    /// Reads a table: a byte for the columns, a byte for the rows, then each title and cell, a
    /// special one (its byte's high bit clear picks `specials`) or a short string.
    public init(_ input: inout FuzzInput) {
        func cell() -> String {
            let tag = input.byte()
            if tag & 0x80 == 0 { return Self.specials[Int(tag) % Self.specials.count] }
            let text = input.shortString()
            return tag & 0x40 == 0 ? text : String(repeating: text, count: Int(tag & 0x3F) + 1)
        }
        let columns = input.choice(4) + 1, rowCount = input.choice(8)
        titles = (0..<columns).map { _ in cell() }
        rows = (0..<rowCount).map { _ in (0..<columns).map { _ in cell() } }
    }
}
