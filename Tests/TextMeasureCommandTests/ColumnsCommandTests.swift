import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `textmeasure columns`, run as a user runs it, with widths worked out by hand in Noto Sans
/// Mono at 10 px, where every character used is 600/1000 em = 6 px.
@Suite struct ColumnsCommandTests {
    /// Mono at 10 px and nothing added to content or header unless a test adds it.
    var bare: [String] {
        get throws { ["--font", try BundledFont.notoSansMono.path(), "--size", "10", "--min", "0", "--padding", "0", "--sort-indicator", "0"] }
    }

    /// `contents` written to a fresh temporary file.
    func file(_ contents: [UInt8], _ name: String = "table.csv") throws -> String {
        let path = try TemporaryFolder.make("columns") + "/" + name
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    func file(_ text: String) throws -> String { try file(Array(text.utf8)) }

    func columns(_ arguments: [String], input: [UInt8] = []) throws -> Command.Result {
        try Command().run(["columns"] + arguments, input: input)
    }

    /// The "columns" array of a --json run.
    func json(_ arguments: [String], input: [UInt8] = []) throws -> [[String: Any]] {
        let result = try columns(arguments + ["--json"], input: input)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(object["columns"] as? [[String: Any]])
    }

    func widths(_ arguments: [String]) throws -> [Double] {
        try json(arguments).map { try #require($0["width"] as? Double) }
    }

    @Test func jsonHasTitleWidthContentAndHeader() throws {
        let path = try file("SKU,Name\nA-1,Widget\nB-22,\"Gadget, large\"\n")
        let columns = try json([path] + bare)
        #expect(columns.map { $0["title"] as? String } == ["SKU", "Name"])
        #expect(columns.map { $0["width"] as? Double } == [24, 78])  // "B-22", "Gadget, large"
        #expect(columns.map { $0["contentWidth"] as? Double } == [24, 78])
        #expect(columns.map { $0["headerWidth"] as? Double } == [18, 24])
    }

    /// A quoted cell of three lines is as wide as its widest line (4 characters, 24 px), in
    /// text and cell modes: each line feed is a break, not a glyph.
    @Test func multiLineCellsAreTheirWidestLine() throws {
        let path = try file("Note\n\"ab\ncdef\ng\"\nxyz\n")
        for mode in ["text", "cell"] {
            #expect(try json([path] + bare + ["--mode", mode]).map { $0["contentWidth"] as? Double } == [24], "\(mode)")
        }
    }

    @Test func defaultsPadSortIndicatorAndMinimum() throws {
        let path = try file("SKU,Name\r\nA-1,Widget\r\nB-22,\"Gadget, large\"\r\n")  // CRLF
        let mono = ["--font", try BundledFont.notoSansMono.path(), "--size", "10"]
        // SKU: 24 + 2 × 8 = 40 → minimum 70 (header 18 + 20 + 16 = 54). Name: 78 + 16 = 94.
        #expect(try widths([path] + mono) == [70, 94])
        #expect(try widths([path] + mono + ["--frame-width", "328"]) == [140, 188])
        #expect(try widths([path] + mono + ["--frame-width", "328", "--no-scale-to-fill"]) == [70, 94])
        #expect(try widths([path] + mono + ["--max", "80"]) == [70, 80])
        #expect(try widths([path] + mono + ["--mode", "fixed:50"]) == [50, 50])
        #expect(try json([path] + mono + ["--mode", "fixed:50"]).allSatisfy { $0["contentWidth"] is NSNull })
    }

    @Test func everyStrategyArgument() throws {
        let path = try file("H\nab\nabcdefghij\nabcd\n")  // 12, 60 and 24 px; 2, 10 and 4 graphemes
        let expected: [(String, Double)] = [
            ("maxMeasured", 60), ("maxNominal", 60),
            ("sampledMax:2", 24),  // rows 0 and 2
            ("percentile:0.5:3", 24), ("percentile:1:3", 60),
            ("estimatedAverage:7", 16.0 / 3 * 7), ("calibratedAverage", 16.0 / 3 * 6),
            ("hybrid:2:1", 24), ("hybrid:2:7", 16.0 / 3 * 7),
            ("fixed:33", 33),
        ]
        for (strategy, width) in expected {
            let content = try #require(try json([path] + bare + ["--strategy", strategy]).first?["contentWidth"] as? Double)
            #expect(abs(content - width) < 1e-9, "\(strategy)")
        }
    }

    @Test func headerFontMeasuresTheTitles() throws {
        // hb-shape: "AVATAR" in Noto Sans is 3475/1000 em, 34.75 px at 10 px.
        let path = try file("AVATAR\nx\n")
        let header = try #require(try json([path] + bare + ["--header-font", try BundledFont.notoSans.path()]).first?["headerWidth"] as? Double)
        #expect(abs(header - 34.75) < 1e-9)
    }

    @Test func tabDelimiterAndByteOrderMark() throws {
        let path = try file([0xEF, 0xBB, 0xBF] + Array("A\tB\nabc\tabcdefg\n".utf8))
        #expect(try widths([path] + bare + ["--delimiter", "\\t"]) == [18, 42])
        #expect(try json([path] + bare + ["--delimiter", "\\t"]).first?["title"] as? String == "A")
    }

    @Test func readableTable() throws {
        let path = try file("SKU,Name\nA-1,Widget\n")
        let result = try columns([path] + bare)
        #expect(result.stdout == """
            column  width  content  header
            SKU     18.00    18.00   18.00
            Name    36.00    36.00   24.00
            total   54.00

            """)
    }

    @Test func raggedRowNamesItsLine() throws {
        let path = try file("a,b\n1,2\n\"x\ny\",3\n4\n")  // the quoted field spans lines 3 and 4
        let result = try columns([path])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\(path), line 5: 1 field, but the header has 2"))
        let long = try columns([try file("a,b\n1,2,3\n")])
        #expect(long.stderr.contains("line 2: 3 fields, but the header has 2"))
    }

    @Test func invalidUTF8NamesItsLine() throws {
        let result = try columns([try file(Array("a,b\n1,2\n".utf8) + [0x33, 0x2C, 0xFF, 0x0A])])
        #expect(result.status != 0)
        #expect(result.stderr.contains("line 3: not valid UTF-8"))
        let crlf = try columns([try file(Array("a,b\r\n\"p\r\nq\",".utf8) + [0xC3, 0x0A])])  // a cut-off sequence on line 3
        #expect(crlf.stderr.contains("line 3: not valid UTF-8"))
    }

    /// `text` in UTF-16, little- or big-endian, with or without a byte order mark.
    static func utf16(_ units: [UInt16], littleEndian: Bool = true, byteOrderMark: Bool = true) -> [UInt8] {
        (byteOrderMark ? [0xFEFF] + units : units).flatMap { unit in
            littleEndian ? [UInt8(unit & 0xFF), UInt8(unit >> 8)] : [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
    }

    @Test(arguments: [true, false])
    func utf16WithAByteOrderMark(littleEndian: Bool) throws {
        // What spreadsheets save as "Unicode text": UTF-16 with a byte order mark and tabs,
        // here with CRLF line ends and a title with an "ä" and a surrogate pair.
        let text = "SKU\tNäme😀\r\nA-1\tWidget\r\nB-22\tGadget, large\r\n"
        let path = try file(Self.utf16(Array(text.utf16), littleEndian: littleEndian))
        let columns = try json([path, "--delimiter", "\\t"] + bare)
        #expect(columns.map { $0["title"] as? String } == ["SKU", "Näme😀"])
        #expect(columns.map { $0["contentWidth"] as? Double } == [24, 78])  // "B-22", "Gadget, large"
    }

    @Test func invalidUTF16NamesItsLine() throws {
        let lone = try columns([try file(Self.utf16(Array("a,b\n1,".utf16) + [0xD800] + Array("x\n".utf16)))])
        #expect(lone.status != 0)
        #expect(lone.stderr.contains("line 2: not valid UTF-16"))  // a high surrogate with no low one
        let odd = try columns([try file(Self.utf16(Array("a,b\n1,2\n3,4".utf16)) + [0x35])])
        #expect(odd.status != 0)
        #expect(odd.stderr.contains("line 3: not valid UTF-16"))  // half a code unit at the end
    }

    @Test func aNULNamesItsLine() throws {
        let path = try file(Array("a,b\n1,2\n3,".utf8) + [0x00] + Array("4\n".utf8))
        let nul = try columns([path])
        #expect(nul.status != 0)
        #expect(nul.stderr.contains("\(path), line 3: a NUL character"))
        // UTF-16 without a byte order mark is not UTF-8 with NULs in it.
        let unmarked = try columns([try file(Self.utf16(Array("a,b\n1,2\n".utf16), byteOrderMark: false))])
        #expect(unmarked.status != 0)
        #expect(unmarked.stderr.contains("line 1: a NUL character"))
        #expect(unmarked.stderr.contains("byte order mark"))
        // In UTF-16 a NUL is a NUL.
        let marked = try columns([try file(Self.utf16(Array("a,b\n1,\u{0}\n".utf16)))])
        #expect(marked.stderr.hasSuffix("line 2: a NUL character\n"))
    }

    @Test func blankLinesAreSkipped() throws {
        // Blank before the header, between rows (LF and CRLF), and at the end; the one inside
        // the quoted field is text (RowsCommandTests counts its lines).
        let path = try file("\nSKU,Name\r\n\r\nA-1,\"p\n\nq\"\n\n\nB-22,Widget large\n\n")
        #expect(try json([path] + bare).map { $0["contentWidth"] as? Double } == [24, 72])
        // Line numbers still count them: "3" is on line 5.
        #expect(try columns([try file("a,b\n\n1,2\n\n3\n")]).stderr.contains("line 5: 1 field, but the header has 2"))
    }

    @Test func anUnclosedQuoteNamesTheLineItOpensOn() throws {
        let path = try file("a,b\n1,2\n3,\"open\n4,5\n6,7\n")
        let open = try columns([path])
        #expect(open.status != 0)
        #expect(open.stdout.isEmpty)
        #expect(open.stderr.contains("\(path), line 3: a quote opened here is never closed"))
        // After a quoted field over lines 2 and 3; "" is an escaped quote, not the closing one.
        #expect(try columns([try file("a\n\"x\ny\"\n\"z\"\"\n")]).stderr.contains("line 4: a quote opened here is never closed"))
        // After a delimiter of two bytes in UTF-8, a quote opens a field too.
        let section = try columns([try file("a§b\n1§\"x§y\"\n2§\"open\n"), "--delimiter", "§"])
        #expect(section.stderr.contains("line 3: a quote opened here is never closed"))
        // A quote inside an unquoted field is text; "" inside a quoted one is a quote.
        let quotes = try json([try file("a,b\nx\"y,\"say \"\"hi\"\"\"\n")] + bare)
        #expect(quotes.map { $0["contentWidth"] as? Double } == [18, 48])  // x"y, say "hi"
    }

    @Test func dashReadsStandardInput() throws {
        let columns = try json(["-"] + bare, input: Array("SKU,Name\nA-1,Widget\n".utf8))
        #expect(columns.map { $0["width"] as? Double } == [18, 36])
        let ragged = try self.columns(["-"], input: Array("a,b\n1\n".utf8))
        #expect(ragged.status != 0)
        #expect(ragged.stderr.contains("standard input, line 2: 1 field, but the header has 2"))
    }

    @Test func missingEmptyAndBadArguments() throws {
        #expect(try columns(["/no/such.csv"]).stderr.contains("/no/such.csv: no such file"))
        #expect(try columns([try file("")]).stderr.contains("empty: no header row"))
        let sample = try file("SKU\nA\n")
        let zero = try columns([sample, "--strategy", "sampledMax:0"])
        #expect(zero.status != 0)
        #expect(zero.stderr.contains("--strategy sampledMax: N must be a whole number of at least 1, not '0'"))
        #expect(try columns([sample, "--strategy", "percentile:0.9"]).stderr.contains("--strategy must be"))
        #expect(try columns([sample, "--strategy", "sampledMax:many"]).stderr.contains("N must be a whole number"))
        #expect(try columns([sample, "--mode", "auto"]).stderr.contains("--mode must be"))
        #expect(try columns([sample, "--min", "100", "--max", "50"]).stderr.contains("--min (100.0) must be at most --max (50.0)"))
    }
}

extension ColumnsCommandTests {
    @Test func cellModeArguments() throws {
        let path = try file("H\nab\nabcdefghij\nabcd\n")  // 12, 60 and 24 px
        let content = { (mode: String) throws -> Double in
            try #require(try json([path] + bare + ["--mode", mode]).first?["contentWidth"] as? Double)
        }
        #expect(try content("cell") == 60)
        #expect(try content("cell:all") == 60)
        #expect(try content("cell:sampledMax:2") == 24)  // rows 0 and 2
        #expect(try content("cell:percentile:0.5:3") == 24)
        for bad in ["cell:", "cell:some", "cell:sampledMax", "cell:sampledMax:x", "cell:percentile:0.5"] {
            let result = try columns([path] + bare + ["--mode", bad])
            #expect(result.status != 0, "\(bad)")
            #expect(result.stderr.contains("--mode"), "\(bad): \(result.stderr)")
        }
        let zero = try columns([path] + bare + ["--mode", "cell:sampledMax:0"])
        #expect(zero.status != 0)
        #expect(zero.stderr.contains("--mode cell:sampledMax: N must be a whole number of at least 1, not '0'"), "\(zero.stderr)")
    }
}
