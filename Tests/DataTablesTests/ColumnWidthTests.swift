import CellLayout
import Synchronization
import Testing
import TextMeasure
@testable import DataTables

/// Column widths worked out by hand. Noto Sans Mono advances every character used here by
/// 600/1000 em, so at 10 px a text of n characters is exactly 6n px wide (see LayoutTests).
/// Unless a test says otherwise: no padding, no sort indicator, no minimum, header "H" (6 px).
@Suite struct ColumnWidthTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])

    struct Item: Sendable {
        let name: String
        let price: Double
    }

    /// A bare configuration: mono cells and headers, nothing added to the content.
    func configuration(_ mode: DataTableColumnWidthMode) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.columnWidthMode = mode
        configuration.minColumnWidth = 0
        configuration.cellPadding = EdgeInsets()
        configuration.sortIndicatorWidth = 0
        return configuration
    }

    /// One column "H" of `texts`.
    func width(_ texts: [String], _ strategy: DataTableColumnWidthStrategy,
               change: (inout DataTableConfiguration) -> Void = { _ in }) throws -> DataTableColumnWidth {
        var configuration = configuration(.fitContentText(strategy: strategy))
        change(&configuration)
        return try configuration.columnWidths(for: texts, columns: [DataTableColumn("H") { $0 }]).columns[0]
    }

    /// A text of `count` characters.
    func text(_ count: Int) -> String { String(repeating: "x", count: count) }

    // MARK: Strategies

    @Test func maxMeasuredTakesTheWidestOfAllRows() throws {
        let column = try width(["ab", "abcdefghij", "abc", ""], .maxMeasured)
        #expect(column.contentWidth == 60)
        #expect(column.width == 60)
        #expect(try width([], .maxMeasured).contentWidth == 0)
    }

    @Test func measuredWidthsAreShapedAndNominalWidthsAreNot() throws {
        // hb-shape (golden-widths.tsv), Noto Sans, 1000 units per em: "AVATAR" 3475 units
        // shaped, 3695 with -kern,-liga (its nominal advances); "To Yo" 2472 and 2592.
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.font = try FontStack([Font.bundled(.notoSans, size: 10)])
        let columns = [DataTableColumn<String>("H") { $0 }]
        let shaped = try configuration.columnWidths(for: ["AVATAR", "To Yo"], columns: columns).columns[0]
        #expect(abs(shaped.contentWidth! - 34.75) < 1e-9)
        configuration.columnWidthMode = .fitContentText(strategy: .maxNominal)
        let nominal = try configuration.columnWidths(for: ["AVATAR", "To Yo"], columns: columns).columns[0]
        #expect(abs(nominal.contentWidth! - 36.95) < 1e-9)
    }

    /// A cell of several hard lines is as wide as its widest line, never its breaks measured as
    /// glyphs: "ab\ncdef\r\ng" is 4 characters wide (24 px), not 9 or more, by every strategy that
    /// measures and by the estimate (4 graphemes), in text mode and cell mode alike.
    @Test func multiLineCellsAreTheirWidestLine() throws {
        let texts = ["ab\ncdef\r\ng", "x\u{2028}yyy\u{2029}", "zz\u{85}z\u{0B}\u{0C}"]
        for strategy in [DataTableColumnWidthStrategy.maxMeasured, .maxNominal, .sampledMax(sampleSize: 2)] {
            #expect(try width(texts, strategy).contentWidth == 24, "\(strategy)")
        }
        // Graphemes of the longest lines: 4, 3 and 2; mean 3 × 5 px.
        #expect(try width(texts, .estimatedAverage(averageCharWidth: 5)).contentWidth == 15)
        var configuration = configuration(.fitContentCell(sample: .all))
        configuration.minColumnWidth = 0
        let cells = try configuration.columnWidths(for: texts, columns: [DataTableColumn("H") { $0 }]).columns[0]
        #expect(cells.contentWidth == 24)
        #expect(Self.mono.contentWidth(of: "ab\ncdef\r\ng") == 24)
        #expect(Self.mono.contentWidth(of: "abc") == Self.mono.width(of: "abc"))
    }

    @Test func maxNominalInMonospaceIsSixPixelsACharacter() throws {
        #expect(try width(["abcd", "abcdefg", "a"], .maxNominal).contentWidth == 42)
    }

    @Test func sampledMaxReadsOnlyTheSample() throws {
        // 10 rows, sample of 3: rows round(i·9/2) = 0, 5 (4.5 rounds up), 9. The widest row (7)
        // is not in it; of rows 0, 5, 9 (1, 6 and 2 characters) row 5 is the widest.
        let lengths = [1, 2, 3, 4, 5, 6, 7, 20, 8, 2]
        #expect(try width(lengths.map(text), .sampledMax(sampleSize: 3)).contentWidth == 36)
        #expect(try width(lengths.map(text), .sampledMax(sampleSize: 10)).contentWidth == 120)
        #expect(try width(lengths.map(text), .sampledMax(sampleSize: 500)).contentWidth == 120)  // at most every row
    }

    @Test func percentileIsTheNearestRankOfTheSample() throws {
        let texts = [5, 1, 4, 2, 3].map(text)  // sorted widths 6, 12, 18, 24, 30
        #expect(try width(texts, .percentileMeasured(percentile: 0.5, sampleSize: 5)).contentWidth == 18)  // ⌈2.5⌉ = 3rd
        #expect(try width(texts, .percentileMeasured(percentile: 0.4, sampleSize: 5)).contentWidth == 12)  // ⌈2⌉ = 2nd
        #expect(try width(texts, .percentileMeasured(percentile: 1, sampleSize: 5)).contentWidth == 30)
        #expect(try width(texts, .percentileMeasured(percentile: 0.01, sampleSize: 5)).contentWidth == 6)
        // Sample of 3 of the 5 rows: rows 0, 2, 4 (5, 4 and 3 characters); the median is 4.
        #expect(try width(texts, .percentileMeasured(percentile: 0.5, sampleSize: 3)).contentWidth == 24)
    }

    @Test func estimatedAverageIsTheMeanGraphemeCountTimesTheCharacterWidth() throws {
        // 1, 3, 2 ("é" as e + U+0301 is one grapheme each) and 1 (a flag) graphemes: mean 7/4.
        let texts = ["a", "abc", "e\u{301}e\u{301}", "🇫🇷"]
        #expect(try width(texts, .estimatedAverage(averageCharWidth: 7)).contentWidth == 7.0 / 4 * 7)
        #expect(try width(texts, .estimatedAverage(averageCharWidth: 8)).contentWidth == 14)
        #expect(try width([], .estimatedAverage(averageCharWidth: 7)).contentWidth == 0)
    }

    @Test func calibratedAverageUsesTheFontsOwnCharacterWidth() throws {
        // Every printable ASCII character of Noto Sans Mono is 600/1000 em: 6 px at 10 px.
        #expect(Self.mono.averageCharacterWidth == 6)
        #expect(try width(["ab", "abcd"], .calibratedAverage).contentWidth == 18)  // mean 3 graphemes × 6
    }

    @Test func hybridIsTheLargerOfEstimateAndSampledMax() throws {
        // Rows of 2, 30 and 4 characters, sample of 2 = rows 0 and 2: sampled max 24 px;
        // estimate: mean 12 graphemes × 7 = 84.
        let texts = [2, 30, 4].map(text)
        #expect(try width(texts, .hybrid(sampleSize: 2, averageCharWidth: 7)).contentWidth == 84)
        #expect(try width(texts, .hybrid(sampleSize: 2, averageCharWidth: 1)).contentWidth == 24)  // estimate 12
    }

    struct Line: Sendable, Identifiable {
        let id: Int
        let text: String
    }

    /// A layout keeps `hybrid`'s two halves as its rows change: the grapheme total of every row,
    /// and the sample of the current rows. Column 0 averages 7 px a character, column 1 1 px.
    @Test func aLayoutUpdatesBothHalvesOfHybrid() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.columnWidthModeProvider = {
            .fitContentText(strategy: .hybrid(sampleSize: 2, averageCharWidth: [7, 1][$0]))
        }
        func lines(_ counts: [Int]) -> [Line] { counts.map { Line(id: $0, text: text($0)) } }
        let columns = [DataTableColumn<Line>("H") { $0.text }, DataTableColumn<Line>("H") { $0.text }]
        // 2, 30, 4: mean 12 graphemes (84 and 12 px); sampled rows 0 and 2, widest 4 × 6 = 24.
        let layout = try DataTableLayout(rows: lines([2, 30, 4]), columns: columns, configuration: configuration)
        func contentWidths() -> [Double?] { layout.columnWidths.columns.map(\.contentWidth) }
        #expect(contentWidths() == [84, 24])
        // 2, 30, 4, 10: mean 11.5 (80.5 and 11.5 px); sampled rows 0 and 3, widest 10 × 6 = 60.
        _ = try layout.setData(lines([2, 30, 4, 10]))
        #expect(contentWidths() == [80.5, 60])
        // 2, 4, 10: mean 16/3 (37.3 and 5.3 px); sampled rows 0 and 2, widest 60.
        _ = try layout.setData(lines([2, 4, 10]))
        #expect(contentWidths() == [60, 60])
    }

    @Test func fixedStrategyIsTheContentWidthBeforePaddingClampAndHeader() throws {
        let column = try width(["abc"], .fixed(width: 100)) {
            $0.cellPadding = EdgeInsets(horizontal: 5)
            $0.maxColumnWidth = 104
        }
        #expect(column.contentWidth == 100)
        #expect(column.width == 104)  // 100 + 10 padding, clamped to 104
    }

    // MARK: Modes, header, clamping

    @Test func fixedModeIsExactWhateverTheLimitsAndHeader() throws {
        var configuration = configuration(.fixed(width: 30))
        configuration.minColumnWidth = 70
        configuration.maxColumnWidth = 80
        let widths = try configuration.columnWidths(for: ["a very long cell text"], columns: [DataTableColumn("Department") { $0 }])
        #expect(widths.columns[0].width == 30)
        #expect(widths.columns[0].contentWidth == nil)
        #expect(widths.columns[0].headerWidth == 60)
    }

    @Test func paddingAndSortIndicatorAndTheHeaderAlwaysWins() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.cellPadding = EdgeInsets(horizontal: 8, vertical: 4)
        configuration.sortIndicatorWidth = 20
        configuration.maxColumnWidth = 90
        let columns = [DataTableColumn<(String, String)>("Department") { $0.0 }, DataTableColumn("ID") { $0.1 }]
        let widths = try configuration.columnWidths(for: [("HR", "123456789")], columns: columns)
        // "Department": header 60 + 20 + 16 = 96 beats content 12 + 16 = 28, and the maximum 90.
        #expect(widths.columns[0].headerWidth == 96)
        #expect(widths.columns[0].width == 96)
        // "ID": header 12 + 20 + 16 = 48; content 54 + 16 = 70.
        #expect(widths.columns[1].headerWidth == 48)
        #expect(widths.columns[1].width == 70)
    }

    @Test func headerUsesTheHeaderFont() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.headerFont = try Self.mono.withSize(20)  // 12 px a character
        let widths = try configuration.columnWidths(for: ["a"], columns: [DataTableColumn("Name") { $0 }])
        #expect(widths.columns[0].headerWidth == 48)
        #expect(widths.columns[0].width == 48)
    }

    @Test func minimumAndMaximumClampTheContent() throws {
        let narrow = try width(["ab"], .maxMeasured) { $0.minColumnWidth = 70 }
        #expect(narrow.width == 70)
        let wide = try width([text(50)], .maxMeasured) { $0.maxColumnWidth = 200 }
        #expect(wide.contentWidth == 300)
        #expect(wide.width == 200)
        let between = try width([text(20)], .maxMeasured) { $0.minColumnWidth = 70; $0.maxColumnWidth = 200 }
        #expect(between.width == 120)
        #expect(try width(["abc"], .maxMeasured) { $0.minColumnWidth = 18; $0.maxColumnWidth = 18 }.width == 18)
    }

    @Test func defaultsAreSwiftDataTablesDefaults() {
        let configuration = DataTableConfiguration(font: Self.mono)
        #expect(configuration.columnWidthMode == .fitContentText(strategy: .estimatedAverage(averageCharWidth: 7)))
        #expect(configuration.minColumnWidth == 70)
        #expect(configuration.maxColumnWidth == nil)
        #expect(configuration.shouldContentWidthScaleToFillFrame)
        #expect(configuration.columnWidthModeProvider == nil)
        #expect(configuration.headerFont == Self.mono)
    }

    @Test func providerOverridesAndNilFallsBack() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.columnWidthModeProvider = { column in
            switch column {
            case 0: .fixed(width: 50)
            case 2: .fitContentText(strategy: .estimatedAverage(averageCharWidth: 10))
            default: nil
            }
        }
        let columns = (0..<3).map { index in DataTableColumn<[String]>("H") { $0[index] } }
        let widths = try configuration.columnWidths(for: [["abcdefghijkl", "abcd", "abcdef"]], columns: columns)
        #expect(widths.widths == [50, 24, 60])
        #expect(widths.columns.map(\.mode) == [
            .fixed(width: 50), .fitContentText(strategy: .maxMeasured),
            .fitContentText(strategy: .estimatedAverage(averageCharWidth: 10)),
        ])
    }

    @Test func columnsFromKeyPathsAndFormatters() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.shouldContentWidthScaleToFillFrame = false
        let columns: [DataTableColumn<Item>] = [
            .init("#") { String($0.name.count) },
            .init("Name", \.name),
            .init("Price", \.price),  // description: "1234.5"
            .init("Formatted", \.price) { "$" + String(Int($0)) },
        ]
        let widths = try configuration.columnWidths(for: [Item(name: "Widget", price: 1234.5)], columns: columns)
        #expect(widths.columns.map(\.contentWidth) == [6, 36, 36, 30])
        #expect(widths.columns.map(\.title) == ["#", "Name", "Price", "Formatted"])
    }

    // MARK: Scale to fill

    @Test func scaleToFillSharesTheGapInProportion() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        let columns = (0..<3).map { index in DataTableColumn<[String]>("H") { $0[index] } }
        let rows = [[text(10), text(20), text(30)]]  // 60, 120, 180: 360 in all
        let widths = try configuration.columnWidths(for: rows, columns: columns, frameWidth: 720)
        #expect(widths.widths == [120, 240, 360])
        #expect(widths.columns.map(\.fittedWidth) == [60, 120, 180])
        #expect(try configuration.columnWidths(for: rows, columns: columns, frameWidth: 300).widths == [60, 120, 180])
        #expect(try configuration.columnWidths(for: rows, columns: columns).widths == [60, 120, 180])
        configuration.shouldContentWidthScaleToFillFrame = false
        #expect(try configuration.columnWidths(for: rows, columns: columns, frameWidth: 720).widths == [60, 120, 180])
    }

    @Test(arguments: [1000.0 / 3, 1234.567, 999.999, 10_000.1, 361, 700.7])
    func scaledWidthsSumToTheFrameExactly(frame: Double) {
        let cases: [[Double]] = [[60, 120, 180], [70.3, 0.1, 99.9, 13.37, 0], [1.0 / 3, 2.0 / 3, 5.0 / 7]]
        for widths in cases {
            let scaled = ScaleToFill.scale(widths, toFill: frame)
            guard widths.reduce(0, +) < frame else {
                #expect(scaled == widths)  // already as wide as the frame: nothing shrinks
                continue
            }
            #expect(scaled.reduce(0, +) == frame)
            let ratios = zip(scaled, widths).dropLast().filter { $0.1 > 0 }.map { $0.0 / $0.1 }
            for ratio in ratios { #expect(abs(ratio - frame / widths.reduce(0, +)) < 1e-9) }
        }
        #expect(ScaleToFill.scale([0, 0, 0, 0], toFill: 100) == [25, 25, 25, 25])
        #expect(ScaleToFill.scale([], toFill: 100) == [])
    }

    // MARK: Speed contracts

    @Test func sampledStrategiesNeverFormatUnsampledRows() throws {
        let read = Mutex<[Int]>([])
        let column = DataTableColumn<Int>("H") { row in
            read.withLock { $0.append(row) }
            return String(row)
        }
        let rows = Array(0..<1000)
        for strategy in [DataTableColumnWidthStrategy.sampledMax(sampleSize: 5), .percentileMeasured(percentile: 0.9, sampleSize: 5)] {
            read.withLock { $0 = [] }
            _ = try configuration(.fitContentText(strategy: strategy)).columnWidths(for: rows, columns: [column])
            #expect(read.withLock { $0 } == [0, 250, 500, 749, 999])  // round(i·999/4): 249.75 → 250, 749.25 → 749
        }
        read.withLock { $0 = [] }
        _ = try configuration(.fixed(width: 40)).columnWidths(for: rows, columns: [column])
        #expect(read.withLock { $0 }.isEmpty)
        _ = try configuration(.fitContentText(strategy: .fixed(width: 40))).columnWidths(for: rows, columns: [column])
        #expect(read.withLock { $0 }.isEmpty)
    }

    @Test func eachDistinctTextIsShapedOnce() throws {
        let cache = WidthCache(capacity: 1000)
        let rows = (0..<3000).map { ["red", "green", "blue", "e\u{301}", "\u{E9}"][$0 % 5] }  // é two ways: two texts
        let configuration = configuration(.fitContentText(strategy: .maxMeasured))
        let widths = try configuration.columnWidths(for: rows, columns: [DataTableColumn("Colour") { $0 }], cache: cache)
        #expect(widths.columns[0].contentWidth == 30)
        #expect(cache.statistics.misses == 6)  // five cell texts and the title
        #expect(cache.statistics.hits == 0)
    }

    @Test func progressCountsEveryCellRead() throws {
        var configuration = configuration(.fitContentText(strategy: .maxMeasured))
        configuration.columnWidthModeProvider = { column in
            [nil, .fitContentText(strategy: .sampledMax(sampleSize: 7)), .fixed(width: 9),
             .fitContentText(strategy: .hybrid(sampleSize: 3, averageCharWidth: 7))][column]
        }
        let rows = (0..<40_000).map { String($0) }
        let columns = (0..<4).map { _ in DataTableColumn<String>("H") { $0 } }
        var reports: [DataTableColumnWidthProgress] = []
        _ = try configuration.columnWidths(for: rows, columns: columns) { reports.append($0) }
        let total = 40_000 + 7 + 0 + (40_000 + 3)
        #expect(reports.allSatisfy { $0.totalCells == total })
        #expect(reports.last?.completedCells == total)
        #expect(reports.last?.fractionCompleted == 1)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.completedCells < $1.completedCells })
        #expect(Set(reports.map(\.column)) == [0, 1, 3])
        // Batches of 16,384 cells: 3 for column 0, 1 for column 1, 3 + 1 for column 3.
        #expect(reports.count == 8)
    }
}
