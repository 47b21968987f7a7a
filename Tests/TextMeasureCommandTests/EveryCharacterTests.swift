import Foundation
import Testing
import TextMeasureTestSupport

/// Nothing is cut: on generated tables (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, Thai,
/// Han and emoji; digits and punctuation between scripts; words longer than any column), at odd
/// sizes and column widths down to one glyph, every character of every cell comes back, in order,
/// from each output that carries text: the layout JSON's lines (and each line inside its cell's
/// content box, so no glyph is clipped at its edge), the HTML's cells, the PDF's text
/// (`pdftotext`) and the SVG's text layer. No output ends a text in "…" unless asked for one line.
@Suite struct EveryCharacterTests {
    static let words = [
        "alpha", "Straße", "naïve", "café", "Ångström", "καλημέρα", "Αθήνα", "Москва", "привет", "東京都", "中华人民共和国",
        "日本語のテキスト", "مرحبا", "العربية", "שלום", "עברית", "हिन्दी", "ภาษาไทยง่าย", "👍🏽", "10-15", "3/4", "(42)",
        "1,234.5", "e-mail", "professional/tax", "https://example.org/a/b?c=d", "x²", "—", "«quote»", "٣٤٥", "12kg",
        "Supercalifragilisticexpialidocious", "ааааааааааааааааааааааааааааааа", "漢字漢字漢字漢字漢字漢字漢字漢字漢字",
    ]

    /// A table of `columns` columns and `rows` rows of random words from `words`, some cells a number.
    static func table(columns: Int, rows: Int, generator: inout SplitMix) -> [[String]] {
        let titles = (0..<columns).map { "Col \($0 + 1)" }
        let body = (0..<rows).map { _ in
            (0..<columns).map { column in
                if column == columns - 1, Bool.random(using: &generator) { return String(Int.random(in: 0...99_999, using: &generator)) }
                return (0..<Int.random(in: 1...7, using: &generator)).map { _ in words.randomElement(using: &generator)! }
                    .joined(separator: " ")
            }
        }
        return [titles] + body
    }

    static func csv(_ table: [[String]]) -> String {
        table.map { $0.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }

    static func squeezed(_ text: some StringProtocol) -> String { String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)) }

    /// The option sets each table is rendered with, for a table of `columns` columns.
    static func optionSets(columns: Int) -> [[String]] {
        func widths(_ list: [Int]) -> String { (0..<columns).map { String(list[$0 % list.count]) }.joined(separator: ",") }
        return [
            [],
            ["--size", "23", "--page", "300x420"],
            ["--size", "7.5", "--table-layout", "fitted"],
            ["--widths", widths([17])],  // one glyph a line at most: 16 pt of padding, 1 pt of room
            ["--widths", widths([40, 70, 25, 90, 33]), "--size", "11"],
            ["--strategy", "sampledMax:2", "--size", "13"],
        ]
    }

    @Test(arguments: 0..<8)
    func everyCharacterComesBackInOrder(seed: Int) throws {
        var generator = SplitMix(seed: UInt64(seed) + 1)
        let columns = [5, 3, 4][seed % 3]
        let table = Self.table(columns: columns, rows: 3 + seed, generator: &generator)
        let folder = try RenderingFixtures.temporaryFolder()
        let path = folder + "/t.csv"
        try Self.csv(table).write(toFile: path, atomically: true, encoding: .utf8)
        func render(_ arguments: [String], to name: String) throws -> String {
            let output = folder + "/" + name
            let result = try Command().run(["render", path, "-o", output] + arguments, input: [])
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
            return output
        }
        // Each seed takes every other option set, by turns: each set meets four of the tables, of
        // all three widths (5, 3 and 4 columns), in half the renders of every set for every seed.
        for (index, options) in Self.optionSets(columns: columns).enumerated() where (index + seed) % 2 == 0 {
            let label = "seed \(seed) \(options)"
            let paged = options.contains("--page")
            // The layout JSON as a PDF's (paper's defaults, with its pages), and as a screen's.
            try checkJSON(try render(options + (paged ? [] : ["--page", "a4"]), to: "paper.json"), table: table, label: label + " paper")
            let screen = paged ? Array(options.dropLast(2)) : options
            try checkJSON(try render(screen, to: "screen.json"), table: table, label: label + " screen")
            try checkHTML(try render(screen, to: "t.html"), table: table, label: label)
            try checkPDF(try render(options, to: "t.pdf"), table: table, label: label)
            let svg = try String(contentsOfFile: try render(screen, to: "t.svg"), encoding: .utf8)
            try checkText(svg.components(separatedBy: "<text ").dropFirst().map { element in
                Self.unescaped(String(element.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }))
            }.joined(separator: "\n"), table: table, label: label + " SVG")
        }
    }

    /// Each cell's lines are its text in order (spaces at the breaks aside), each inside its cell's
    /// content box; every header is its whole title.
    func checkJSON(_ path: String, table: [[String]], label: String) throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let columns = try #require(document["columns"] as? [[String: Any]])
        let padding = try #require(document["padding"] as? [String: Double])
        let header = try #require((document["header"] as? [String: Any])?["cells"] as? [[[String: Any]]])
        // A header is one line: only a width given narrower than its title cuts it (with "…").
        if !label.contains("--widths") {
            #expect(header.map { $0.map { $0["text"] as? String ?? "" }.joined() } == table[0], "\(label): header")
        }
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.count == table.count - 1, "\(label)")
        for (row, expected) in zip(rows, table.dropFirst()) {
            let cells = try #require(row["cells"] as? [[[String: Any]]])
            for (column, (lines, text)) in zip(cells, expected).enumerated() {
                let joined = lines.map { $0["text"] as? String ?? "" }.joined()
                #expect(Self.squeezed(joined) == Self.squeezed(text), "\(label): column \(column + 1)")
                let width = try #require(columns[column]["width"] as? Double)
                let (leading, trailing) = (padding["leading"] ?? 0, padding["trailing"] ?? 0)
                for line in lines {
                    let x = line["x"] as? Double ?? leading, lineWidth = line["width"] as? Double ?? 0
                    // A line wider than its room is a single grapheme (the column is narrower than one glyph).
                    let single = (line["text"] as? String ?? "").count <= 1
                    #expect(single || (x >= leading - 1e-3 && x + lineWidth <= width - trailing + 2e-3),
                            "\(label): column \(column + 1) line \(line) in \(width)")
                }
            }
        }
    }

    /// Each `<td>`'s text is its cell's, in order.
    func checkHTML(_ path: String, table: [[String]], label: String) throws {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let body = try #require(html.range(of: "<tbody>").map { html[$0.upperBound...] })
        let cells = body.components(separatedBy: "<td").dropFirst().map { cell in
            let inner = cell.components(separatedBy: "</td>")[0]
            let text = inner.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression).drop { $0 != ">" }.dropFirst()
            return Self.squeezed(Self.unescaped(String(text)))
        }
        #expect(cells == table.dropFirst().flatMap { $0.map(Self.squeezed) }, "\(label): HTML")
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every cell's characters are in the PDF's text (a cell with right-to-left text is drawn in
    /// visual order, its runs reordered, so only its characters are looked for, in any order;
    /// its order is the JSON's and the HTML's to show); no "…" that the cells lack; every header
    /// but one cut by a given width.
    func checkPDF(_ path: String, table: [[String]], label: String) throws {
        try checkText(try #require(RenderingFixtures.output(of: "pdftotext", ["-raw", path, "-"])), table: table, label: label)
    }

    /// `checkPDF`'s rules for the text an output gives back.
    func checkText(_ text: String, table: [[String]], label: String) throws {
        let squeezed = Array(Self.squeezed(text).unicodeScalars)
        let present = Set(squeezed)
        #expect(label.contains("--widths") || !text.contains("…"), "\(label): an ellipsis")
        for cell in (label.contains("--widths") ? table.dropFirst() : table[...]).joined() {
            let scalars = Self.squeezed(cell).unicodeScalars.filter { !$0.properties.isEmojiPresentation && !$0.properties.isEmojiModifier }
            let rightToLeft = cell.unicodeScalars.contains { (0x590...0x8FF).contains($0.value) }
            var position = 0
            var missing: Unicode.Scalar?
            for scalar in scalars {
                if rightToLeft {
                    if !present.contains(scalar) { missing = scalar; break }
                    continue
                }
                guard let found = squeezed[position...].firstIndex(of: scalar) else { missing = scalar; break }
                position = found + 1
            }
            #expect(missing == nil, "\(label): \(cell) (missing \(String(describing: missing)))")
        }
    }
}
