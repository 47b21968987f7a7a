import CellLayout
import DataTables
import Synchronization
import Testing
import TextMeasure

/// `.fitContentAutoLayout` (alias `.fitContentCell`): content widths are the cells' fitting
/// widths, worked out by hand in Noto Sans Mono at 10 px (6 px a character). No padding, sort
/// indicator or minimum unless a test adds them.
@Suite struct CellModeTests {
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])

    struct Person: Sendable {
        let name: String
        let role: String
    }

    static let people = [
        Person(name: "Ann", role: "dev"),           // cell 10 + 4 + 18 = 32
        Person(name: "Bartholomew", role: "ops"),   // 10 + 4 + 66 = 80
        Person(name: "Cy", role: "qa"),             // 10 + 4 + 12 = 26
        Person(name: "Dominique", role: "design"),  // 10 + 4 + 54 = 68
        Person(name: "Eve", role: "pm"),            // 10 + 4 + 18 = 32
    ]

    /// An avatar box beside the name, and the role under it: an hstack of a box and a vstack.
    static func cell(_ person: Person) -> CellNode {
        .hstack(spacing: 4) {
            CellNode.box(width: 10, height: 10)
            CellNode.vstack {
                CellNode.text(person.name, stack: mono, wraps: false)
                CellNode.text(person.role, stack: mono, wraps: false)
            }
        }
    }

    func configuration(_ sample: DataTableColumnWidthSample) -> DataTableConfiguration {
        var configuration = DataTableConfiguration(font: Self.mono)
        configuration.columnWidthMode = .fitContentAutoLayout(sample: sample)
        configuration.minColumnWidth = 0
        configuration.cellPadding = EdgeInsets()
        configuration.sortIndicatorWidth = 0
        return configuration
    }

    /// The "Person" column's width by `sample`, and the rows whose cells were built.
    func measure(_ sample: DataTableColumnWidthSample, change: (inout DataTableConfiguration) -> Void = { _ in })
        throws -> (column: DataTableColumnWidth, rows: [String]) {
        let built = Mutex<[String]>([])
        let column = DataTableColumn<Person>("P", text: \.name) { person in
            built.withLock { $0.append(person.name) }
            return Self.cell(person)
        }
        var configuration = configuration(sample)
        change(&configuration)
        let widths = try configuration.columnWidths(for: Self.people, columns: [column])
        return (widths.columns[0], built.withLock { $0 })
    }

    @Test func allTakesTheWidestCell() throws {
        let (column, rows) = try measure(.all)
        #expect(column.contentWidth == 80)
        #expect(column.width == 80)
        #expect(rows.count == 5)
    }

    @Test func samplesReadOnlyTheirRows() throws {
        let (column, rows) = try measure(.sampledMax(sampleSize: 2))
        #expect(column.contentWidth == 32)  // rows 0 and 4
        #expect(rows == ["Ann", "Eve"])
        let three = try measure(.sampledMax(sampleSize: 3))  // rows 0, 2, 4
        #expect(three.rows == ["Ann", "Cy", "Eve"])
        #expect(three.column.contentWidth == 32)
    }

    @Test func percentileIsTheNearestRank() throws {
        // All five: 26, 32, 32, 68, 80. p = 0.5 → ⌈2.5⌉ = 3rd → 32; p = 0.8 → 4th → 68.
        #expect(try measure(.percentile(0.5, sampleSize: 5)).column.contentWidth == 32)
        #expect(try measure(.percentile(0.8, sampleSize: 5)).column.contentWidth == 68)
        #expect(try measure(.percentile(1, sampleSize: 5)).column.contentWidth == 80)
    }

    @Test func paddingClampingAndTheHeaderApplyAsForText() throws {
        let padded = try measure(.all) { $0.cellPadding = EdgeInsets(horizontal: 8, vertical: 0) }
        #expect(padded.column.width == 96)
        #expect(try measure(.all) { $0.maxColumnWidth = 50 }.column.width == 50)
        #expect(try measure(.all) { $0.minColumnWidth = 90 }.column.width == 90)
        let header = try measure(.all) { $0.sortIndicatorWidth = 100 }  // "P" 6 + 100
        #expect(header.column.width == 106)
        #expect(DataTableColumnWidthMode.fitContentCell(sample: .all) == .fitContentAutoLayout(sample: .all))
    }

    @Test func aColumnWithoutACellMeasuresItsTextAsAOneLineCell() throws {
        let column = DataTableColumn<Person>("P", \.name)
        let widths = try configuration(.all).columnWidths(for: Self.people, columns: [column])
        #expect(widths.columns[0].contentWidth == 66)  // "Bartholomew"
    }

    @Test func aCellThatWrapsFitsOnOneLine() throws {
        // A wrapping text's fitting width is its width on one line, as under
        // layoutFittingCompressedSize; a frame's maxWidth caps it.
        let texts = ["aaa bbb ccc", "dd"]
        let free = DataTableColumn<String>("P", text: { $0 }) { .text($0, stack: Self.mono) }
        #expect(try configuration(.all).columnWidths(for: texts, columns: [free]).columns[0].contentWidth == 66)
        let capped = DataTableColumn<String>("P", text: { $0 }) { .text($0, stack: Self.mono).frame(maxWidth: 45) }
        #expect(try configuration(.all).columnWidths(for: texts, columns: [capped]).columns[0].contentWidth == 45)
    }

    @Test func badSamplesAreTypedErrors() {
        let columns = [DataTableColumn<String>("SKU") { $0 }]
        let cases: [(DataTableColumnWidthSample, DataTableConfigurationError.Field, Double)] = [
            (.sampledMax(sampleSize: 0), .sampleSize, 0),
            (.percentile(0, sampleSize: 5), .percentile, 0),
            (.percentile(1.5, sampleSize: 5), .percentile, 1.5),
            (.percentile(0.5, sampleSize: -1), .sampleSize, -1),
        ]
        for (sample, field, value) in cases {
            #expect(throws: DataTableConfigurationError(column: 0, columnTitle: "SKU", source: .columnWidthMode,
                                                         field: field, value: value, requirement: field == .percentile ? "in (0, 1]" : "at least 1")) {
                _ = try configuration(sample).columnWidths(for: ["a"], columns: columns)
            }
        }
    }
}
