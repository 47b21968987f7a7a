import CellLayout
import DataTables

/// What a `PagePlan` puts on pages: rows as numbers (their heights and offsets, measured), the
/// spans among them, and the lines of each spanning cell. A column band's layout is one.
protocol PageRows {
    var rowCount: Int { get }
    /// Where row `row` starts below the header.
    func offset(ofRow row: Int) -> Double
    /// How tall row `row` is.
    func height(ofRow row: Int) -> Double
    /// The cells spanning rows.
    var rowSpans: DataTableRowSpans { get }
    /// A spanning cell's lines, as the span rules count them.
    func spanLines(of span: DataTableRowSpan) -> SpanLines
    /// The padding around every cell's content.
    var cellPadding: EdgeInsets { get }
}

extension PageRows {
    /// Where row `row` starts on pages: its offset, below the rows above it grown by `growth`.
    /// O(log rows + log grown rows).
    func pageOffset(ofRow row: Int, _ growth: PageRowGrowth) -> Double { offset(ofRow: row) + growth.above(row: row) }

    /// How tall row `row` is on pages: its height grown by `growth`. O(log grown rows).
    func pageHeight(ofRow row: Int, _ growth: PageRowGrowth) -> Double { height(ofRow: row) + growth.of(row: row) }
}

/// A column band's pagination, made before any page is drawn: what each page shows (its rows,
/// and where it cuts a row taller than its room), where each page starts, and how much the rows
/// that end spans continued over a break grow on pages. Drawing a page reads its slice.
///
/// Each page holds as many whole rows as fit in its room below the header; then, if the next
/// row is taller than a page's room (it has `blocks`: the stretches no cut may cross) and its
/// first line fits in what is left, the part of it that ends at the lowest point within the page
/// that no block crosses; a page that starts inside a split row goes on from there. A page never
/// parts a span from its first line, and the last row of a span a page continues grows by what
/// the breaks cost the span's text (`PageRowGrowth`). One empty page for a table without rows.
struct PagePlan {
    /// What each page shows, top to bottom.
    let slices: [TablePages.Slice]
    /// How much taller than measured the rows are on pages.
    let growth: PageRowGrowth
    /// Where each page starts, as an offset on pages (rows grown by `growth`), ascending.
    let pageStarts: [Double]

    /// The pages of `rows`, `room` points of rows each below the header (the first: `firstRoom`);
    /// `blocks`: for each row taller than `room`, the stretches of its height (from its top) that
    /// no page may cut, top to bottom.
    ///
    /// - Complexity: O(rows + pages × log rows), plus the lines of the spans that pages continue
    ///   or that reach past a page's end (see `growSpans` and `keepingSpansWithFirstLines`).
    init(_ rows: some PageRows, room: Double, firstRoom: Double, blocks: [Int: [ClosedRange<Double>]]) {
        guard rows.rowCount > 0 else {
            (slices, growth, pageStarts) = ([TablePages.Slice(rows: 0..<0, top: 0, bottom: nil)], PageRowGrowth(), [rows.offset(ofRow: 0)])
            return
        }
        let rowCount = rows.rowCount
        var (slices, growth, starts) = ([TablePages.Slice](), PageRowGrowth(), [Double]())
        var (start, top) = (0, 0.0)
        while start < rowCount {
            let pageRoom = slices.isEmpty ? firstRoom : room
            // Rows from here on are paginated again, but a row an earlier page cut keeps its growth
            // (at least): that page's cut and its drawing count on it.
            growth.forget(from: top > 0 ? start + 1 : start)
            let origin = rows.pageOffset(ofRow: start, growth) + top
            starts.append(origin)
            Self.growSpans(of: rows, continuedAt: start, origin: origin, pageStarts: starts, room: room, &growth)
            var end = start
            // A page's rows end where the next row would end below the room (offsets are exact sums).
            while end < rowCount, rows.pageOffset(ofRow: end, growth) + rows.pageHeight(ofRow: end, growth) - origin <= pageRoom + 1e-9 {
                end += 1
            }
            if end < rowCount, end == start || (blocks[end] != nil && rows.height(ofRow: end) > room + 1e-9) {
                // Row `end` is split anyway: it starts on this page if one of its lines fits.
                let lines = blocks[end] ?? []
                let rowTop = end == start ? top : 0
                let limit = rowTop + pageRoom - (rows.pageOffset(ofRow: end, growth) + rowTop - origin)
                let bottom = Self.cut(lines, after: rowTop, limit: limit)
                if end == start || (bottom <= limit + 1e-9 && lines.contains { $0.lowerBound >= rowTop && $0.upperBound <= bottom + 1e-9 }) {
                    let slice = Self.keepingSpansWithFirstLines(TablePages.Slice(rows: start..<end + 1, top: top, bottom: bottom),
                                                                of: rows, growth)
                    slices.append(slice)
                    // A row whose lines all end above the cut, with no more than its bottom padding
                    // below it (heights are on a grid of 2⁻²⁰ pt), goes on no further page: a page
                    // of padding alone would be blank.
                    let last = slice.rows.upperBound - 1
                    let rest = slice.bottom.flatMap { cut in
                        (blocks[last] ?? []).contains { $0.upperBound > cut + 1e-9 }
                            || rows.pageHeight(ofRow: last, growth) - cut > rows.cellPadding.bottom + 1e-5 ? cut : nil
                    }
                    (start, top) = rest.map { (slice.rows.upperBound - 1, $0) } ?? (slice.rows.upperBound, 0)
                    continue
                }
            }
            let slice = Self.keepingSpansWithFirstLines(TablePages.Slice(rows: start..<end, top: top, bottom: nil), of: rows, growth)
            slices.append(slice)
            (start, top) = (slice.rows.upperBound, 0)
        }
        let grown = growth
        (self.slices, self.growth) = (slices, grown)
        pageStarts = slices.map { rows.pageOffset(ofRow: $0.rows.lowerBound, grown) + $0.top }
    }

    /// Grows the last row of each span begun above row `start` that the page starting at
    /// `origin` (an offset on pages, in row `start`) continues, so that the lines earlier pages
    /// did not show (`SpanLines.firstLineLeft`) fit with the padding above and below them should
    /// the span end on this page (a row it already grew keeps that, at least). `pageStarts`:
    /// where each page so far starts, this one last; `room`: a page's room for rows. A span whose
    /// lines were all shown does not grow, nor one whose next line and padding are taller than
    /// `room` (no page could show it, so growing would never end). O(columns with spans × log s),
    /// plus, for each span continued, its lines (usually kept by measuring) and its earlier pages
    /// until they ran out.
    private static func growSpans(of rows: some PageRows, continuedAt start: Int, origin: Double, pageStarts: [Double],
                                  room: Double, _ growth: inout PageRowGrowth) {
        guard !rows.rowSpans.isEmpty else { return }
        let padding = rows.cellPadding
        for span in rows.rowSpans.spans(coveringRow: start).sorted(by: { $0.lastRow < $1.lastRow }) where span.row < start {
            let heights = rows.spanLines(of: span).heights
            let spanTop = rows.pageOffset(ofRow: span.row, growth)
            let next = SpanLines.firstLineLeft(heights, ends: SpanLines.starts(after: spanTop, through: origin, of: pageStarts),
                                               spanTop: spanTop, top: padding.top)
            guard next < heights.count, padding.top + heights[next] <= room + 1e-9 else { continue }
            let needed = padding.top + heights[next...].reduce(0, +) + padding.bottom
            let held = rows.pageOffset(ofRow: span.lastRow, growth) + rows.pageHeight(ofRow: span.lastRow, growth) - origin
            if needed > held + 1e-9 * max(1, needed) { growth.grow(span.lastRow, by: needed - held) }
        }
    }

    /// `slice`, ended above the first row of any span it would part from its first line: a span
    /// begun on the page below its first row that goes on past the page's end, with less room
    /// from its first row to that end than its cell's top padding and first line, rows measured
    /// with `growth`. That row then starts the next page, beside the span's text. Ending the page
    /// earlier may part another span, so the rule is applied again until none is; a span begun
    /// at the page's first row stays (a page holds at least that row). O(log s) a column with
    /// spans for each row the page loses, plus laying out the first line of each span that
    /// reaches past the page.
    private static func keepingSpansWithFirstLines(_ slice: TablePages.Slice, of rows: some PageRows,
                                                   _ growth: PageRowGrowth) -> TablePages.Slice {
        guard !rows.rowSpans.isEmpty else { return slice }
        var slice = slice
        while let last = slice.rows.last {
            let end = rows.pageOffset(ofRow: last, growth) + (slice.bottom ?? rows.pageHeight(ofRow: last, growth))
            // A span's first line is laid out only for the spans that could be parted from it.
            let parted = rows.rowSpans.spans(coveringRow: last).filter { span in
                span.row > slice.rows.lowerBound && (slice.bottom != nil || span.lastRow > last)
                    && rows.cellPadding.top + (rows.spanLines(of: span).heights.first ?? 0)
                        > end - rows.pageOffset(ofRow: span.row, growth) + 1e-6
            }
            guard let row = parted.map(\.row).min() else { return slice }
            slice = TablePages.Slice(rows: slice.rows.lowerBound..<row, top: slice.top, bottom: nil)
        }
        return slice
    }

    /// The lowest point at most `limit` and below `top` that lies inside no block (`blocks`:
    /// sorted, disjoint). A block taller than the room (lines of different heights side by side)
    /// is taken whole, past the limit. O(log blocks).
    static func cut(_ blocks: [ClosedRange<Double>], after top: Double, limit: Double) -> Double {
        // The first block ending after the limit: the limit is inside it, or above it.
        let low = blocks.partitioningIndex { $0.upperBound > limit + 1e-9 }
        guard low < blocks.count, blocks[low].lowerBound < limit - 1e-9 else { return limit }
        return blocks[low].lowerBound > top + 1e-9 ? blocks[low].lowerBound : blocks[low].upperBound
    }
}

extension DataTableLayout: PageRows {
    var cellPadding: EdgeInsets { configuration.cellPadding }
}
