import CellLayout
import Testing
import TextMeasure
import DataTables

/// `DataTableConfiguration.lineBreaks`: both stacks break by it, and the automatic layout's
/// min-content widths follow it. Noto Sans Mono at 10 px: 6 px a character.
@Suite struct LineBreakRulesConfigurationTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])

    @Test func theSettingIsBothStacksRules() throws {
        var configuration = DataTableConfiguration(font: Self.mono)
        #expect(configuration.lineBreaks == .chromium)
        configuration.lineBreaks = .pango
        #expect(configuration.font.lineBreaks == .pango)
        #expect(configuration.headerFont.lineBreaks == .pango)
        #expect(configuration.resolvedHeaderFont.lineBreaks == .pango)
        configuration.headerFont = Self.mono  // a stack set later takes the setting too
        #expect(configuration.headerFont.lineBreaks == .pango)
        #expect(DataTableConfiguration(font: Self.mono.withLineBreaks(.pango)).lineBreaks == .pango)
    }

    /// "professional/tax": one segment of 16 characters (96 px) under chromium; under pango the
    /// widest is "professional/" (13, 78 px). No padding or sort indicator.
    @Test func minContentWidthFollowsTheSetting() throws {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.tableLayout = .automatic
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 0
        configuration.cellPadding = EdgeInsets()
        configuration.sortIndicatorWidth = 0
        configuration.textLayout = .wrap
        let column = [DataTableColumn<String>("H") { $0 }]
        #expect(try configuration.columnWidths(for: ["professional/tax"], columns: column).columns[0].minContentWidth == 96)
        configuration.lineBreaks = .pango
        #expect(try configuration.columnWidths(for: ["professional/tax"], columns: column).columns[0].minContentWidth == 78)
    }
}
