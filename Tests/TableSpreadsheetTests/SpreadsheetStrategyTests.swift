import DataTables
import TableSpreadsheet
import Testing
import TextMeasure

/// Column widths by each `DataTableColumnWidthStrategy`, worked by hand from Carlito's advances
/// at 15 px per em (Calibri 11 pt drawn at 96 dpi): "x" 887/2048 em, 6.496 px, drawn 6 px; the
/// header "i" bold 503/2048 em, 3.68 px, drawn 4 px, so 1.03 × 4 + 12 + 21 = 37.12 px. A column
/// is 1.03 × its content's drawn width + 12 px, rounded up, at least its header. The rows a
/// sample of k of n reads: round(i·(n − 1)/(k − 1)), halves up.
@Suite struct SpreadsheetStrategyTests {
    /// `count` × "x".
    func x(_ count: Int) -> String { String(repeating: "x", count: count) }

    func sheet(_ cells: [String], _ strategy: DataTableColumnWidthStrategy, maxColumnWidth: Double? = nil) throws
        -> SpreadsheetTable<String> {
        try SpreadsheetTable(rows: cells, columns: [DataTableColumn<String>("i") { $0 }], font: try SpreadsheetFont.calibri(),
                             strategy: strategy, maxColumnWidth: maxColumnWidth)
    }

    /// 10 rows, a sample of 3: rows 0, round(4.5) = 5 and 9. Row 3's 40 "x" are not read, so
    /// the widest read is row 5's 20 "x", 120 px: 1.03 × 120 + 12 = 135.6, so 136 px; measuring
    /// every row, 40 "x" are 240 px: 259.2, so 260 px.
    @Test func sampledMaxReadsItsSampleOnly() throws {
        var cells = Array(repeating: "x", count: 10)
        (cells[3], cells[5]) = (x(40), x(20))
        #expect(try sheet(cells, .sampledMax(sampleSize: 3)).columnWidths.map(\.pixels) == [136])
        #expect(try sheet(cells, .maxMeasured).columnWidths.map(\.pixels) == [260])
        // A sample as large as the table reads every row.
        #expect(try sheet(cells, .sampledMax(sampleSize: 10)).columnWidths.map(\.pixels) == [260])
    }

    /// 10 rows, a sample of 4: rows 0, 3, 6 and 9 (9/3 = 3 apart). Their widths 60, 180, 120 and
    /// 6 px sorted: 6, 60, 120, 180; the median by nearest rank is the ⌈0.5 × 4⌉ = 2nd, 60 px:
    /// 1.03 × 60 + 12 = 73.8, so 74 px (the unread rows' 50 "x" do not count). The 0.75th: the
    /// 3rd, 120 px, 136 px.
    @Test func percentileRanksItsSample() throws {
        var cells = Array(repeating: x(50), count: 10)
        (cells[0], cells[3], cells[6], cells[9]) = (x(10), x(30), x(20), "x")
        #expect(try sheet(cells, .percentileMeasured(percentile: 0.5, sampleSize: 4)).columnWidths.map(\.pixels) == [74])
        #expect(try sheet(cells, .percentileMeasured(percentile: 0.75, sampleSize: 4)).columnWidths.map(\.pixels) == [136])
    }

    /// estimatedAverage with 6 pt a character, 8 px at 96 dpi: 10, 20 and 30 characters are 20 on
    /// average, 160 px: 1.03 × 160 + 12 = 176.8, so 177 px, narrower than the 30 "x" (180 px
    /// drawn, 198 px needed).
    @Test func estimatedAverageCountsCharactersInPoints() throws {
        #expect(try sheet([x(10), x(20), x(30)], .estimatedAverage(averageCharWidth: 6)).columnWidths.map(\.pixels) == [177])
    }

    /// hybrid: the larger of the estimate and the first and last rows measured. Rows of 10, 40 and
    /// 20 "x": 70/3 characters on average. At 3 pt (4 px) a character the estimate is 93.3 px and
    /// the sample's widest, 20 "x", 120 px wins: 136 px. At 6 pt (8 px) the estimate, 186.67 px,
    /// wins: 1.03 × 186.67 + 12 = 204.27, so 205 px.
    @Test func hybridTakesTheLargerOfEstimateAndSample() throws {
        let cells = [x(10), x(40), x(20)]
        #expect(try sheet(cells, .hybrid(sampleSize: 2, averageCharWidth: 3)).columnWidths.map(\.pixels) == [136])
        #expect(try sheet(cells, .hybrid(sampleSize: 2, averageCharWidth: 6)).columnWidths.map(\.pixels) == [205])
    }

    /// fixed: 60 pt of content whatever the cells, 80 px: 1.03 × 80 + 12 = 94.4, so 95 px, stored
    /// by the MDW rule as Truncate(95/7 × 256)/256 = Truncate(3474.29)/256 = 3474/256 =
    /// 13.5703125 characters. Under 15 pt (20 px) of content the header's 37.12 px wins: 38 px,
    /// Truncate(38/7 × 256) = 1389, 1389/256.
    @Test func fixedWidthsAreConvertedByTheMaximumDigitWidthRule() throws {
        let wide = try sheet([x(100)], .fixed(width: 60))
        #expect(wide.columnWidths.map(\.pixels) == [95])
        #expect(wide.columnWidths.map(\.fileWidth) == [13.5703125])
        #expect(wide.wrapsColumn == [false])
        let narrow = try sheet([x(100)], .fixed(width: 15))
        #expect(narrow.columnWidths.map(\.pixels) == [38])
        #expect(narrow.columnWidths.map(\.fileWidth) == [1389.0 / 256])
    }

    /// Every cell is still checked, whatever the strategy reads: a cell past 32,767 characters in
    /// a row the sample skips is named, and a cell of two lines there makes the column wrap (row
    /// 1: 2 lines of 15 px + 5 px, 26.25 pt).
    @Test func unreadRowsAreStillChecked() throws {
        let long = x(32_768)
        #expect(throws: SpreadsheetError.cellTooLong(row: 2, column: "i", length: 32_768, limit: 32_767)) {
            try sheet(["x", long, "x"], .sampledMax(sampleSize: 2))
        }
        let lines = try sheet(["x", "x\nx", "x"], .sampledMax(sampleSize: 2))
        #expect(lines.wrapsColumn == [true])
        #expect(lines.columnWidths.map(\.pixels) == [38])
        #expect(lines.rowHeights == [1: 26.25])
    }

    /// maxNominal measures unshaped advances, which a spreadsheet never draws: a typed error.
    @Test func maxNominalDoesNotApply() throws {
        let expected = SpreadsheetError.strategyDoesNotApply(strategy: "maxNominal",
                                                             reason: "a spreadsheet draws shaped glyphs on whole pixels; use maxMeasured")
        #expect(throws: expected) { try sheet(["x"], .maxNominal) }
    }
}
