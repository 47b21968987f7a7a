import CellLayout
import Synchronization
import Testing
import TextMeasure
@testable import DataTables

/// Automatic table layout (CSS Tables 3, as Chromium does it), worked out by hand. Noto Sans Mono
/// advances every character used here by 600/1000 em (hb-shape: `a=0+600|b=1+600|space=2+600`),
/// so at 10 px a text of n characters is exactly 6n px wide. Unless a test says otherwise: 8 px
/// padding on each side (16 a column), a 20 px sort indicator, no minimum.
@Suite struct AutomaticTableLayoutTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])

    struct Note: Sendable, Identifiable {
        let id: Int
        let name: String
        let notes: String
    }

    /// "Name" (header 4 × 6 + 20 + 16 = 60): "Bartholomew" is one unbreakable segment of 11
    /// characters, so min = max = 66 + 16 = 82.
    /// "Notes" (header 5 × 6 + 20 + 16 = 66): the widest segment is "extraordinary" (13 × 6 =
    /// 78, + 16 = 94); the widest line "an extraordinary day" (20 × 6 = 120, + 16 = 136).
    static let notes = [
        Note(id: 0, name: "Ann", notes: "The quick brown fox"),
        Note(id: 1, name: "Bartholomew", notes: "an extraordinary day"),
        Note(id: 2, name: "Cy", notes: "well-known"),
    ]
    static let columns = [DataTableColumn<Note>("Name", \.name), DataTableColumn<Note>("Notes", \.notes)]

    func configuration(_ strategy: DataTableColumnWidthStrategy = .maxMeasured) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.tableLayout = .automatic
        configuration.columnWidthMode = .fitContentText(strategy: strategy)
        configuration.minColumnWidth = 0
        configuration.cellPadding = EdgeInsets(horizontal: 8, vertical: 0)
        configuration.sortIndicatorWidth = 20
        configuration.textLayout = .wrap
        return configuration
    }

    func widths(_ configuration: DataTableConfiguration, frame: Double?) throws -> DataTableColumnWidths {
        try configuration.columnWidths(for: Self.notes, columns: Self.columns, frameWidth: frame)
    }

    // MARK: Intrinsic widths

    @Test func minAndMaxContentWidthsOfHandWorkedCells() throws {
        let columns = try widths(configuration(), frame: nil).columns
        #expect(columns.map(\.minContentWidth) == [82, 94])
        #expect(columns.map(\.maxContentWidth) == [82, 136])
        #expect(columns.map(\.width) == [82, 136])  // no frame: every column at max-content
        #expect(columns.map(\.headerWidth) == [60, 66])
    }

    /// A layout held at widths measured beforehand (as the command makes its layouts) reports the
    /// intrinsic widths they were measured with: a `.fixed` column's min-content width is its width
    /// (200 px: 82, and the rest, 118, to "Notes"), and after `report(asMeasured:)` it has the
    /// hand-worked 82/94 and 82/136 at those widths,
    /// as a layout that measured its columns itself; narrowed, it keeps them.
    @Test func aLayoutHeldAtMeasuredWidthsReportsTheirIntrinsicWidths() throws {
        let measured = try widths(configuration(), frame: 200)
        var held = configuration()
        held.columnWidthModeProvider = { .fixed(width: measured.widths[$0]) }
        let layout = try DataTableLayout(rows: Self.notes, columns: Self.columns, configuration: held)
        #expect(layout.columnWidths.columns.map(\.minContentWidth) == [82, 118])
        layout.report(asMeasured: measured)
        #expect(layout.columnWidths.columns.map(\.minContentWidth) == [82, 94])
        #expect(layout.columnWidths.columns.map(\.maxContentWidth) == [82, 136])
        let own = try DataTableLayout(rows: Self.notes, columns: Self.columns, configuration: configuration(), frameWidth: 200)
        #expect(layout.columnWidths == own.columnWidths)
        var narrower = held
        narrower.columnWidthModeProvider = { .fixed(width: $0 == 1 ? 100 : measured.widths[$0]) }
        try layout.reloadEverything(configuration: narrower)
        #expect(layout.columnWidths.widths == [measured.widths[0], 100])
        #expect(layout.columnWidths.columns.map(\.maxContentWidth) == [82, 136])
    }

    /// UAX #14 breaks after a hyphen ("well-" | "known": 5 characters each, 30 px) and at a hard
    /// break; a hard line is as wide as its widest line ("cdefgh ij", 54 px), its widest
    /// unbreakable segment "cdefgh" (36 px).
    @Test func segmentsEndAtHyphensAndLinesAtHardBreaks() throws {
        var configuration = configuration()
        configuration.cellPadding = EdgeInsets()
        configuration.sortIndicatorWidth = 0
        let column = [DataTableColumn<String>("H") { $0 }]
        let hyphen = try configuration.columnWidths(for: ["well-known"], columns: column).columns[0]
        #expect(hyphen.minContentWidth == 30)
        #expect(hyphen.maxContentWidth == 60)
        let lines = try configuration.columnWidths(for: ["ab\ncdefgh ij"], columns: column).columns[0]
        #expect(lines.minContentWidth == 36)
        #expect(lines.maxContentWidth == 54)
    }

    /// The widest min-content need not be in the widest line: "a b c … n" is 27 characters wide
    /// (162 px) but no word is wider than 6 px, "extraordinary" 78 px both ways. Every strategy
    /// that reads every row finds 78 + 16, whichever rows it prepares.
    @Test func theWidestSegmentNeedNotBeInTheWidestLine() throws {
        let texts = ["a b c d e f g h i j k l m n", "tiny", "extraordinary", "x"]
        let column = [DataTableColumn<String>("H") { $0 }]
        for strategy in [DataTableColumnWidthStrategy.maxMeasured, .percentileMeasured(percentile: 1, sampleSize: 4), .maxNominal] {
            let width = try configuration(strategy).columnWidths(for: texts, columns: column).columns[0]
            #expect(width.minContentWidth == 94, "\(strategy)")
            #expect(width.maxContentWidth == 178, "\(strategy)")
        }
    }

    /// A header never wraps: "Identifier" (10 × 6 + 20 + 16 = 96) is both widths of a column
    /// whose cells are narrower.
    @Test func theHeaderIsBothWidthsWhenItIsWider() throws {
        let column = [DataTableColumn<String>("Identifier") { $0 }]
        let width = try configuration().columnWidths(for: ["a b", "c"], columns: column).columns[0]
        #expect(width.minContentWidth == 96)
        #expect(width.maxContentWidth == 96)
    }

    // MARK: Distribution

    /// A: min 50, max 100; B: min 100, max 300; C: fixed 40. Σmin = 190, Σmax = 440.
    static let three = [
        AutomaticTableLayout.Column(minContent: 50, maxContent: 100, isFixed: false),
        AutomaticTableLayout.Column(minContent: 100, maxContent: 300, isFixed: false),
        AutomaticTableLayout.Column(minContent: 40, maxContent: 40, isFixed: true),
    ]

    @Test func belowTheMinContentSumEveryColumnIsAtMinContent() {
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 150, scaleToFill: true) == [50, 100, 40])
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 190, scaleToFill: true) == [50, 100, 40])
    }

    /// Frame 315: (315 − 190) ÷ (440 − 190) = 0.5 of each column's max − min: A 50 + 25, B 100 + 100.
    @Test func betweenTheSumsEachColumnGetsItsShareOfMaxMinusMin() {
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 315, scaleToFill: true) == [75, 200, 40])
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 315, scaleToFill: false) == [75, 200, 40])
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 440, scaleToFill: false) == [100, 300, 40])
    }

    /// Frame 640: 200 more than Σmax, shared by A and B in proportion to max (100 : 300): 50 and
    /// 150; the fixed column keeps 40. Without scale to fill every column stays at max.
    @Test func aboveTheMaxContentSumTheRestGoesInProportionToMaxContent() {
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 640, scaleToFill: true) == [150, 450, 40])
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: 640, scaleToFill: false) == [100, 300, 40])
        #expect(AutomaticTableLayout.widths(of: Self.three, frame: nil, scaleToFill: true) == [100, 300, 40])
        // Only fixed columns: they grow, in proportion to their widths (40 : 60 of 200).
        let fixed = [AutomaticTableLayout.Column(minContent: 40, maxContent: 40, isFixed: true),
                     AutomaticTableLayout.Column(minContent: 60, maxContent: 60, isFixed: true)]
        #expect(AutomaticTableLayout.widths(of: fixed, frame: 200, scaleToFill: true) == [80, 120])
    }

    /// The table of `notes`: Σmin = 82 + 94 = 176, Σmax = 82 + 136 = 218.
    @Test func theNotesTableInAllThreeRanges() throws {
        let configuration = configuration()
        #expect(try widths(configuration, frame: 100).widths == [82, 94])  // wider than the frame: 176
        // 197: (197 − 176) ÷ (218 − 176) = 0.5 → Notes 94 + 21.
        #expect(try widths(configuration, frame: 197).widths == [82, 115])
        // 300: 82 × 300 ÷ 218 and 136 × 300 ÷ 218.
        let wide = try widths(configuration, frame: 300).widths
        #expect(abs(wide[0] - 82 * 300 / 218.0) < 1e-9 && abs(wide[1] - 136 * 300 / 218.0) < 1e-9)
    }

    /// At frame 197 the Notes column is 115 px, 99 inside its padding: 16 characters. "The quick
    /// brown fox" (19) and "an extraordinary day" (20) take two lines, so their rows are twice
    /// as tall as at frame 300 (171 px inside: one line each); "well-known" stays one line.
    @Test func rowsWrapAtTheWidthsThatResult() throws {
        let narrow = try DataTableLayout(rows: Self.notes, columns: Self.columns, configuration: configuration(), frameWidth: 197)
        let wide = try DataTableLayout(rows: Self.notes, columns: Self.columns, configuration: configuration(), frameWidth: 300)
        narrow.measureRows(0..<3)
        wide.measureRows(0..<3)
        #expect(narrow.columnWidths.widths == [82, 115])
        let line = wide.height(ofRow: 2)
        #expect(line > 0)
        // Heights lie on a grid of 2⁻²⁰ pt, so two lines may differ from twice one by a step.
        func close(_ heights: [Double], _ expected: [Double]) -> Bool {
            zip(heights, expected).allSatisfy { abs($0 - $1) <= 1e-5 }
        }
        #expect(close((0..<3).map { wide.height(ofRow: $0) }, [line, line, line]))
        #expect(close((0..<3).map { narrow.height(ofRow: $0) }, [2 * line, 2 * line, line]))
    }

    // MARK: minColumnWidth, maxColumnWidth, fixed

    @Test func minAndMaxColumnWidthClampBothWidthsAndTheHeaderStillWins() throws {
        var configuration = configuration()
        configuration.maxColumnWidth = 100
        #expect(try widths(configuration, frame: nil).columns.map(\.minContentWidth) == [82, 94])
        #expect(try widths(configuration, frame: nil).columns.map(\.maxContentWidth) == [82, 100])
        configuration.maxColumnWidth = 50  // below both headers: 60 and 66 win
        #expect(try widths(configuration, frame: nil).columns.map(\.minContentWidth) == [60, 66])
        #expect(try widths(configuration, frame: nil).columns.map(\.maxContentWidth) == [60, 66])
        configuration.maxColumnWidth = nil
        configuration.minColumnWidth = 120
        #expect(try widths(configuration, frame: nil).columns.map(\.minContentWidth) == [120, 120])
        #expect(try widths(configuration, frame: nil).columns.map(\.maxContentWidth) == [120, 136])
    }

    /// A `.fixed` column is exactly its width, min and max alike, narrower than its header
    /// included; it keeps it in every range while another column takes the rest.
    @Test func aFixedColumnKeepsItsWidth() throws {
        var configuration = configuration()
        configuration.columnWidthModeProvider = { $0 == 0 ? .fixed(width: 40) : nil }
        let columns = try widths(configuration, frame: nil).columns
        #expect(columns[0].minContentWidth == 40 && columns[0].maxContentWidth == 40)
        #expect(try widths(configuration, frame: 100).widths == [40, 94])
        #expect(try widths(configuration, frame: 155).widths == [40, 115])  // (155 − 134) ÷ 42 = 0.5
        #expect(try widths(configuration, frame: 400).widths == [40, 360])
    }

    // MARK: Strategies

    /// sampledMax(2) reads rows 0 and 2 only, for both widths: "The quick brown fox" (min
    /// "quick" 30, max 114) and "well-known" (min 30, max 60), + 16; the header (66) raises the
    /// min-content width 46.
    @Test func aSampleIsReadForBothWidths() throws {
        let read = Mutex<Set<Int>>([])
        let columns = [DataTableColumn<Note>("Notes") { note in
            read.withLock { _ = $0.insert(note.id) }
            return note.notes
        }]
        let column = try configuration(.sampledMax(sampleSize: 2)).columnWidths(for: Self.notes, columns: columns).columns[0]
        #expect(read.withLock { $0 } == [0, 2])
        #expect(column.minContentWidth == 66)
        #expect(column.maxContentWidth == 130)
    }

    /// An estimate estimates both: the mean grapheme count of each cell's longest line (19, 20
    /// and 10: 49 ÷ 3) and of its longest word ("quick" 5, "extraordinary" 13, "well-known"
    /// 10: 28 ÷ 3), × 6 px.
    @Test func anEstimateEstimatesBothWidths() throws {
        let column = try widths(configuration(.estimatedAverage(averageCharWidth: 6)), frame: nil).columns[1]
        #expect(abs(column.maxContentWidth! - (49.0 / 3 * 6 + 16)) < 1e-9)
        #expect(abs(column.minContentWidth! - (28.0 / 3 * 6 + 16)) < 1e-9)
    }

    /// The cell mode takes each cell's min-content beside its fitting width: a 10 px box, 4 px
    /// apart from a wrapping text "ab cdef" is 10 + 4 + 42 = 56 wide on one line and 10 + 4 + 24
    /// ("cdef") = 38 at its narrowest; + 16 padding. The header "C" is 6 + 20 + 16 = 42.
    @Test func cellsGiveTheirMinContentWidth() throws {
        let columns = [DataTableColumn<String>("C", text: { $0 }) { text in
            .hstack(spacing: 4) {
                CellNode.box(width: 10, height: 10)
                CellNode.text(text, stack: Self.mono, wraps: true)
            }
        }]
        var configuration = configuration()
        configuration.columnWidthMode = .fitContentCell(sample: .all)
        let column = try configuration.columnWidths(for: ["ab cdef", "x"], columns: columns).columns[0]
        #expect(column.minContentWidth == 54)
        #expect(column.maxContentWidth == 72)
    }

    /// maxNominal's min-content is its widest segment by nominal advances: "extraordinary".
    @Test func nominalWidthsGiveBothWidths() throws {
        let column = try widths(configuration(.maxNominal), frame: nil).columns[1]
        #expect(column.minContentWidth == 94)
        #expect(column.maxContentWidth == 136)
    }

    /// A layout keeps both widths up to date as rows change: a row with a longer word raises
    /// the min-content width ("unbelievableness", 16 × 6 + 16 = 112), removing it lowers it again.
    @Test func aLayoutUpdatesMinContentWithItsRows() throws {
        let layout = try DataTableLayout(rows: Self.notes, columns: Self.columns, configuration: configuration(), frameWidth: 197)
        #expect(layout.columnWidths.columns[1].minContentWidth == 94)
        _ = try layout.setData(Self.notes + [Note(id: 3, name: "Di", notes: "unbelievableness")])
        #expect(layout.columnWidths.columns[1].minContentWidth == 112)
        #expect(layout.columnWidths.columns[1].maxContentWidth == 136)
        _ = try layout.setData(Self.notes)
        #expect(layout.columnWidths.columns[1].minContentWidth == 94)
    }

    /// The calculator walks a column's texts down from the widest max-content by whole points:
    /// 70,000 (past the 65,536 points of the last bucket), 10, 9.99, 3.5 and 3.2 (both 3, in
    /// index order), 0; each position's bound is the top of its point (infinity for the last bucket).
    @Test func widthBucketsGoWidestFirstByWholePoints() {
        let buckets = WidthBuckets([3.5, 70_000, 3.2, 10, 0, 9.99, -1, .nan])
        #expect((0..<buckets.count).map { buckets[$0] } == [1, 3, 5, 0, 2, 4, 6, 7])
        #expect((0..<buckets.count).map { buckets.bound(at: $0) } == [.infinity, 11, 10, 4, 4, 1, 1, 1])
    }
}
