import DataTables
import Testing
import TextMeasure

/// Bold headers and styled cells are measured in their own fonts. Widths are hand-worked from
/// hb-shape's advances (`hb-shape --font-funcs=ot --font-size=1000`, Noto Sans at 10 px, so
/// 1000 units = 10 px): "Total" is 486 + 605 + 361 + 561 + 258 = 2271 units regular and
/// 509 + 619 + 434 + 604 + 305 = 2471 bold; "Name" 760 + 561 + 935 + 564 = 2820 regular and
/// 813 + 604 + 982 + 591 = 2990 bold.
@Suite struct TextStyleTests {
    struct Line: Identifiable, Sendable {
        let id: Int
        let text: String
    }

    static let total = (regular: 22.71, bold: 24.71), name = (regular: 28.20, bold: 29.90)
    /// Cell padding: 8 + 8.
    static let padding = 16.0

    func configuration(layout: DataTableTableLayout = .contentFitted, sortIndicator: Double = 0) throws -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 10))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.minColumnWidth = 0
        configuration.sortIndicatorWidth = sortIndicator
        configuration.tableLayout = layout
        configuration.shouldContentWidthScaleToFillFrame = false
        return configuration
    }

    func lines(_ texts: [String]) -> [Line] { texts.enumerated().map { Line(id: $0, text: $1) } }

    func width(_ column: DataTableColumn<Line>, _ texts: [String], _ configuration: DataTableConfiguration) throws -> DataTableColumnWidth {
        try configuration.columnWidths(for: lines(texts), columns: [column], cache: nil).columns[0]
    }

    static let layouts: [DataTableTableLayout] = [.contentFitted, .automatic]

    /// An empty column is as wide as its header: "Total" + sort indicator 20 + padding 16.
    @Test(arguments: layouts)
    func headerIsMeasuredBoldByDefault(layout: DataTableTableLayout) throws {
        var configuration = try configuration(layout: layout, sortIndicator: 20)
        let column = DataTableColumn<Line>("Total", \.text)
        let bold = try width(column, [""], configuration)
        #expect(abs(bold.headerWidth - (Self.total.bold + 36)) < 1e-9)
        #expect(abs(bold.width - (Self.total.bold + 36)) < 1e-9)
        configuration.headerWeight = .regular
        let regular = try width(column, [""], configuration)
        #expect(abs(regular.width - (Self.total.regular + 36)) < 1e-9)
        #expect(abs((bold.width - regular.width) - 2.0) < 1e-9)
        if layout == .automatic {
            #expect(abs((bold.minContentWidth ?? 0) - (Self.total.bold + 36)) < 1e-9)
            #expect(abs((bold.maxContentWidth ?? 0) - (Self.total.bold + 36)) < 1e-9)
        }
    }

    /// A header with no bold fonts in its stack (a file alone) is measured regular: never emboldened.
    @Test func headerOfAStackWithoutBoldIsRegular() throws {
        var configuration = try configuration()
        configuration.headerFont = try FontStack([Font.bundled(.notoSans, size: 10)])
        let column = DataTableColumn<Line>("Total", \.text)
        #expect(abs(try width(column, [""], configuration).width - (Self.total.regular + Self.padding)) < 1e-9)
    }

    /// A bold column is wider by exactly bold − regular, in both layouts and the cell mode.
    @Test(arguments: layouts)
    func boldColumnWidensByTheBoldDifference(layout: DataTableTableLayout) throws {
        var configuration = try configuration(layout: layout)
        configuration.headerWeight = .regular
        let regular = DataTableColumn<Line>("#", \.text)
        let bold = regular.fontWeight(.bold)
        for mode in [DataTableColumnWidthMode.fitContentText(strategy: .maxMeasured), .fitContentAutoLayout(sample: .all)] {
            configuration.columnWidthMode = mode
            let plain = try width(regular, ["Total"], configuration), heavy = try width(bold, ["Total"], configuration)
            #expect(abs(plain.width - (Self.total.regular + Self.padding)) < 1e-9, "\(mode)")
            #expect(abs(heavy.width - (Self.total.bold + Self.padding)) < 1e-9, "\(mode)")
            if layout == .automatic {
                #expect(abs((heavy.maxContentWidth ?? 0) - (plain.maxContentWidth ?? 0) - 2.0) < 1e-9, "\(mode)")
            }
            // A word's min-content is the word (a one-line cell node's is its truncated form).
            if layout == .automatic, case .fitContentText = mode {
                #expect(abs((heavy.minContentWidth ?? 0) - (plain.minContentWidth ?? 0) - 2.0) < 1e-9)
            }
        }
    }

    /// A cell style bolds only the cells it picks: a bold "Total" (24.71) stays under a regular
    /// "Name" (28.20); a bold "Name" (29.90) widens the column.
    @Test(arguments: layouts)
    func cellStyleBoldsOnlyItsCells(layout: DataTableTableLayout) throws {
        var configuration = try configuration(layout: layout)
        configuration.headerWeight = .regular
        func column(bolding word: String) -> DataTableColumn<Line> {
            DataTableColumn<Line>("#", \.text).cellStyle { _, text in text == word ? .bold : DataTableTextStyle(color: .red) }
        }
        #expect(abs(try width(column(bolding: "Total"), ["Total", "Name"], configuration).width - (Self.name.regular + Self.padding)) < 1e-9)
        #expect(abs(try width(column(bolding: "Name"), ["Total", "Name"], configuration).width - (Self.name.bold + Self.padding)) < 1e-9)
        configuration.columnWidthMode = .fitContentText(strategy: .maxNominal)
        // Nominal advances (no kerning): "Name" bold is 2990 units too (no pair of it kerns).
        #expect(abs(try width(column(bolding: "Name"), ["Total", "Name"], configuration).width - (Self.name.bold + Self.padding)) < 1e-9)
    }

    /// The layout keeps a styled column's width as rows come and go.
    @Test func updatesMeasureACellInItsOwnWeight() throws {
        var configuration = try configuration()
        configuration.headerWeight = .regular
        let column = DataTableColumn<Line>("#", \.text).cellStyle { _, text in text == "Name" ? .bold : nil }
        let layout = try DataTableLayout(rows: lines(["Total"]), columns: [column], configuration: configuration, cache: nil)
        #expect(abs(layout.columnWidths.widths[0] - (Self.total.regular + Self.padding)) < 1e-9)
        _ = try layout.setData(lines(["Total", "Name"]))
        #expect(abs(layout.columnWidths.widths[0] - (Self.name.bold + Self.padding)) < 1e-9)
        _ = try layout.setData(lines(["Total"]))
        #expect(abs(layout.columnWidths.widths[0] - (Self.total.regular + Self.padding)) < 1e-9)
    }

    /// Wrapped at 23.5 px, "Total" fits on one line regular (22.71) and breaks bold (24.71): the
    /// row is one or two Noto Sans lines ((1069 + 293) / 1000 × 10 = 13.62 px each, Regular and
    /// Bold alike) plus the vertical padding, 4 + 4.
    @Test func boldCellWrapsAtItsOwnWidth() throws {
        var configuration = try configuration()
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 23.5 + Self.padding)
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 10)
        let plain = DataTableColumn<Line>("#", \.text)
        let regular = try DataTableLayout(rows: lines(["Total"]), columns: [plain], configuration: configuration, viewportHeight: 500)
        let bold = try DataTableLayout(rows: lines(["Total"]), columns: [plain.fontWeight(.bold)], configuration: configuration,
                                       viewportHeight: 500)
        #expect(abs(regular.height(ofRow: 0) - (13.62 + 8)) < 1e-5)
        #expect(abs(bold.height(ofRow: 0) - (2 * 13.62 + 8)) < 1e-5)
    }

    @Test func stylesMergeCellOverColumn() {
        let column = DataTableColumn<Line>("#", \.text).fontWeight(.bold).foregroundColor(.blue).background(.gray)
            .cellStyle { _, text in text.hasPrefix("-") ? DataTableTextStyle(color: .red) : nil }
        #expect(column.textStyle(for: Line(id: 0, text: "-5"), text: "-5") == DataTableTextStyle(weight: .bold, color: .red, background: .gray))
        #expect(column.textStyle(for: Line(id: 0, text: "5"), text: "5") == DataTableTextStyle(weight: .bold, color: .blue, background: .gray))
    }
}
