import CellLayout
import DataTables
import Foundation
import Testing
@testable import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// A table wider than its page split into column bands at full size, against bands, pages and
/// widths worked by hand in Noto Sans Mono 14 (every glyph 600/1000 em: 8.4 pt), cell padding
/// 8 pt each side, no minimum width and no sort indicator: a column of n-character texts is
/// 8.4 n + 16 pt wide.
@Suite struct ColumnBandTests {
    typealias Product = RenderingFixtures.Product

    /// Columns "id" (cells "k01"…: 3 characters, 41.2 pt), "a" (8: 83.2), "e" (5: 58), "b" (20:
    /// 184), "c" (15: 142) and "d" (25: 226); `rows` rows, cell (r, c) the column's letter and
    /// the row number, padded with dots to the column's length.
    static func layout(rows: Int = 30, lengths: [Int] = [3, 8, 5, 20, 15, 25],
                       textLayout: DataTableTextLayout = .singleLine) throws -> DataTableLayout<Product> {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 14)]))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 0
        configuration.sortIndicatorWidth = 0
        configuration.textLayout = textLayout
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        let titles = ["id", "a", "e", "b", "c", "d"]
        let data = (1...rows).map { row in
            Product(id: row, fields: zip(titles, lengths).map { title, length in
                let text = (title == "id" ? "k" : title) + String(format: "%02d", row)
                return text + String(repeating: ".", count: max(0, length - text.count))
            })
        }
        let columns = titles.indices.map { index in DataTableColumn<Product>(titles[index]) { $0.fields[index] } }
        return try DataTableLayout(rows: data, columns: columns, configuration: configuration)
    }

    /// A page 300 pt wide with 10 pt margins: 280 pt of room.
    static let page = PageSize(width: 300, height: 400)

    /// Rows on a full page: ⌊(400 − 20 − 44 header) / (line + 8 padding)⌋, the line from the
    /// font file; 30 rows then take ⌈30 / that⌉ pages a band.
    static func rowsPerPage() throws -> Int {
        let (_, line) = try SplitRowPageTests.monoMetrics()
        return Int(((400 - 20 - 44) / (line + 8)).rounded(.down))
    }

    @Test func theColumnWidthsAreWorkedFromThePadding() throws {
        let widths = try Self.layout().columnWidths.widths
        let expected = [41.2, 83.2, 58, 184, 142, 226]
        #expect(zip(widths, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(widths)")
    }

    /// Key column repeated (the default): [id a e] 182.4 pt (+ b = 366.4 > 280); [id b] 225.2
    /// (+ c = 367.2); [id c] 183.2 (+ d = 409.2); [id d] 267.2. Pages go down each band, then
    /// across: every page of band 1 first.
    @Test func bandsRepeatTheKeyColumnAndGoDownThenAcross() throws {
        let layout = try Self.layout()
        let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        let perPage = try Self.rowsPerPage()
        let downOneBand = stride(from: 0, to: 30, by: perPage).map { $0..<min(30, $0 + perPage) }
        let bands = [[0, 1, 2], [0, 3], [0, 4], [0, 5]]
        #expect(perPage == 12)  // line 19.07 pt + 8: 336 / 27.07
        #expect(pages.count == bands.count * downOneBand.count)
        #expect(pages.columns == bands.flatMap { band in downOneBand.map { _ in band } })
        #expect(pages.rows == bands.flatMap { _ in downOneBand })
        // At full size: no scale.
        for page in pages {
            guard case .transformed(let scale, _, _) = page.items.first else { Issue.record("no transform"); return }
            #expect(scale == 1)
        }
    }

    /// No key column: [id a e], [b] (184 + 142 > 280), [c] (142 + 226), [d]. Two key columns (id
    /// and a, 124.4 pt): [id a e], then b does not fit after them (308.4) and has a band alone,
    /// [id a c] 266.4, and d does not fit after them (350.4): [d].
    @Test func theNumberOfKeyColumnsIsAParameter() throws {
        let layout = try Self.layout()
        let perPage = try Self.rowsPerPage()
        let pagesDown = (30 + perPage - 1) / perPage
        for (keys, bands) in [(0, [[0, 1, 2], [3], [4], [5]]), (2, [[0, 1, 2], [3], [0, 1, 4], [5]])] {
            let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10), fit: .bands(repeating: keys))
            #expect(pages.columns == bands.flatMap { band in Array(repeating: band, count: pagesDown) }, "keys \(keys)")
        }
    }

    /// A table that fits is one band of every column, as before.
    @Test func aTableThatFitsIsOneBand() throws {
        let layout = try Self.layout(lengths: [3, 3, 3, 3, 3, 3])
        let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        #expect(Set(pages.columns) == [[0, 1, 2, 3, 4, 5]])
    }

    /// pdftotext of each page: the header titles of its band, then per row its band's cells, the
    /// key cell first; every cell of the table is on some page.
    @Test func pdftotextFindsEveryCellAndTheKeyColumnOnEveryPage() throws {
        let layout = try Self.layout()
        let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        let path = try RenderingFixtures.temporaryFolder() + "/bands.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        var found = Set<String>()
        for index in pages.indices {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", "-f", "\(index + 1)", "-l", "\(index + 1)", path, "-"]))
            let lines = text.split(separator: "\n").map { $0.split(whereSeparator: \.isWhitespace).map(String.init) }.filter { !$0.isEmpty }
            let band = pages.columns[index]
            #expect(lines.first == band.map { layout.columns[$0].title }, "page \(index + 1)")
            let expected = pages.rows[index].map { row in band.map { layout.columns[$0].text(layout.rows[row]) } }
            #expect(Array(lines.dropFirst()) == expected, "page \(index + 1)")
            #expect(lines.dropFirst().allSatisfy { $0.first?.hasPrefix("k") == true }, "page \(index + 1): the key column")
            found.formUnion(lines.dropFirst().joined())
        }
        let every = Set(layout.rows.flatMap { row in layout.columns.map { $0.text(row) } })
        #expect(found == every)
    }

    /// A column wider than the page alone: `pages` refuses it, naming it; `narrowColumns` makes
    /// it a fixed column of the page's width (280 pt), re-measures its rows, and wraps its text:
    /// 60 characters at 8.4 pt in 280 − 16 = 264 pt are 31 a line (260.4 pt), so two lines and
    /// the row twice as tall less one padding. Its band holds it alone (41.2 + 280 > 280).
    @Test func aColumnWiderThanThePageIsNarrowedToItAndWraps() throws {
        let layout = try Self.layout(rows: 3, lengths: [3, 8, 5, 20, 15, 60], textLayout: .wrap)
        #expect(abs(layout.columnWidths.widths[5] - (60 * 8.4 + 16)) < 1e-9)
        #expect(throws: RenderError.columnTooWide(column: 5, width: layout.columnWidths.widths[5], available: 280)) {
            try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        }
        layout.measureRows(0..<3)
        let before = layout.height(ofRow: 0)
        #expect(try layout.narrowColumns(toPage: Self.page, margins: EdgeInsets(10), style: NoChromeStyle()))
        #expect(layout.columnWidths.widths[5] == 280)
        layout.measureRows(0..<3)
        let (_, line) = try SplitRowPageTests.monoMetrics()
        #expect(abs(before - (line + 8)) < 1e-6)
        #expect(abs(layout.height(ofRow: 0) - (2 * line + 8)) < 1e-6)
        let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        #expect(pages.columns == [[0, 1, 2], [0, 3], [0, 4], [5]])
        #expect(try !layout.narrowColumns(toPage: Self.page, margins: EdgeInsets(10), style: NoChromeStyle()))
    }

    /// A row taller than a page, in bands: columns Key (100 pt), Words (300 pt, 3,000 words
    /// wrapped) and More (300 pt); 700 pt do not fit A4's 523.28 within 36 pt margins, so the
    /// bands are [Key Words] and [Key More]. The first band is split between the same pages as
    /// the Words column alone (whose pages SplitRowPageTests works by hand), every word once, in
    /// order; the second band's row is as tall as its own cells, "k" and "m", one line: one page.
    /// Every page of both bands starts with its band's header.
    @Test func aRowTallerThanAPageIsSplitInEveryBand() throws {
        let words = SplitRowPageTests.words(3000)
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 14)]))
        configuration.textLayout = .wrap
        configuration.columnWidthModeProvider = { .fixed(width: [100.0, 300, 300][$0]) }
        let columns = ["Key", "Words", "More"].indices.map { index in
            DataTableColumn<Product>(["Key", "Words", "More"][index]) { $0.fields[index] }
        }
        let layout = try DataTableLayout(rows: [Product(id: 0, fields: ["k", words.joined(separator: " "), "m"])],
                                         columns: columns, configuration: configuration)
        let pages = try layout.pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))
        let alone = try SplitRowPageTests.layout(words: words).pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))
        #expect(pages.columns == Array(repeating: [0, 1], count: alone.count) + [[0, 2]])
        let path = try RenderingFixtures.temporaryFolder() + "/split-bands.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        var shown: [String] = []
        for index in pages.indices {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(index + 1)", "-l", "\(index + 1)", path, "-"]))
            let tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
            let header = index < alone.count ? ["Key", "Words"] : ["Key", "More"]
            #expect(Array(tokens.prefix(2)) == header, "page \(index + 1)")
            if index < alone.count { shown += tokens.dropFirst(2).filter { $0 != "k" } }
            if index == alone.count { #expect(Array(tokens.dropFirst(2)) == ["k", "m"]) }
        }
        #expect(shown == words)
    }

    #if DEBUG
    /// Each page lays out only its band's cells: drawing every page of the four bands above
    /// ([id a e], [id b], [id c], [id d]) lays out each row's cells once per band it is in,
    /// 3 + 2 + 2 + 2 = 9 text cells, not the table's 6 on each of its 4 pages.
    @Test func aPageLaysOutOnlyItsBandsCells() throws {
        let layout = try Self.layout()
        let probe = CellText.Probe()
        try CellText.$probe.withValue(probe) {
            let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
            for page in pages { _ = page.textItems.count }
        }
        #expect(probe.rows == Dictionary(uniqueKeysWithValues: (0..<30).map { ($0, 9) }))
    }
    #endif

    /// Rows as tall as the band's own cells: columns id ("kNN") and d, whose cells in rows 1 and
    /// 2 hold 60 characters (two lines at the 280 pt page width less 16 of padding, 31 characters
    /// a line) and the others 25, beside a, e, b, c of one line. Bands [id a e] [id b] [id c]
    /// [d]: d (226 pt, 25 characters) does not fit after id once it is narrowed to 280. In the
    /// first three bands every row is one line tall; in [d], rows 1 and 2 are two.
    @Test func aBandsRowsAreAsTallAsItsOwnCells() throws {
        let layout = try Self.layout(rows: 4, lengths: [3, 8, 5, 20, 15, 25], textLayout: .wrap)
        let long = String(repeating: "d", count: 60)
        let tall = try DataTableLayout(rows: layout.rows.map { row in
            Product(id: row.id, fields: row.fields.enumerated().map { $0 == 5 && row.id <= 2 ? long : $1 })
        }, columns: layout.columns, configuration: layout.configuration)
        try tall.narrowColumns(toPage: Self.page, margins: EdgeInsets(10), style: NoChromeStyle())
        let pages = try tall.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        let (_, line) = try SplitRowPageTests.monoMetrics()
        #expect(pages.columns == [[0, 1, 2], [0, 3], [0, 4], [5]])
        #expect(pages.rows == Array(repeating: 0..<4, count: 4))
        let one = line + 8, two = 2 * line + 8
        let expected = [[one, one, one, one], [one, one, one, one], [one, one, one, one], [two, two, one, one]]
        #expect(pages.rowHeights.count == 4)
        for (heights, wanted) in zip(pages.rowHeights, expected) {
            #expect(zip(heights, wanted).allSatisfy { abs($0 - $1) < 1e-6 }, "\(heights) against \(wanted)")
        }
    }

    /// Automatic table layout in bands, worked by hand in Noto Sans Mono 14 (8.4 pt a character,
    /// 16 of padding): id "kNN" (min = max = 41.2), b five 9-character words (min 91.6, max 49
    /// characters: 427.6), c six 7-character words (min 74.8, max 47: 410.8), d three
    /// 10-character words (min 100, max 32: 284.8). Σmin 307.6 > 280: bands cut at min-content,
    /// [id b c] (207.6; + d = 307.6) and [id d]. Each band shares the 280 pt again: [id b c]
    /// min + (max − min) × (280 − 207.6) ÷ (879.6 − 207.6); [id d] 41.2 and 100 + 184.8 ×
    /// 138.8 ÷ 184.8 = 238.8. Lines: b at 127.8 (111.8 inside: 13 characters) holds one word a
    /// line, 5; c at 111.0 (95.0: 11) one word, 6 lines; d at 238.8 (222.8: 26 characters) two
    /// words then one, 2 lines. Rows: 6 lines + 8 in the first band (two a page, in 336 pt), 2
    /// lines + 8 in the second (all six on one page). pdftotext finds each page's key cells and
    /// every word.
    @Test func automaticLayoutSharesThePageAmongEachBandsColumns() throws {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 14)]))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 0
        configuration.sortIndicatorWidth = 0
        configuration.textLayout = .wrap
        configuration.tableLayout = .automatic
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        func words(_ letter: String, row: Int, count: Int, length: Int) -> String {
            (0..<count).map { word in
                let stem = letter + String(format: "%02d", row) + String(word)
                return stem + String(repeating: letter, count: length - stem.count)
            }.joined(separator: " ")
        }
        let data = (1...6).map { row in
            Product(id: row, fields: ["k" + String(format: "%02d", row), words("b", row: row, count: 5, length: 9),
                                      words("c", row: row, count: 6, length: 7), words("d", row: row, count: 3, length: 10)])
        }
        let columns = ["id", "b", "c", "d"].indices.map { index in
            DataTableColumn<Product>(["id", "b", "c", "d"][index]) { $0.fields[index] }
        }
        let layout = try DataTableLayout(rows: data, columns: columns, configuration: configuration, frameWidth: 280)
        let pages = try layout.pages(style: NoChromeStyle(), page: Self.page, margins: EdgeInsets(10))
        #expect(pages.columns == [[0, 1, 2], [0, 1, 2], [0, 1, 2], [0, 3]])
        #expect(pages.rows == [0..<2, 2..<4, 4..<6, 0..<6])
        let share = (280 - 207.6) / (879.6 - 207.6)
        let first = [41.2, 91.6 + 336 * share, 74.8 + 336 * share]
        for (widths, wanted) in zip(pages.columnWidths, [first, first, first, [41.2, 238.8]]) {
            #expect(widths.count == wanted.count && zip(widths, wanted).allSatisfy { abs($0 - $1) < 1e-9 }, "\(widths) against \(wanted)")
        }
        let (_, line) = try SplitRowPageTests.monoMetrics()
        let heights = pages.rowHeights
        #expect(heights[0...2].joined().allSatisfy { abs($0 - (6 * line + 8)) < 1e-6 }, "\(heights)")
        #expect(heights[3].allSatisfy { abs($0 - (2 * line + 8)) < 1e-6 }, "\(heights)")
        let path = try RenderingFixtures.temporaryFolder() + "/automatic-bands.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        var found = Set<String>()
        for index in pages.indices {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(index + 1)", "-l", "\(index + 1)", path, "-"]))
            let tokens = Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
            #expect(pages.rows[index].allSatisfy { tokens.contains(data[$0].fields[0]) }, "page \(index + 1): the key column")
            found.formUnion(tokens)
        }
        let every = Set(data.flatMap { $0.fields.flatMap { $0.split(separator: " ").map(String.init) } } + ["id", "b", "c", "d"])
        #expect(found == every)
    }
}

/// The rules that cut columns into bands (`ColumnBands.split`), on widths worked by hand.
@Suite struct ColumnBandRuleTests {
    /// Keys 0 and the group column 2 (140 pt) start both bands: [1] fits beside them (240), [3]
    /// does not (340), so it starts a band with them again.
    @Test func theGroupColumnRepeatsWithTheKeyColumns() throws {
        #expect(try ColumnBands.split(widths: [40, 100, 100, 100], keys: [0, 2], room: 250) == [[0, 1, 2], [0, 2, 3]])
    }

    /// Columns 2 and 3 under one header group (160 pt) fit beside the key column (200) but not
    /// after column 1 (260): they start the next band together. Without the group, column 2 goes
    /// with column 1 (180) and the group is parted.
    @Test func aHeaderGroupThatFitsInABandStaysInOne() throws {
        let widths = [40.0, 60, 80, 80, 60]
        #expect(try ColumnBands.split(widths: widths, keys: [0], groups: [2..<4], room: 250) == [[0, 1], [0, 2, 3], [0, 4]])
        #expect(try ColumnBands.split(widths: widths, keys: [0], room: 250) == [[0, 1, 2], [0, 3, 4]])
        // A group over columns 1…3 (300 + 40 > 250) is parted like any columns.
        #expect(try ColumnBands.split(widths: [40, 100, 100, 100], keys: [0], groups: [1..<4], room: 250) == [[0, 1, 2], [0, 3]])
    }

    /// No band shows only repeated columns: a key column that fits beside no other column is a
    /// column like the others, and so is a table of key columns only.
    @Test func noBandHoldsOnlyRepeatedColumns() throws {
        #expect(try ColumnBands.split(widths: [100, 200], keys: [0], room: 250) == [[0], [1]])
        #expect(try ColumnBands.split(widths: [100, 100, 100], keys: [0, 1, 2], room: 150) == [[0], [1], [2]])
        // Random widths and keys: every column is shown, each band fits, and each has a column that is not a key.
        var generator = SplitMix(seed: 36)
        for _ in 0..<2_000 {
            let widths = (0..<Int.random(in: 1...9, using: &generator)).map { _ in Double(Int.random(in: 10...120, using: &generator)) }
            let keys = Set((0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: 0..<widths.count, using: &generator) })
            let bands = try ColumnBands.split(widths: widths, keys: keys, room: 200)
            #expect(Set(bands.joined()) == Set(widths.indices), "\(widths) \(keys)")
            let repeated = Set(keys.filter { key in bands.filter { $0.contains(key) }.count > 1 })
            for band in bands {
                #expect(band.reduce(0) { $0 + widths[$1] } <= 200, "\(widths) \(keys): \(bands)")
                #expect(band.contains { !repeated.contains($0) } && band == band.sorted(), "\(widths) \(keys): \(bands)")
            }
        }
    }

    /// In a layout grouped by column "e" (58 pt), it repeats with the key column "id" (41.2):
    /// [id a e] 182.4; b (184) does not fit beside the two (283.2) and has a band alone; [id e c]
    /// 241.2; d (226) alone.
    @Test func pagesRepeatTheGroupColumn() throws {
        let layout = try ColumnBandTests.layout()
        try layout.groupRows(byColumn: 2)
        let pages = try layout.pages(style: NoChromeStyle(), page: ColumnBandTests.page, margins: EdgeInsets(10))
        var bands: [[Int]] = []
        for columns in pages.columns where bands.last != columns { bands.append(columns) }
        #expect(bands == [[0, 1, 2], [3], [0, 2, 4], [5]])
    }
}
