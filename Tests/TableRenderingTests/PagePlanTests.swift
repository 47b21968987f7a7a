import CellLayout
import DataTables
@testable import TableRendering
import Testing

/// Pagination on numbers alone: rows given by their heights, the pages' room, the lines of split
/// rows and spans, and the pages worked out by hand from the rules in `PagePlan`'s documentation.
@Suite struct PagePlanTests {
    /// Rows of the given heights, one under another from 0, with spans whose cells have lines of
    /// the given heights, and 2 pt of padding above and below a cell's content.
    struct Rows: PageRows {
        var heights: [Double]
        var rowSpans = DataTableRowSpans()
        var spanLineHeights: [DataTableRowSpan: [Double]] = [:]
        var cellPadding = EdgeInsets(horizontal: 0, vertical: 2)

        var rowCount: Int { heights.count }
        func offset(ofRow row: Int) -> Double { heights[..<row].reduce(0, +) }
        func height(ofRow row: Int) -> Double { heights[row] }
        func spanLines(of span: DataTableRowSpan) -> SpanLines { SpanLines(heights: spanLineHeights[span] ?? []) }

        init(_ heights: [Double], spans: [DataTableRowSpan: [Double]] = [:]) throws {
            self.heights = heights
            rowSpans = try DataTableRowSpans(Array(spans.keys), rowCount: heights.count, columnCount: 2)
            spanLineHeights = spans
        }
    }

    @Test func rowsGoOnAPageWhileTheyFitItsRoom() throws {
        // 30 + 30 = 60 fit in 70, a third row would end at 90.
        let plan = PagePlan(try Rows([30, 30, 30, 30]), room: 70, firstRoom: 70, blocks: [:])
        #expect(plan.slices.map(\.rows) == [0..<2, 2..<4])
        #expect(plan.pageStarts == [0, 60])
        // The first page has less room (under a title): one row, then three in 100.
        let titled = PagePlan(try Rows([30, 30, 30, 30]), room: 100, firstRoom: 40, blocks: [:])
        #expect(titled.slices.map(\.rows) == [0..<1, 1..<4])
        #expect(titled.pageStarts == [0, 30])
    }

    @Test func aTableWithoutRowsIsOneEmptyPage() throws {
        let plan = PagePlan(try Rows([]), room: 50, firstRoom: 50, blocks: [:])
        #expect(plan.slices.map(\.rows) == [0..<0])
        #expect(plan.pageStarts == [0])
    }

    @Test func aRowTallerThanThePageIsCutBetweenItsLines() throws {
        // Row 1 is 100 tall: 4 of padding, six lines of 15 (4...19, …, 79...94), 6 below them.
        let lines: [ClosedRange<Double>] = [4...19, 19...34, 34...49, 49...64, 64...79, 79...94]
        let plan = PagePlan(try Rows([20, 100, 20]), room: 50, firstRoom: 50, blocks: [1: lines])
        // Page 1: row 0, and row 1 down to 50 - 20 = 30, cut above the line crossing 30: at 19.
        // Page 2 starts at 20 + 19 = 39 and holds 50 more: to 69 in the row, cut at 64.
        // Page 3 starts at 84: the row's last 36 points; row 2 would end at 140 - 84 = 56 > 50.
        // Page 4: row 2.
        #expect(plan.slices.map(\.rows) == [0..<2, 1..<2, 1..<2, 2..<3])
        let tops: [Double] = plan.slices.map(\.top), bottoms: [Double?] = plan.slices.map(\.bottom)
        #expect(tops == [0, 19, 64, 0])
        #expect(bottoms == [19, 64, nil, nil])
        #expect(plan.pageStarts == [0, 39, 84, 120])
    }

    @Test func aPageEndsAboveASpanWhoseFirstLineItCannotHold() throws {
        // The span of rows 1 and 2 has a first line of 30: below the padding it ends 32 into
        // row 1, and page 1 (45) holds only 20 of it. So row 1 starts page 2.
        let span = DataTableRowSpan(column: 0, row: 1, count: 2)
        let plan = PagePlan(try Rows([20, 20, 20], spans: [span: [30, 10]]), room: 100, firstRoom: 45, blocks: [:])
        #expect(plan.slices.map(\.rows) == [0..<1, 1..<3])
        // With a first line of 18 (2 + 18 = 20 ≤ 20) the span may start on page 1.
        let fits = PagePlan(try Rows([20, 20, 20], spans: [span: [18, 10]]), room: 100, firstRoom: 45, blocks: [:])
        #expect(fits.slices.map(\.rows) == [0..<2, 2..<3])
    }

    @Test func theLastRowOfAContinuedSpanGrowsByWhatTheBreakCostItsText() throws {
        // A span of four rows of 20 with eight lines of 10. Page 1 (45) holds rows 0 and 1, so
        // 40 - 2 = 38 of the span: three lines. Page 2 starts at 40 and needs 2 + 5 × 10 + 2 = 54
        // for the five left; rows 2 and 3 hold 40, so row 3 grows by 14.
        let span = DataTableRowSpan(column: 0, row: 0, count: 4)
        let plan = PagePlan(try Rows([20, 20, 20, 20], spans: [span: Array(repeating: 10, count: 8)]),
                            room: 100, firstRoom: 45, blocks: [:])
        #expect(plan.slices.map(\.rows) == [0..<2, 2..<4])
        #expect(plan.pageStarts == [0, 40])
        #expect(plan.growth.of(row: 3) == 14)
        #expect(plan.growth.of(row: 2) == 0)
        // Seven lines: 2 + 40 + 2 = 44 still exceeds 40, by 4; six: 34 fit without growing.
        let seven = PagePlan(try Rows([20, 20, 20, 20], spans: [span: Array(repeating: 10, count: 7)]),
                             room: 100, firstRoom: 45, blocks: [:])
        #expect(seven.growth.of(row: 3) == 4)
        let six = PagePlan(try Rows([20, 20, 20, 20], spans: [span: Array(repeating: 10, count: 6)]),
                           room: 100, firstRoom: 45, blocks: [:])
        #expect(six.growth.of(row: 3) == 0)
    }
}
