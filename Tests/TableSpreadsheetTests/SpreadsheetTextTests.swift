import DataTables
import Foundation
import Testing
import TableSpreadsheet
import TextMeasureTestSupport

/// Cell text a workbook's XML cannot hold as it is: U+FFFE and U+FFFF (not XML characters:
/// LibreOffice dropped every row after one), and literal `_xHHHH_` (which a reader decodes as an
/// escaped character unless its underscore is written `_x005F_`, ECMA-376 §22.9.2.19). The
/// worksheet is read back by Python's expat parser, which shares no code with libxlsxwriter.
@Suite struct SpreadsheetTextTests {
    let folder: String

    init() throws { folder = try RenderingFixtures.temporaryFolder() }

    /// The `<t>` texts of the worksheet at `path`, in order, as expat parses them (nil: not well-formed).
    func parsedTexts(_ path: String) throws -> [String]? {
        let sheet = folder + "/sheet1.xml"
        try Workbook.member("xl/worksheets/sheet1.xml", of: path).write(toFile: sheet, atomically: false, encoding: .utf8)
        let script = """
            import json, sys, xml.etree.ElementTree as E
            try: root = E.parse(sys.argv[1]).getroot()
            except E.ParseError: print("null"); sys.exit()
            print(json.dumps([t.text or "" for t in root.iter("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}t")]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, sheet]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONDecoder().decode([String]?.self, from: data)
    }

    func write(_ rows: [[String]], titles: [String]) throws -> String {
        let path = folder + "/t.xlsx"
        let columns = titles.indices.map { index in DataTableColumn<[String]>(titles[index]) { $0[index] } }
        try SpreadsheetTable(rows: rows, columns: columns, font: try SpreadsheetFont.calibri()).write(to: path)
        return path
    }

    /// Each noncharacter becomes U+FFFD, in the header and the cells, and the 15 rows after it stay.
    @Test func noncharactersAreReplaced() throws {
        let rows = [["a\u{FFFE}b"], ["\u{FFFF}"]] + (1...15).map { [String($0) + "x"] }
        let texts = try #require(try parsedTexts(try write(rows, titles: ["T\u{FFFF}"])))
        #expect(texts == ["T\u{FFFD}", "a\u{FFFD}b", "\u{FFFD}"] + (1...15).map { String($0) + "x" })
    }

    /// The XML holds each literal escape with its underscore escaped; decoded by ECMA-376's rule
    /// (`_xHHHH_` is the character HHHH, so `_x005F_` an underscore), it is the cell's text again.
    @Test(arguments: ["a_x000D_b", "_x0041__xabcD_", "__x0020_", "_x00_", "_X000D_", "_x12345_"])
    func literalEscapesStayText(_ text: String) throws {
        let texts = try #require(try parsedTexts(try write([[text]], titles: ["A"])))
        #expect(texts.count == 2)
        #expect(Self.decoded(texts[1]) == text)
    }

    /// ECMA-376's `_xHHHH_` decoding, as a reader applies it.
    static func decoded(_ text: String) -> String {
        let pattern = /_x([0-9A-Fa-f]{4})_/
        return text.replacing(pattern) { match in String(UnicodeScalar(UInt32(match.1, radix: 16)!)!) }
    }
}
