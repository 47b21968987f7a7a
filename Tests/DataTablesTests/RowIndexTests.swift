import DataTables
import Testing
import TextMeasure

/// Every `DataTableLayout` member that takes a row index has one rule: an index outside the
/// table is a programming error, and it traps with a message naming the index and the row count,
/// as `Array` does. `offset(ofRow:)` also takes `rowCount`: the end of the content.
@Suite struct RowIndexTests {
    struct Item: Identifiable, Sendable { let id: Int }

    /// 100 rows of a fixed 30 pt, 2 pt apart, below the default 44-pt header.
    static func table() -> DataTableLayout<Item> {
        var configuration = DataTableConfiguration(font: try! FontStack([Font.bundled(.notoSansMono, size: 10)]))
        configuration.rowHeightMode = .fixed(30)
        configuration.rowSpacing = 2
        return try! DataTableLayout(rows: (0..<100).map(Item.init), columns: [DataTableColumn("ID") { "\($0.id)" }],
                                    configuration: configuration)
    }

    static let outOfRange = "row index 100 out of range: the table has 100 rows"

    /// The line of the child's standard error that says why it stopped
    /// ("DataTables/DataTableLayout.swift:141: Precondition failed: row index …").
    static func reason(_ result: ExitTest.Result?) -> String {
        let text = result.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
        return text.split(separator: "\n").first { $0.contains("Precondition failed: ") }.map(String.init) ?? ""
    }

    @Test func heightOfARowPastTheEndTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().height(ofRow: 100)
        }
        #expect(Self.reason(result).hasSuffix(Self.outOfRange))
    }

    @Test func heightOfANegativeRowTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().height(ofRow: -1)
        }
        #expect(Self.reason(result).hasSuffix("row index -1 out of range: the table has 100 rows"))
    }

    @Test func offsetOfANegativeRowTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().offset(ofRow: -1)
        }
        #expect(Self.reason(result).hasSuffix("row index -1 out of range: the table has 100 rows"))
    }

    @Test func offsetOfARowTwoPastTheEndTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().offset(ofRow: 101)
        }
        #expect(Self.reason(result).hasSuffix("row index 101 out of range: the table has 100 rows"))
    }

    @Test func remeasuringARowPastTheEndTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().remeasureRow(100)
        }
        #expect(Self.reason(result).hasSuffix(Self.outOfRange))
    }

    @Test func remeasuringANegativeRowTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().remeasureRow(-1)
        }
        #expect(Self.reason(result).hasSuffix("row index -1 out of range: the table has 100 rows"))
    }

    @Test func askingWhetherARowPastTheEndIsMeasuredTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().isMeasured(row: 100)
        }
        #expect(Self.reason(result).hasSuffix(Self.outOfRange))
    }

    @Test func measuringARangeReachingPastTheEndTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().measureRows(95..<101)
        }
        #expect(Self.reason(result).hasSuffix("row range 95..<101 out of range: the table has 100 rows"))
    }

    @Test func measuringARangeBelowTheStartTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = RowIndexTests.table().measureRows(-1..<3)
        }
        #expect(Self.reason(result).hasSuffix("row range -1..<3 out of range: the table has 100 rows"))
    }

    /// The indices the rule allows: 0..<rowCount everywhere, and rowCount for `offset(ofRow:)`,
    /// where it is the content height (the last row has no spacing below it).
    @Test func indicesInsideTheTable() {
        let table = Self.table()
        #expect(table.height(ofRow: 99) == 30)
        #expect(table.offset(ofRow: 0) == 44)
        #expect(table.offset(ofRow: 99) == 44 + 99 * 32)
        #expect(table.offset(ofRow: 100) == 44 + 100 * 30 + 99 * 2)
        #expect(table.offset(ofRow: 100) == table.contentHeight)
        #expect(table.isMeasured(row: 99) == false)  // fixed heights are never measured
        #expect(table.remeasureRow(99) == false)
        #expect(table.measureRows(0..<100) == false)  // nothing to measure with fixed heights
        #expect(table.measureRows(100..<100) == false)
    }

    @Test func anEmptyTableHasOnlyItsEnd() async {
        let empty = try! DataTableLayout(rows: [Item](), columns: [DataTableColumn("ID") { "\($0.id)" }],
                                         configuration: DataTableConfiguration(font: try! FontStack.bundled(size: 10)))
        #expect(empty.offset(ofRow: 0) == empty.contentHeight)
        #expect(empty.offset(ofRow: 0) == 44)
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let empty = try! DataTableLayout(rows: [RowIndexTests.Item](), columns: [DataTableColumn("ID") { "\($0.id)" }],
                                             configuration: DataTableConfiguration(font: try! FontStack.bundled(size: 10)))
            _ = empty.height(ofRow: 0)
        }
        #expect(Self.reason(result).hasSuffix("row index 0 out of range: the table has 0 rows"))
    }
}
