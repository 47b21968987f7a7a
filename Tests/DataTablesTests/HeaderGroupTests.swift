import CellLayout
import Testing
import TextMeasure
@testable import DataTables

/// Header groups measured by hand. Noto Sans Mono advances every character used here by 600/1000
/// em, regular and bold alike (hb-shape), so at 10 px a text of n characters is 6n px wide. 8 px
/// padding each side (16 a column, and a group), no sort indicator, no minimum width.
///
/// Column "A" holds "abcd": min = max = 24 + 16 = 40. Column "B" holds "abcdefghijk abcdefghijkl"
/// (24 characters): max = 144 + 16 = 160, min = its longer word, 72 + 16 = 88. Column "C" holds
/// "abcdefgh": 48 + 16 = 64. Each header ("A", 6 + 16 = 22) is narrower than its cells.
@Suite struct HeaderGroupTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let rows = [["abcd", "abcdefghijk abcdefghijkl", "abcdefgh"]]
    static let columns = ["A", "B", "C"].enumerated().map { index, title in DataTableColumn<[String]>(title) { $0[index] } }

    /// A title `width` px wide with its padding: (width − 16) ÷ 6 characters.
    static func title(width: Double) -> String { String(repeating: "x", count: Int((width - 16) / 6)) }

    func configuration(_ layout: DataTableTableLayout, groups: [DataTableHeaderGroup]) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.tableLayout = layout
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 0
        configuration.cellPadding = EdgeInsets(horizontal: 8, vertical: 4)
        configuration.sortIndicatorWidth = 0
        configuration.textLayout = .wrap
        configuration.headerGroups = groups
        return configuration
    }

    func widths(_ layout: DataTableTableLayout, _ groups: [DataTableHeaderGroup], frame: Double? = nil,
                columns: Int = 2) throws -> [DataTableColumnWidth] {
        try configuration(layout, groups: groups)
            .columnWidths(for: Self.rows, columns: Array(Self.columns.prefix(columns)), frameWidth: frame).columns
    }

    // MARK: Automatic layout

    /// A group 250 px wide over A and B (Σmax 200): the 50 px beyond goes in proportion to their
    /// max-content widths, 40 : 160, so A gets 10 and B 40. The group is unbreakable, so their
    /// min-content widths rise the same way (CSS: the spanning cell's min-content, 250, beyond
    /// Σmax is shared as a table's width is).
    @Test func automaticGroupWiderThanItsColumnsSharesByMaxContent() throws {
        let columns = try widths(.automatic, [DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)])
        #expect(columns.map(\.maxContentWidth) == [50, 200])
        #expect(columns.map(\.minContentWidth) == [50, 200])
        #expect(columns.map(\.width) == [50, 200])
    }

    /// A group 160 px wide (Σmin 128 ≤ 160 < Σmax 200) leaves the max-content widths alone and
    /// raises the min-content widths as a 160 px frame would share: min + (max − min) × 32/72;
    /// A (40, 40) stays 40, B becomes 88 + 72 × 4/9 = 120. So at a 150 px frame the columns no
    /// longer shrink to 88 + 72 × 22/72 = 110 for B (without the group) but stay at their
    /// min-content widths, 40 and 120 (Σmin 160 > 150).
    @Test func automaticGroupBetweenMinAndMaxRaisesMinContent() throws {
        let group = DataTableHeaderGroup(title: Self.title(width: 160), columns: 0..<2)
        let columns = try widths(.automatic, [group])
        #expect(columns.map(\.minContentWidth) == [40, 120])
        #expect(columns.map(\.maxContentWidth) == [40, 160])
        #expect(try widths(.automatic, [], frame: 150).map(\.width) == [40, 110])
        #expect(try widths(.automatic, [group], frame: 150).map(\.width) == [40, 120])
    }

    /// A group no wider than its columns' min-content widths (128) changes nothing.
    @Test func narrowGroupChangesNothing() throws {
        let columns = try widths(.automatic, [DataTableHeaderGroup(title: Self.title(width: 118), columns: 0..<2)])
        #expect(columns.map(\.minContentWidth) == [40, 88])
        #expect(columns.map(\.maxContentWidth) == [40, 160])
    }

    /// Nested: "inner" (250) over A, B gives 50, 200 as above; then "outer" (628) over A, B, C
    /// (Σ 50 + 200 + 64 = 314) doubles each: 100, 400, 128. Taken the other way round (outer
    /// first over 40 + 160 + 64 = 264) B would be 160 × 628/264 ≈ 380.6, so the order shows.
    @Test func nestedGroupsApplyInnerBeforeOuter() throws {
        let groups = [DataTableHeaderGroup(title: Self.title(width: 628), columns: 0..<3),
                      DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)]
        let columns = try widths(.automatic, groups, columns: 3)
        #expect(columns.map(\.maxContentWidth) == [100, 400, 128])
        #expect(columns.map(\.minContentWidth) == [100, 400, 128])
    }

    /// The layout sizes its columns the same way (its own measuring path).
    @Test func layoutSpreadsGroupsToo() throws {
        let layout = try DataTableLayout(rows: Self.rows.enumerated().map { Indexed(id: $0, cells: $1) },
                                         columns: ["A", "B"].enumerated().map { index, title in
                                             DataTableColumn<Indexed>(title) { $0.cells[index] }
                                         },
                                         configuration: configuration(.automatic, groups: [
                                             DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)]))
        #expect(layout.columnWidths.columns.map(\.width) == [50, 200])
    }

    struct Indexed: Identifiable, Sendable {
        let id: Int
        let cells: [String]
    }

    // MARK: Content-fitted layout

    /// SwiftDataTables' widths (40, 160) grow in proportion to themselves: the group's 250
    /// makes them 50 and 200; a narrower group (190) leaves them.
    @Test func contentFittedGroupSharesByWidth() throws {
        #expect(try widths(.contentFitted, [DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)]).map(\.width)
            == [50, 200])
        #expect(try widths(.contentFitted, [DataTableHeaderGroup(title: Self.title(width: 190), columns: 0..<2)]).map(\.width)
            == [40, 160])
    }

    /// A `.fixed(100)` column keeps its width: the other one takes the whole extra,
    /// 250 − 100 = 150.
    @Test func fixedColumnsKeepTheirWidth() throws {
        var configuration = configuration(.contentFitted, groups: [DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)])
        configuration.columnWidthModeProvider = { $0 == 1 ? .fixed(width: 100) : nil }
        let columns = try configuration.columnWidths(for: Self.rows, columns: Array(Self.columns.prefix(2))).columns
        #expect(columns.map(\.width) == [150, 100])
    }

    /// A group over fixed columns alone widens none of them (its title is cut when drawn).
    @Test func groupsOverFixedColumnsAloneWidenNothing() throws {
        var configuration = configuration(.automatic, groups: [DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)])
        configuration.columnWidthModeProvider = { _ in .fixed(width: 60) }
        let columns = try configuration.columnWidths(for: Self.rows, columns: Array(Self.columns.prefix(2))).columns
        #expect(columns.map(\.width) == [60, 60])
    }

    /// Groups spread over the columns before the frame is filled: 250 wide over 40 + 160, then
    /// scaled to a 500 px frame in proportion (×2): 100, 400.
    @Test func groupsSpreadBeforeTheFrameIsFilled() throws {
        #expect(try widths(.contentFitted, [DataTableHeaderGroup(title: Self.title(width: 250), columns: 0..<2)], frame: 500)
            .map(\.width) == [100, 400])
    }

    // MARK: Levels and validation

    @Test func levelsStackFromTheHeaderRowUp() {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.headerGroups = [DataTableHeaderGroup(title: "In", columns: 0..<2),
                                      DataTableHeaderGroup(title: "Out", columns: 0..<4),
                                      DataTableHeaderGroup(title: "Top", columns: 0..<5),
                                      DataTableHeaderGroup(title: "C", columns: 2..<3)]
        #expect(configuration.headerGroupLevels == [1, 2, 3, 1])
        #expect(configuration.headerGroupRowCount == 3)
        configuration.headerGroups = []
        #expect(configuration.headerGroupRowCount == 0)
    }

    func failure(_ groups: [DataTableHeaderGroup], columns: Int = 3) -> DataTableConfigurationError? {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.headerGroups = groups
        do {
            try configuration.validateHeaderGroups(columnCount: columns)
            return nil
        } catch {
            return error
        }
    }

    @Test func overlappingGroupsNameTheGroup() throws {
        let error = try #require(failure([DataTableHeaderGroup(title: "Price", columns: 0..<2),
                                          DataTableHeaderGroup(title: "Stock", columns: 1..<3)]))
        #expect(error.field == .headerGroup)
        #expect(error.description == "header group 2 \"Stock\": it must be nested in or apart from group 1 \"Price\"")
    }

    @Test func badGroupsAreRefused() throws {
        #expect(failure([DataTableHeaderGroup(title: " ", columns: 0..<2)])?.description
            == "header group 1 \" \": it must be a title that is not empty")
        #expect(failure([DataTableHeaderGroup(title: "G", columns: 1..<1)])?.description
            == "header group 1 \"G\": it must be over at least one column")
        #expect(failure([DataTableHeaderGroup(title: "G", columns: 2..<4)])?.description
            == "header group 1 \"G\": it must be over columns within 0..<3 (it spans 2..<4)")
        #expect(failure([DataTableHeaderGroup(title: "G", columns: 0..<2), DataTableHeaderGroup(title: "H", columns: 0..<2)])?
            .description == "header group 2 \"H\": it must be over columns other than those of group 1 \"G\"")
        #expect(failure([DataTableHeaderGroup(title: "G", columns: 0..<2), DataTableHeaderGroup(title: "H", columns: 2..<3)]) == nil)
    }

    /// Sizing columns checks the groups against the columns there are.
    @Test func sizingChecksTheGroups() {
        #expect(throws: DataTableConfigurationError.self) {
            try widths(.automatic, [DataTableHeaderGroup(title: "G", columns: 0..<3)])
        }
    }
}
