@testable import DataTables
import CellLayout
import Testing
import TextMeasureTestSupport
import TextMeasure

/// `measureRows(_:)` over many rows measures them on every core, a batch at a time: the rows
/// and their heights must be what measuring them one at a time gives, and what the text's lines
/// give by hand.
@Suite struct ParallelMeasuringTests {
    struct Item: Identifiable, Sendable {
        let id: Int
        var words: String
        var lines: String
    }

    /// Noto Sans Mono at 10 px: every character 6 px wide, a line 13.62 px tall.
    static let mono = try! FontStack([Font.bundled(.notoSansMono, size: 10)])
    static let line = 13.62

    /// More rows than one batch, so the batches meet; row `i` holds `1 + i % 7` words of four
    /// letters in a 60 px column (10 characters: two words and the space between them, 9, fit
    /// on a line; three, 14, do not), and `1 + i % 3` hard lines of one letter.
    static let rowCount = DataTableLayout<Item>.measuringBatch + 904
    static func rows() -> [Item] {
        (0..<rowCount).map { i in
            Item(id: i, words: Array(repeating: "abcd", count: 1 + i % 7).joined(separator: " "),
                 lines: Array(repeating: "x", count: 1 + i % 3).joined(separator: "\n"))
        }
    }

    static func layout(width: Double = 60) throws -> DataTableLayout<Item> {
        var configuration = DataTableConfiguration(font: mono)
        configuration.rowHeightMode = .automatic(estimated: 44, prefetchWindow: 0)
        configuration.cellPadding = EdgeInsets()
        configuration.headerHeight = 0
        configuration.columnWidthMode = .fixed(width: width)
        configuration.textLayout = .wrap
        return try DataTableLayout(rows: rows(), columns: [DataTableColumn("Words", \.words), DataTableColumn("Lines", \.lines)],
                                   configuration: configuration)
    }

    @Test func rowsMeasuredTogetherEqualRowsMeasuredOneByOne() throws {
        let together = try Self.layout(), oneByOne = try Self.layout()
        #expect(together.measureRows(0..<Self.rowCount))
        for row in 0..<Self.rowCount { oneByOne.measureRows(row..<(row + 1)) }
        for row in 0..<Self.rowCount {
            // By hand: the taller of ⌈words / 2⌉ lines and the hard lines.
            let lines = max((1 + row % 7 + 1) / 2, 1 + row % 3)
            #expect(abs(together.height(ofRow: row) - Double(lines) * Self.line) < 1e-5, "row \(row)")
            #expect(together.height(ofRow: row) == oneByOne.height(ofRow: row), "row \(row)")
            #expect(together.offset(ofRow: row) == oneByOne.offset(ofRow: row), "row \(row)")
        }
        #expect(together.contentHeight == oneByOne.contentHeight)
    }

    /// Layouts of the same rows at different widths (as a table's column bands are) measured
    /// together (`measureAllRows(of:)`: a batch of rows of every layout at once, read while the
    /// batch before is measured) against each measured one row at a time, and by hand: at 42 px (7
    /// characters) every word of four letters takes a line; at 60 px two do; at 90 px (15) three
    /// ("abcd abcd abcd", 14).
    @Test func layoutsMeasuredAsOneStreamEqualRowsMeasuredOneByOne() throws {
        let widths: [Double] = [42, 60, 90], wordsPerLine = [1, 2, 3]
        let together = try widths.map(Self.layout(width:)), oneByOne = try widths.map(Self.layout(width:))
        for index in widths.indices {
            for row in 0..<Self.rowCount { oneByOne[index].measureRows(row..<(row + 1)) }
        }
        DataTableLayout.measureAllRows(of: together)
        for index in widths.indices {
            for row in 0..<Self.rowCount {
                let words = 1 + row % 7, perLine = wordsPerLine[index]
                let lines = max((words + perLine - 1) / perLine, 1 + row % 3)
                #expect(abs(together[index].height(ofRow: row) - Double(lines) * Self.line) < 1e-5, "width \(widths[index]), row \(row)")
                #expect(together[index].height(ofRow: row) == oneByOne[index].height(ofRow: row), "row \(row)")
                #expect(together[index].offset(ofRow: row) == oneByOne[index].offset(ofRow: row), "row \(row)")
            }
            #expect(together[index].contentHeight == oneByOne[index].contentHeight)
        }
    }

    /// Layouts waiting for different rows (one measured a row already) go through one stream of
    /// batches instead, one layout's rows read while the one before is measured: the same
    /// heights and offsets as measuring each one row at a time.
    @Test func layoutsWaitingForOtherRowsMeasuredAsOneStream() throws {
        let widths: [Double] = [42, 90]
        let streamed = try widths.map(Self.layout(width:)), oneByOne = try widths.map(Self.layout(width:))
        for index in widths.indices {
            for row in 0..<Self.rowCount { oneByOne[index].measureRows(row..<(row + 1)) }
        }
        streamed[1].measureRows(5..<6)
        DataTableLayout.measureAllRows(of: streamed)
        for index in widths.indices {
            for row in 0..<Self.rowCount {
                #expect(streamed[index].height(ofRow: row) == oneByOne[index].height(ofRow: row), "row \(row)")
            }
            #expect(streamed[index].contentHeight == oneByOne[index].contentHeight)
        }
    }
}
