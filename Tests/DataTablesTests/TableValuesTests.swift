import CellLayout
import DataTables
import Testing
import TextMeasure

/// DataTables' rules for values: a configured length outside 0…10⁹ pt (NaN and ±∞ included) is
/// a `DataTableConfigurationError` naming its field; a length given at run time (a provided row
/// height, the viewport's height) is clamped to 0…10⁹, NaN as 0; and every height, offset and
/// width the layout reports is finite and at least 0.
@Suite struct TableValuesTests {
    struct Item: Identifiable, Sendable {
        let id: Int
    }

    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let line = 13.62  // one line of Noto Sans Mono at 10 px
    static let absurd: [Double] = [.nan, .infinity, -.infinity, -1, -1e308, 1e308, .greatestFiniteMagnitude, 1e10]

    /// `height` on the layout's grid of 2⁻²⁰ pt (the nearest multiple).
    static func grid(_ height: Double) -> Double { (height * 1_048_576).rounded(.up) / 1_048_576 }

    static func configuration() -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: mono)
        configuration.columnWidthMode = .fixed(width: 60)
        configuration.cellPadding = EdgeInsets()
        configuration.headerHeight = 0
        return configuration
    }

    static func layout(_ configuration: DataTableConfiguration = configuration(), rows: Int = 3, viewport: Double = 1_000,
                       frameWidth: Double? = nil, provided: (@Sendable (Item, Int) -> Double?)? = nil) throws -> DataTableLayout<Item> {
        try DataTableLayout(rows: (0..<rows).map(Item.init), columns: [DataTableColumn("ID") { "\($0.id)" }],
                            configuration: configuration, frameWidth: frameWidth, viewportHeight: viewport,
                            rowHeightProvider: provided)
    }

    /// The error a layout with `change` made to the configuration throws, if any.
    static func error(frameWidth: Double? = nil, _ change: (inout DataTableConfiguration) -> Void) -> DataTableConfigurationError? {
        var configuration = configuration()
        change(&configuration)
        do {
            _ = try layout(configuration, frameWidth: frameWidth)
            return nil
        } catch let error as DataTableConfigurationError {
            return error
        } catch {
            return nil
        }
    }

    static func same(_ a: Double?, _ b: Double) -> Bool { a == b || (a?.isNaN == true && b.isNaN) }

    @Test(arguments: absurd)
    func configuredLengthsOutOfRangeNameTheirField(value: Double) {
        let cases: [(DataTableConfigurationError.Field, (inout DataTableConfiguration) -> Void)] = [
            (.minColumnWidth, { $0.minColumnWidth = value }),
            (.maxColumnWidth, { $0.maxColumnWidth = value }),
            (.cellPadding, { $0.cellPadding.top = value }),
            (.cellPadding, { $0.cellPadding.trailing = value }),
            (.sortIndicatorWidth, { $0.sortIndicatorWidth = value }),
            (.rowHeight, { $0.rowHeightMode = .fixed(value) }),
            (.rowHeight, { $0.rowHeightMode = .automatic(estimated: value) }),
            (.headerHeight, { $0.headerHeight = value }),
            (.rowSpacing, { $0.rowSpacing = value }),
        ]
        for (field, change) in cases {
            let error = Self.error(change)
            #expect(error?.field == field, "\(field) = \(value)")
            #expect(Self.same(error?.value, value), "\(field) = \(value)")
            #expect(error?.column == nil && error?.source == .configuration)
        }
        #expect(Self.error(frameWidth: value) { _ in }?.field == .frameWidth, "frameWidth = \(value)")
        // The lengths in a column's mode name the column.
        let modes: [(DataTableConfigurationError.Field, DataTableColumnWidthMode)] = [
            (.width, .fixed(width: value)),
            (.width, .fitContentText(strategy: .fixed(width: value))),
            (.averageCharWidth, .fitContentText(strategy: .estimatedAverage(averageCharWidth: value))),
            (.averageCharWidth, .fitContentText(strategy: .hybrid(sampleSize: 5, averageCharWidth: value))),
        ]
        for (field, mode) in modes {
            let error = Self.error { $0.columnWidthMode = mode }
            #expect(error?.field == field && error?.column == 0 && error?.columnTitle == "ID", "\(mode)")
            #expect(Self.same(error?.value, value), "\(mode)")
        }
    }

    @Test func theRequirementIsStated() {
        #expect(Self.error { $0.rowSpacing = 1e10 }?.description
            == "configuration: rowSpacing is 10000000000; it must be a number from 0 to 1e9")
        #expect(Self.error { $0.rowHeightMode = .automatic(estimated: 0) }?.description
            == "configuration: rowHeight is 0; it must be a number above 0, at most 1e9")
        #expect(Self.error { $0.columnWidthMode = .fixed(width: .infinity) }?.description
            == "column 0 \"ID\" (from columnWidthMode): width is inf; it must be a number from 0 to 1e9")
    }

    @Test func theMostOfEveryLengthIsAccepted() throws {
        // Every length at 10⁹: nothing overflows. The header is "ID" (12) + 10⁹ sort indicator
        // + 2 × 10⁹ padding; the rows are one line plus 2 × 10⁹ of padding.
        var configuration = Self.configuration()
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 1e9
        configuration.maxColumnWidth = 1e9
        configuration.cellPadding = EdgeInsets(horizontal: 1e9, vertical: 1e9)
        configuration.sortIndicatorWidth = 1e9
        configuration.headerHeight = 1e9
        configuration.rowSpacing = 1e9
        configuration.rowHeightMode = .automatic(estimated: 1e9)
        let table = try Self.layout(configuration, rows: 2, viewport: 1e9, frameWidth: 1e9)
        #expect(table.columnWidths.widths == [12 + 3e9])
        table.measureRows(0..<2)
        let row = Self.grid(Self.line + 2e9)
        #expect((0..<2).map(table.height(ofRow:)) == [row, row])
        #expect(table.contentHeight == 1e9 + 2 * row + 1e9)
    }

    @Test func fontSizesAboveTheMostAreRefused() throws {
        #expect(throws: FontError.invalidSize(1e10)) { try Font.bundled(.notoSansMono, size: 1e10) }
        #expect(throws: FontError.invalidSize(1e306)) { try FontStack.bundled(size: 1e306) }
        #expect(throws: FontError.invalidSize(.greatestFiniteMagnitude)) { try Self.mono.withSize(.greatestFiniteMagnitude) }
        // At the most, widths are exact and finite: "abc" is 3 × 0.6 em.
        #expect(try Font.bundled(.notoSansMono, size: 1e9).width(of: "abc") == 1.8e9)
    }

    /// Heights and spacing are each put on the grid, so a row's height is never below 0 and is
    /// the grid value of the height given, whatever the spacing.
    @Test func spacingNeverMakesAHeightNegative() throws {
        var configuration = Self.configuration()
        configuration.rowHeightMode = .fixed(0)
        configuration.rowSpacing = 0.2  // 209,715.2 grid steps
        let empty = try Self.layout(configuration)
        #expect((0..<3).map(empty.height(ofRow:)) == [0, 0, 0])
        #expect(empty.offset(ofRow: 1) == Self.grid(0.2))
        #expect(empty.contentHeight == 2 * Self.grid(0.2))
        configuration.rowHeightMode = .fixed(13.62)
        let lines = try Self.layout(configuration)
        #expect((0..<3).map(lines.height(ofRow:)) == Array(repeating: Self.grid(13.62), count: 3))
    }

    @Test func providedHeightsAreClamped() throws {
        let given: [Double] = [.nan, -5, .infinity, 1e308, 20]
        let table = try Self.layout(rows: 5, provided: { _, row in given[row] })
        #expect((0..<5).map(table.height(ofRow:)) == [0, 0, 1e9, 1e9, 20])
        #expect(table.contentHeight == 2e9 + 20)
        #expect(table.offset(ofRow: 4) == 2e9)
    }

    /// A measured height is what it is: the layout adds, it does not cap.
    @Test func measuredHeightsAreNotCapped() throws {
        var configuration = Self.configuration()
        configuration.cellPadding = EdgeInsets(horizontal: 0, vertical: 1e9)
        let table = try Self.layout(configuration)
        #expect(table.height(ofRow: 0) == Self.grid(2e9 + Self.line))
    }

    @Test func viewportHeightsAreClamped() throws {
        #expect(try Self.layout(viewport: .infinity).viewportHeight == 1e9)
        #expect(try Self.layout(viewport: .nan).viewportHeight == 0)
        let table = try Self.layout()
        table.resizeViewport(height: 1e308)
        #expect(table.viewportHeight == 1e9)
        table.resizeViewport(height: -3)
        #expect(table.viewportHeight == 0)
    }
}
