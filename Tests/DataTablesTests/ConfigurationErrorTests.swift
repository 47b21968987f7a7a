import CellLayout
import Testing
import TextMeasure
import DataTables

/// Every value that cannot size a column is a typed error naming the column and the field.
@Suite struct ConfigurationErrorTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    let columns = [DataTableColumn<String>("SKU") { $0 }, DataTableColumn<String>("Price") { $0 }]

    func error(frameWidth: Double? = nil, _ change: (inout DataTableConfiguration) -> Void) -> DataTableConfigurationError? {
        var configuration = DataTableConfiguration(font: Self.mono)
        change(&configuration)
        do {
            _ = try configuration.columnWidths(for: ["a"], columns: columns, frameWidth: frameWidth)
            return nil
        } catch {
            return error
        }
    }

    func mode(_ mode: DataTableColumnWidthMode) -> (inout DataTableConfiguration) -> Void {
        { $0.columnWidthMode = mode }
    }

    @Test func badStrategyValuesNameTheFirstColumnUsingThem() {
        let cases: [(DataTableColumnWidthMode, DataTableConfigurationError.Field, Double)] = [
            (.fixed(width: -1), .width, -1),
            (.fixed(width: .nan), .width, .nan),
            (.fixed(width: .infinity), .width, .infinity),
            (.fitContentText(strategy: .sampledMax(sampleSize: 0)), .sampleSize, 0),
            (.fitContentText(strategy: .sampledMax(sampleSize: -5)), .sampleSize, -5),
            (.fitContentText(strategy: .percentileMeasured(percentile: 0, sampleSize: 10)), .percentile, 0),
            (.fitContentText(strategy: .percentileMeasured(percentile: 1.01, sampleSize: 10)), .percentile, 1.01),
            (.fitContentText(strategy: .percentileMeasured(percentile: .nan, sampleSize: 10)), .percentile, .nan),
            (.fitContentText(strategy: .percentileMeasured(percentile: 0.9, sampleSize: 0)), .sampleSize, 0),
            (.fitContentText(strategy: .estimatedAverage(averageCharWidth: -7)), .averageCharWidth, -7),
            (.fitContentText(strategy: .estimatedAverage(averageCharWidth: .nan)), .averageCharWidth, .nan),
            (.fitContentText(strategy: .hybrid(sampleSize: 0, averageCharWidth: 7)), .sampleSize, 0),
            (.fitContentText(strategy: .hybrid(sampleSize: 10, averageCharWidth: -.infinity)), .averageCharWidth, -.infinity),
            (.fitContentText(strategy: .fixed(width: -0.5)), .width, -0.5),
        ]
        for (mode, field, value) in cases {
            let error = error(self.mode(mode))
            #expect(error?.column == 0, "\(mode)")
            #expect(error?.columnTitle == "SKU")
            #expect(error?.source == .columnWidthMode)
            #expect(error?.field == field, "\(mode)")
            #expect(error.map { $0.value == value || ($0.value.isNaN && value.isNaN) } == true, "\(mode)")
        }
    }

    @Test func providerNonsenseNamesItsColumn() {
        let error = error { $0.columnWidthModeProvider = { $0 == 1 ? .fitContentText(strategy: .sampledMax(sampleSize: 0)) : nil } }
        #expect(error == DataTableConfigurationError(column: 1, columnTitle: "Price", source: .columnWidthModeProvider,
                                                     field: .sampleSize, value: 0, requirement: "at least 1"))
        #expect(error?.description == "column 1 \"Price\" (from columnWidthModeProvider): sampleSize is 0; it must be at least 1")
        let percentile = self.error { $0.columnWidthModeProvider = { _ in .fitContentText(strategy: .percentileMeasured(percentile: 95, sampleSize: 50)) } }
        #expect(percentile?.description == "column 0 \"SKU\" (from columnWidthModeProvider): percentile is 95; it must be in (0, 1]")
    }

    @Test func aGoodProviderShieldsColumnsFromABadGlobalMode() {
        #expect(error {
            $0.columnWidthMode = .fixed(width: -1)
            $0.columnWidthModeProvider = { _ in .fixed(width: 80) }
        } == nil)
    }

    @Test func tableWideValues() {
        let cases: [((inout DataTableConfiguration) -> Void, DataTableConfigurationError.Field, Double)] = [
            ({ $0.minColumnWidth = -1 }, .minColumnWidth, -1),
            ({ $0.minColumnWidth = .nan }, .minColumnWidth, .nan),
            ({ $0.maxColumnWidth = -3 }, .maxColumnWidth, -3),
            ({ $0.maxColumnWidth = .infinity }, .maxColumnWidth, .infinity),
            ({ $0.minColumnWidth = 100; $0.maxColumnWidth = 99 }, .minColumnWidth, 100),
            ({ $0.cellPadding.trailing = -2 }, .cellPadding, -2),
            ({ $0.cellPadding.leading = .nan }, .cellPadding, .nan),
            ({ $0.sortIndicatorWidth = -20 }, .sortIndicatorWidth, -20),
        ]
        for (change, field, value) in cases {
            let error = error(change)
            #expect(error?.column == nil)
            #expect(error?.source == .configuration)
            #expect(error?.field == field)
            #expect(error.map { $0.value == value || ($0.value.isNaN && value.isNaN) } == true, "\(field)")
        }
        // EdgeInsets' initializers clamp, as CSS drops negative padding: nothing to refuse.
        #expect(error { $0.cellPadding = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: -2) } == nil)
        #expect(error(frameWidth: -10) { _ in }?.field == .frameWidth)
        #expect(error(frameWidth: .nan) { _ in }?.field == .frameWidth)
        #expect(error { $0.minColumnWidth = 100; $0.maxColumnWidth = 99 }?.description
            == "configuration: minColumnWidth is 100; it must be at most maxColumnWidth (99.0)")
    }
}
