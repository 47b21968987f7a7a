import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `textmeasure rows`, run as a user runs it, with heights worked out by hand in Noto Sans Mono
/// at 10 px: every character used is 6 px wide, and a line is (1069 + 293) / 1000 em = 13.62 px
/// tall (hhea ascender + descender; no line gap).
@Suite struct RowsCommandTests {
    static let line = 13.62

    /// Mono at 10 px; nothing added to widths or heights unless a test adds it.
    var bare: [String] {
        get throws { try ColumnsCommandTests().bare + ["--vertical-padding", "0", "--header-height", "0"] }
    }

    func file(_ text: String) throws -> String { try ColumnsCommandTests().file(text) }

    func rows(_ arguments: [String], input: [UInt8] = []) throws -> Command.Result {
        try Command().run(["rows"] + arguments, input: input)
    }

    struct Layout {
        var columnWidths: [Double]
        var heights: [Double]
        var offsets: [Double]
        var contentHeight: Double
    }

    /// The object a --json run prints.
    func json(_ arguments: [String], input: [UInt8] = []) throws -> Layout {
        let result = try rows(arguments + ["--json"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Double]])
        return Layout(columnWidths: try #require(object["columnWidths"] as? [Double]),
                      heights: rows.map { $0["height"] ?? -1 }, offsets: rows.map { $0["offset"] ?? -1 },
                      contentHeight: try #require(object["contentHeight"] as? Double))
    }

    func expectClose(_ actual: [Double], _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            // Row heights are kept on a 2⁻²⁰ pt grid (DataTableLayout), rounded up: each less than
            // 2⁻²⁰ pt (9.6e-7) above; an offset adds up to three of them here.
            #expect(a >= e - 1e-9 && a - e < 3 / 1_048_576, "\(actual) ≠ \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func wrapsAtTheGivenWidths() throws {
        // 60 px = 10 characters a line. Row 1: "abcd efgh " (the space hangs) + "ijkl" → 2 lines.
        // Row 2: 25 letters with no break opportunity break between graphemes: 10 + 10 + 5 → 3 lines.
        // Row 3: a line break inside the quoted field → 2 lines; "" is one empty line.
        let path = try file("A,B\nabcd efgh ijkl,x\nab,abcdefghijklmnopqrstuvwxy\n\"p\nq\",\n")
        let layout = try json([path] + bare + ["--widths", "60,60"])
        #expect(layout.columnWidths == [60, 60])
        expectClose(layout.heights, [2, 3, 2].map { $0 * Self.line })
        expectClose(layout.offsets, [0, 2, 5].map { $0 * Self.line })
        expectClose([layout.contentHeight], [7 * Self.line])
    }

    @Test func paddingHeaderAndSpacing() throws {
        // Inner width 66 − 2 × 8 = 50 px = 8 characters: "abcd efgh ijkl" → "abcd " "efgh " "ijkl".
        let path = try file("A\nabcd efgh ijkl\nab\n")
        let layout = try json([path] + bare + ["--widths", "66", "--padding", "8", "--vertical-padding", "3",
                                               "--header-height", "30", "--row-spacing", "2"])
        let heights = [3 * Self.line + 6, Self.line + 6]
        expectClose(layout.heights, heights)
        expectClose(layout.offsets, [30, 30 + heights[0] + 2])
        expectClose([layout.contentHeight], [30 + heights[0] + 2 + heights[1]])  // no spacing after the last row
    }

    @Test func singleLineRowsAreOneLineTall() throws {
        let path = try file("A,B\nabcd efgh ijkl,x\nab,abcdefghijklmnopqrstuvwxy\n")
        let layout = try json([path] + bare + ["--widths", "60,60", "--single-line", "--vertical-padding", "4"])
        expectClose(layout.heights, [Self.line + 8, Self.line + 8])
        let wrapped = try json([path] + bare + ["--widths", "60,60", "--wrap", "--vertical-padding", "4"])
        expectClose(wrapped.heights, [2 * Self.line + 8, 3 * Self.line + 8])
    }

    @Test func widthsComeFromTheColumnOptions() throws {
        // Content 84 px ("abcd efgh ijkl") clamped to --max 60; "B" stays at its widest cell, 12 px.
        let path = try file("A,B\nabcd efgh ijkl,xy\nab,x\n")
        let layout = try json([path] + bare + ["--max", "60"])
        #expect(layout.columnWidths == [60, 12])
        expectClose(layout.heights, [2 * Self.line, Self.line])
        let columns = try ColumnsCommandTests().widths([path] + ColumnsCommandTests().bare + ["--max", "60"])
        #expect(layout.columnWidths == columns)
        // With a frame both grow in proportion, to 150 × 60/72 = 125 and 25: every text fits on one line.
        let framed = try json([path] + bare + ["--max", "60", "--frame-width", "150"])
        expectClose(framed.columnWidths, [125, 25])
        expectClose(framed.heights, [Self.line, Self.line])
    }

    @Test func everyRowIsMeasured() throws {
        // 1,000 rows (far past any viewport and prefetch window): row i holds i % 37 + 1 letters,
        // which take ⌈letters ÷ 10⌉ lines at 60 px.
        let letters = (0..<1_000).map { $0 % 37 + 1 }
        let path = try file("A\n" + letters.map { String(repeating: "m", count: $0) + "\n" }.joined())
        let layout = try json([path] + bare + ["--widths", "60", "--header-height", "44"])
        let heights = letters.map { Double(($0 + 9) / 10) * Self.line }
        expectClose(layout.heights, heights)
        // 1,000 heights, each less than 2⁻²⁰ pt above its plain value on the layout's grid.
        #expect(abs(layout.offsets[999] - (44 + heights.dropLast().reduce(0, +))) < 1_000 / 1_048_576)
        #expect(abs(layout.contentHeight - (44 + heights.reduce(0, +))) < 1_000 / 1_048_576)
    }

    @Test func blankLinesAreSkippedAndAQuotedEmptyFieldIsARow() throws {
        // One column: "" is a row with an empty cell (one empty line), a blank line is no row.
        let path = try file("A\n\"\"\n\nabcd efgh ijkl\n\n\"p\n\nq\"\n\n")
        let layout = try json([path] + bare + ["--widths", "60"])
        expectClose(layout.heights, [1, 2, 3].map { $0 * Self.line })  // "", "abcd efgh " "ijkl", "p" "" "q"
    }

    @Test func dashReadsStandardInput() throws {
        let layout = try json(["-"] + bare + ["--widths", "60"], input: Array("A\nabcd efgh ijkl\nab\n".utf8))
        expectClose(layout.heights, [2 * Self.line, Self.line])
    }

    @Test func aProgressBarFollowsTheRowHeightsOnATerminal() throws {
        // 1 MiB and more: 1,050 rows of 1,001 bytes (kept on one line, the quickest to measure).
        let path = try file("A\n" + String(repeating: String(repeating: "abcd ", count: 200) + "\n", count: 1_050))
        let result = try Command().run(["rows", path] + bare + ["--widths", "60", "--single-line", "--json"],
                                            input: [], terminalStderr: true)
        #expect(result.status == 0)
        #expect(result.stderr.contains("heights   [\(String(repeating: "#", count: 30))] 100%"))
        #expect(result.stderr.hasSuffix("\r\u{1B}[K"))  // cleared at the end
    }

    @Test func readableTable() throws {
        let path = try file("SKU,Name\nA-1,Widget large\nB-2,x\n")
        let result = try rows([path] + bare + ["--widths", "24,42", "--header-height", "20"])
        #expect(result.stdout == """
            column widths: SKU 24.00, Name 42.00
            row     height  offset
            header   20.00    0.00
            1        27.24   20.00
            2        13.62   47.24
            total    60.86

            """)
    }

    @Test func badWidthsAndOptions() throws {
        let path = try file("A,B,C\n1,2,3\n")
        let count = try rows([path, "--widths", "60,60"])
        #expect(count.status != 0)
        #expect(count.stdout.isEmpty)
        #expect(count.stderr.contains("\(path): 3 columns, but --widths gives 2"))
        #expect(try rows([path, "--widths", "60,wide,60"]).stderr.contains("--widths: width 2 must be a number from 0 to 1e9, not 'wide'"))
        #expect(try rows([path, "--widths", "60,-1,60"]).stderr.contains("width 2 must be a number from 0 to 1e9"))
        #expect(try rows([path, "--widths", "1,2,3", "--frame-width", "300"]).stderr.contains("--widths and --frame-width cannot be combined"))
        #expect(try rows([path, "--header-height=-1"]).stderr.contains("--header-height must be a number from 0 to 1e9"))
        #expect(try rows([path, "--wrap", "--single-line"]).status != 0)
    }

    /// Each option is within 0...1e9, but together they make a column wider than the layout takes:
    /// the error names the options, not the column mode the command set from them. In Noto Sans
    /// Mono at 10 px "AB" is 12 px wide; at 1e9 px it is 2 × 0.6e9 px.
    @Test func tooWideAColumnNamesTheOptions() throws {
        let path = try file("AB\nx\n")
        let padded = try rows(try bare + [path, "--padding", "5e8", "--sort-indicator", "1"])
        #expect(padded.status != 0)
        #expect(padded.stderr.contains("--padding 500000000.0 and --sort-indicator 1.0 make column 1 \"AB\" 1000000013.0 px wide"))
        #expect(!padded.stderr.contains("columnWidthModeProvider"))
        let sorted = try rows(try bare + [path, "--sort-indicator", "1e9"])
        #expect(sorted.stderr.contains("--padding 0.0 and --sort-indicator 1000000000.0 make column 1 \"AB\" 1000000012.0 px wide"))
        let large = try rows(["--font", try BundledFont.notoSansMono.path(), "--size", "1e9", "--min", "0", "--padding", "0",
                              "--sort-indicator", "0", path])
        #expect(large.status != 0)
        #expect(large.stderr.contains("--size 1000000000.0 makes column 1 \"AB\" 1200000000.0 px wide"), "\(large.stderr)")
    }

    @Test func csvErrorsNameTheLine() throws {
        let ragged = try rows([try file("a,b\n1,2\n\"x\ny\",3\n4\n")])
        #expect(ragged.status != 0)
        #expect(ragged.stderr.contains("line 5: 1 field, but the header has 2"))
        let invalid = try rows([try ColumnsCommandTests().file(Array("a,b\n1,2\n".utf8) + [0x33, 0x2C, 0xFF, 0x0A])])
        #expect(invalid.status != 0)
        #expect(invalid.stderr.contains("line 3: not valid UTF-8"))
        #expect(try rows(["/no/such.csv"]).stderr.contains("/no/such.csv: no such file"))
    }
}
