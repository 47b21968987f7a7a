import CellLayout
import DataTables
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `DataTableLayout` cases worked out by hand, the first four from SwiftDataTables'
/// documentation. Rows are boxes of their height `h` (nothing else in the row), so a measured
/// row is exactly `h` tall; no header, padding or spacing unless a test sets them.
@Suite struct DataTableLayoutTests {
    struct Item: Identifiable, Sendable, Equatable {
        let id: Int
        var h: Double
        var note = ""
    }

    static let mono = MonoTable.mono
    static let line = MonoTable.line
    static func grid(_ height: Double) -> Double { MonoTable.grid(height) }

    static let boxColumn = DataTableColumn<Item>("H", text: { "\($0.h)" }) { .box(width: 10, height: $0.h) }
    static let noteColumn = DataTableColumn<Item>("Note", \.note)

    static func configuration(estimate: Double = 44, window: Int = 0) -> DataTableConfiguration {
        MonoTable.unpadded(estimate: estimate, window: window)
    }

    static func rows(_ count: Int, h: Double = 50) -> [Item] { (0..<count).map { Item(id: $0, h: h) } }

    func layout(_ rows: [Item], viewport: Double, configuration: DataTableConfiguration = configuration(),
                columns: [DataTableColumn<Item>] = [boxColumn]) throws -> DataTableLayout<Item> {
        try DataTableLayout(rows: rows, columns: columns, configuration: configuration, viewportHeight: viewport)
    }

    /// Where row `id` shows on screen: its offset less the viewport's.
    func screenY(_ layout: DataTableLayout<Item>, id: Int) -> Double {
        layout.offset(ofRow: layout.rows.firstIndex { $0.id == id }!) - layout.contentOffset
    }

    @Test func insertingThreeRowsAboveTheAnchorKeepsItStill() throws {
        let table = try layout(Self.rows(100), viewport: 200, configuration: Self.configuration(estimate: 50))
        table.scroll(to: 50 * 50 + 20)  // 20 points into row 50
        #expect(screenY(table, id: 50) == -20)
        try table.setData([Item(id: 1000, h: 80), Item(id: 1001, h: 80), Item(id: 1002, h: 80)] + table.rows)
        #expect(screenY(table, id: 50) == -20)  // the user sees what they saw
        #expect(table.contentOffset == 53 * 50 + 20)  // three estimated rows above, 50 each
    }

    @Test func deletingTheAnchorRowLandsOnItsNeighbour() throws {
        let table = try layout(Self.rows(100), viewport: 200, configuration: Self.configuration(estimate: 50))
        table.scroll(to: 50 * 50 + 20)
        var rows = table.rows
        rows.remove(at: 50)
        let changes = try table.setData(rows)
        #expect(changes.deletedRows == [50])
        #expect(table.row(atOffset: table.contentOffset).map { table.rows[$0].id } == 51)  // the next row takes its place
        #expect(screenY(table, id: 51) == -20)
    }

    @Test func aRowGoingFrom50To100ShiftsTheRowsBelowBy50() throws {
        let table = try layout(Self.rows(20), viewport: 1000, configuration: Self.configuration(estimate: 50))
        let before = (0..<20).map(table.offset(ofRow:))
        var rows = table.rows
        rows[5].h = 100
        let changes = try table.setData(rows)
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 5, column: 0)])
        #expect(table.height(ofRow: 5) == 100)  // in view: measured again at once
        #expect((0..<20).map(table.offset(ofRow:)) == before.enumerated().map { $0.offset > 5 ? $0.element + 50 : $0.element })
        #expect(table.contentHeight == 20 * 50 + 50)
    }

    @Test func oneEditedCellIn50000RowsReloadsExactlyThatCell() throws {
        let rows = (0..<50_000).map { Item(id: $0, h: 20, note: "n\($0)") }
        var configuration = Self.configuration(estimate: 20)
        configuration.rowHeightMode = .fixed(20)
        let table = try layout(rows, viewport: 400, configuration: configuration, columns: [Self.boxColumn, Self.noteColumn])
        var edited = rows
        edited[31_337].note = "changed"
        let changes = try table.setData(edited)
        #expect(changes.reloadedCells == [DataTableChangeSet.Cell(row: 31_337, column: 1)])
        #expect(changes.insertedRows.isEmpty && changes.deletedRows.isEmpty && changes.movedRows.isEmpty)
        #expect(!changes.reloadedEverything)
    }

    @Test func lazyMeasurementMeasuresTheViewAndThePrefetchWindowOnly() throws {
        // SwiftDataTables' table: rows 0–20 visible with a window of 10 → rows 0–30 measured;
        // rows 100–120 visible → rows 90–130.
        let table = try layout(Self.rows(1_000, h: 44), viewport: 20 * 44, configuration: Self.configuration(estimate: 44, window: 10))
        #expect(table.visibleRows == 0..<20)
        #expect((0..<1_000).filter(table.isMeasured(row:)) == Array(0..<30))
        table.scroll(to: 100 * 44)
        #expect(table.visibleRows == 100..<120)
        #expect((0..<1_000).filter(table.isMeasured(row:)) == Array(0..<30) + Array(90..<130))
    }

    @Test func measuringRowsAboveTheAnchorDoesNotMoveIt() throws {
        // Rows are 80 tall but estimated at 40: measuring the window above row 60 grows it by 40
        // a row, and the viewport moves down by as much.
        let table = try layout(Self.rows(200, h: 80), viewport: 100, configuration: Self.configuration(estimate: 40, window: 3))
        table.scroll(to: table.offset(ofRow: 60) + 10)  // rows 0–5, measured at the start, are 80
        let anchor = table.row(atOffset: table.contentOffset).map { table.rows[$0].id }
        #expect(anchor == 60)
        #expect(screenY(table, id: 60) == -10)
        #expect((57..<60).allSatisfy(table.isMeasured(row:)))
    }

    @Test func remeasureRowIgnoresHalfAPointAndFixedHeights() throws {
        var rows = Self.rows(3, h: 44.4)
        rows[2].h = 60
        let table = try layout(rows, viewport: 0, configuration: Self.configuration(estimate: 44))
        #expect(table.remeasureRow(0) == false)  // 0.4 from the estimate: nothing moved much…
        #expect(table.height(ofRow: 0) == Self.grid(44.4))  // …but a row measured for the first time takes its height
        #expect(table.isMeasured(row: 0))
        let grown = try layout([Item(id: 0, h: 44.4)], viewport: 100, configuration: Self.configuration(estimate: 44))
        #expect(grown.height(ofRow: 0) == Self.grid(44.4))  // measured on coming into view
        try grown.setData([Item(id: 0, h: 44.8)], animatingDifferences: true)  // a changed cell: measured again
        #expect(grown.height(ofRow: 0) == Self.grid(44.8))
        #expect(table.remeasureRow(2) == true)
        #expect(table.height(ofRow: 2) == 60)
        var fixed = Self.configuration()
        fixed.rowHeightMode = .fixed(30)
        let fixedTable = try layout(rows, viewport: 100, configuration: fixed)
        #expect(fixedTable.remeasureRow(2) == false)
        #expect((0..<3).map(fixedTable.height(ofRow:)) == [30, 30, 30])
    }

    @Test func aProvidedHeightOverridesTheMode() throws {
        let table = try DataTableLayout(rows: Self.rows(4), columns: [Self.boxColumn], configuration: Self.configuration(),
                                        viewportHeight: 500, rowHeightProvider: { _, index in index == 1 ? 80 : nil })
        #expect((0..<4).map(table.height(ofRow:)) == [50, 80, 50, 50])
        #expect(!table.isMeasured(row: 1))
        #expect(table.remeasureRow(1) == false)
    }

    @Test func duplicateIDsAreRefusedAndNothingChanges() throws {
        let table = try layout(Self.rows(5), viewport: 500)
        let before = (table.rows, table.contentHeight)
        #expect(throws: DataTableUpdateError(id: "3", firstIndex: 3, secondIndex: 5)) {
            try table.setData(Self.rows(5) + [Item(id: 3, h: 10)])
        }
        #expect(table.rows == before.0 && table.contentHeight == before.1)
        #expect(throws: DataTableUpdateError(id: "0", firstIndex: 0, secondIndex: 1)) {
            _ = try DataTableLayout(rows: [Item(id: 0, h: 1), Item(id: 0, h: 2)], columns: [Self.boxColumn],
                                    configuration: Self.configuration())
        }
    }

    /// IDs that are their rows' indices are kept as nothing (`RowIndexByID`): an ID outside the
    /// rows is still no row, and once the rows move the IDs find their new places.
    @Test func idsThatAreIndicesFindTheirRows() throws {
        let table = try layout(Self.rows(5), viewport: 500)
        #expect((-1...5).map { table.index(ofRowWithID: $0) } == [nil, 0, 1, 2, 3, 4, nil])
        try table.setData(Self.rows(5).reversed())
        #expect((-1...5).map { table.index(ofRowWithID: $0) } == [nil, 4, 3, 2, 1, 0, nil])
        try table.setData([Item(id: 0, h: 50), Item(id: 1, h: 50), Item(id: 7, h: 50)])
        #expect([0, 1, 2, 3, 4, 7].map { table.index(ofRowWithID: $0) } == [0, 1, nil, nil, nil, 2])
        try table.setData(Self.rows(2))
        #expect((-1...2).map { table.index(ofRowWithID: $0) } == [nil, 0, 1, nil])
    }

    @Test func sortingKeepsHeightsWithTheirRows() throws {
        let rows = [Item(id: 0, h: 30, note: "c"), Item(id: 1, h: 60, note: "a"), Item(id: 2, h: 90, note: "b")]
        let table = try layout(rows, viewport: 1_000, columns: [Self.boxColumn, Self.noteColumn])
        let changes = table.sort(byColumn: 1)
        #expect(table.rows.map(\.id) == [1, 2, 0])
        #expect((0..<3).map(table.height(ofRow:)) == [60, 90, 30])
        #expect((0..<3).allSatisfy(table.isMeasured(row:)))
        #expect(changes.movedRows == [DataTableChangeSet.Move(from: 0, to: 2)])  // 1 and 2 keep their order
        table.sort(byColumn: 1, ascending: false)
        #expect(table.rows.map(\.id) == [0, 2, 1])
    }

    @Test func aWidthChangeUnmeasuresExactlyTheRowsItCanChange() throws {
        // Wrapped notes at 60 px (10 characters) and then at 30 px (5): a note of at most 5
        // characters is one line at both widths and stays measured.
        var configuration = Self.configuration()
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fitContentText(strategy: .fixed(width: 30))
        configuration.minColumnWidth = 0
        configuration.sortIndicatorWidth = 0
        let notes = ["abc", "abcde", "abcdefgh", "abc defgh ij"]
        let rows = notes.enumerated().map { Item(id: $0.offset, h: 0, note: $0.element) }
        let table = try DataTableLayout(rows: rows, columns: [Self.noteColumn], configuration: configuration,
                                        frameWidth: 60, viewportHeight: 1_000)
        #expect(table.columnWidths.widths == [60])
        #expect((0..<4).map(table.height(ofRow:)) == [Self.line, Self.line, Self.line, 2 * Self.line].map(Self.grid))
        table.resizeViewport(height: 0)
        try table.setFrameWidth(nil)  // back to the fitted 30
        #expect(table.columnWidths.widths == [30])
        #expect((0..<4).map(table.isMeasured(row:)) == [true, true, false, false])
        table.resizeViewport(height: 1_000)
        #expect((0..<4).map(table.height(ofRow:)) == [Self.line, Self.line, 2 * Self.line, 3 * Self.line].map(Self.grid))
    }

    @Test func offsetsHonourTheHeaderAndSpacing() throws {
        var configuration = Self.configuration()
        configuration.headerHeight = 30
        configuration.rowSpacing = 5
        let table = try layout(Self.rows(3), viewport: 1_000, configuration: configuration)
        #expect((0..<3).map(table.offset(ofRow:)) == [30, 85, 140])
        #expect(table.contentHeight == 190)
        #expect(table.row(atOffset: 10) == nil)  // the header
        #expect(table.row(atOffset: 30) == 0)
        #expect(table.row(atOffset: 84.9) == 0)  // the spacing below a row is the row's
        #expect(table.row(atOffset: 85) == 1)
        #expect(table.row(atOffset: 190) == nil)
    }

    @Test func badRowSettingsAreTypedErrors() throws {
        var configuration = Self.configuration()
        configuration.rowHeightMode = .fixed(-1)
        #expect(throws: DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: .rowHeight,
                                                     value: -1, requirement: "a number from 0 to 1e9")) {
            try layout(Self.rows(2), viewport: 100, configuration: configuration)
        }
        configuration = Self.configuration()
        configuration.rowSpacing = .nan
        #expect(throws: DataTableConfigurationError.self) { try layout(Self.rows(2), viewport: 100, configuration: configuration) }
        configuration = Self.configuration()
        configuration.rowHeightMode = .automatic(estimated: 0)  // rows that never come into view
        #expect(throws: DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: .rowHeight,
                                                     value: 0, requirement: "a number above 0, at most 1e9")) {
            try layout(Self.rows(2), viewport: 100, configuration: configuration)
        }
        configuration.rowHeightMode = .automatic(estimated: 10, prefetchWindow: .max)  // no overflow
        #expect(try layout(Self.rows(3), viewport: 10, configuration: configuration).isMeasured(row: 2) == true)
    }
}

extension DataTableLayoutTests {
    @Test func sortingByAnOrderOfOurOwn() throws {
        let rows = [Item(id: 0, h: 90), Item(id: 1, h: 30), Item(id: 2, h: 60), Item(id: 3, h: 30)]
        let table = try layout(rows, viewport: 1_000)
        table.sort { $0.h < $1.h }
        #expect(table.rows.map(\.id) == [1, 3, 2, 0])  // stable: 1 before 3
        #expect((0..<4).map(table.height(ofRow:)) == [30, 30, 60, 90])
        table.sort(byColumn: 0)  // as text: "30.0" < "60.0" < "90.0"
        #expect(table.rows.map(\.id) == [1, 3, 2, 0])
        #expect(table.sort(byColumn: 5).isEmpty)
    }
}
