import CellLayout
import DataTables
import Foundation
@testable import TableRendering
import Testing
import TextMeasureTestSupport
import TextMeasure

/// A span's text continued on a later page stays inside its rows (issue 28): the rows a spanning
/// cell stretches grow on pages by what the page breaks cost its lines, and a page repeating a
/// name draws it only where one line fits with its padding. Worked by hand as
/// `SpanAcrossSplitRowTests` is: Noto Sans Mono at 10 px (a line 13.62 pt, Arabic 21.12 pt),
/// 4 pt of padding above and below, columns 76 pt wide (ten characters a line), pages 300 × 400
/// with 36 pt margins and a 44 pt header: 284 pt for rows.
///
/// The grown table: nine rows of their own (194.58 pt), rows 9–11 of a group named with 40 words
/// (20 lines, 4 + 272.4 + 4 = 280.4 pt: rows 9 and 10 of 21.62, row 11 of 237.16), two more rows.
/// Page 1 holds rows 0–10 (237.82; row 11 would end at 474.98) and 43.24 pt of the span: lines
/// that fit in 43.24 − 4 = 39.24, two (27.24; three would be 40.86), at 44 + 194.58 + 4 = 242.58.
/// Page 2 starts at row 11 with lines 3–20 left: 4 + 18 × 13.62 + 4 = 253.16 pt, 16 more than row
/// 11's 237.16, so row 11 is 253.16 on pages; row 12 fits below it (274.78), row 13 does not
/// (296.4 > 284) and goes to page 3. Before, page 2 held rows 11–13 (280.4) and drew lines 3–20
/// down to 48 + 245.16 = 293.16, 12 pt past the span's end at 44 + 237.16 = 281.16, over row 12.
@Suite struct SpanPageGrowthTests {
    typealias Sale = SpanFirstLineTests.Sale

    static let name = SpanAcrossSplitRowTests.words(40)

    /// Rows 0–8 of their own, rows 9–11 of the group `name`, rows 12–13 of their own.
    static let sales = (0..<9).map { Sale(id: $0, dept: "d\($0)", aisle: "", item: "a\($0)") }
        + (9..<12).map { Sale(id: $0, dept: name, aisle: "", item: "k\($0)") }
        + (12..<14).map { Sale(id: $0, dept: "e\($0)", aisle: "", item: "t\($0)") }

    @Test func aSpanEndingOnALaterPageGrowsItsLastRowByWhatTheBreakCostIt() throws {
        let layout = try SpanFirstLineTests.layout(Self.sales, spans: [DataTableRowSpan(column: 0, row: 9, count: 3)])
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        #expect(pages.rows == [0..<11, 11..<13, 13..<14])
        try #require(pages.rowHeights.count == 3)
        #expect(abs(pages.rowHeights[1][0] - 253.16) < 1e-4 && abs(pages.rowHeights[1][1] - 21.62) < 1e-4)
        // The layout itself keeps its rows: row 11 of 237.16, row 12 right below it.
        #expect(abs(layout.height(ofRow: 11) - 237.16) < 1e-4)
        #expect(abs(layout.offset(ofRow: 12) - layout.offset(ofRow: 0) - (194.58 + 280.4)) < 1e-4)

        let lines = try SpanAcrossSplitRowTests.nameLines(layout)
        SpanAcrossSplitRowTests.expect(lines[0], are: 1...2, from: 242.58, within: 44 + 237.82)
        SpanAcrossSplitRowTests.expect(lines[1], are: 3...20, from: 48, within: 44 + 253.16 - 4)
        #expect(lines[2].isEmpty)
        // Row 12 is drawn below the span on page 2: its item's line 4 pt below 44 + 253.16.
        let item = pages[1].textItems.first { $0.run.text == "t12" }
        #expect(abs((item?.frame.minY ?? 0) - 301.16) < 1e-4)
    }

    /// The same table through `textmeasure render --group-by Dept` (columns Dept and Item, plain
    /// style, no page numbers), as `pdftotext -bbox` reads it: rows start 80 pt down the page.
    /// Page 1 has w01–w04 from 80 + 194.58 + 4 = 278.58, above the span's part's end at 80 +
    /// 237.82 = 317.82; page 2 w05–w40 from 84, the last line ending at 84 + 245.16 = 329.16,
    /// within the span's end at 80 + 253.16 = 333.16, and t12 at 337.16; page 3 t13 at 84. Each
    /// word of the name once, in order. Before, there were two pages and w39–w40 ended at 329.16,
    /// below the span's end at 317.16.
    @Test func thePDFShowsEachWordOfTheNameInsideItsRows() throws {
        let pages = try SpanAcrossSplitRowTests.groupedPDFWords(Self.sales)
        try #require(pages.count == 3)
        let names = pages.map { $0.filter { $0.text.hasPrefix("w") } }
        #expect(names.flatMap { $0.map(\.text) } == Self.name.split(separator: " ").map(String.init))
        for (page, (first, end)) in [(278.58, 317.82), (84.0, 333.16 - 4)].enumerated() {
            for (index, word) in names[page].enumerated() {
                let y = first + 13.62 * Double(index / 2)
                #expect(abs(word.y - y) < 0.01, "page \(page + 1): \(word.text) at \(word.y), not \(y)")
                #expect(word.y + 13.62 <= end + 0.01, "page \(page + 1): \(word.text) past \(end)")
            }
        }
        #expect(names[2].isEmpty)
        #expect(pages[1].first { $0.text == "t12" }.map { abs($0.y - 337.16) < 0.01 } == true)
        #expect(pages[2].first { $0.text == "t13" }.map { abs($0.y - 84) < 0.01 } == true)
    }

    /// A span whose next line no page can show does not grow: pages 300 × 140 pt leave 24 pt for
    /// rows, one row of 21.62 a page (two would be 43.24), and a group named in Arabic needs
    /// 4 + 21.12 = 25.12 pt for its line, more than any page has. Growing its last row would only
    /// move the line to the next page, and again, without end; so rows 0–2 of the group and rows
    /// 3–4 take a page each, as measured. Before the guard, paginating did not return.
    @Test func aSpanWhoseLineFitsNoPageDoesNotGrowForever() throws {
        let sales = (0..<5).map { Sale(id: $0, dept: $0 < 3 ? SpanFirstLineTests.kitchen : "e\($0)", aisle: "", item: "k\($0)") }
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 3)])
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 140), margins: EdgeInsets(36))
        #expect(pages.rows == [0..<1, 1..<2, 2..<3, 3..<4, 4..<5])
    }

    /// The rule for a repeated name: a page continuing a span whose lines were all shown draws
    /// the name only if its first line fits in its part of the page with the padding above and
    /// below it. A group named in Arabic (one line, 21.12 pt) spans rows 3–4, row 4 an item of
    /// 35 lines (484.7 pt) split over three pages: page 1 holds rows 0–3 (86.48) and 14 lines of
    /// row 4 (194.68) and shows the name at 44 + 64.86 + 4 = 112.86; page 2 holds 20 lines
    /// (272.4) and repeats the name at 48; page 3 holds row 4's last line and padding, 17.62 pt,
    /// less than 4 + 21.12 + 4 = 29.12, so it shows no name, and row 5 starts at 44 + 17.62.
    /// Before, page 3 drew the name from 48 to 69.12, 7.5 pt past the span's end at 61.62.
    @Test func aRepeatedNameIsDrawnOnlyWhereOneLineFitsWithItsPadding() throws {
        var sales = SpanAcrossSplitRowTests.sales(item: SpanAcrossSplitRowTests.item(70), name: SpanFirstLineTests.kitchen)
        sales[5].dept = "Tail"
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 3, count: 2)])
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
        #expect(pages.rows == [0..<5, 4..<5, 4..<9])
        let names = pages.map { page in page.textItems.filter { $0.run.text == SpanFirstLineTests.kitchen }.map(\.frame) }
        try #require(names.count == 3)
        #expect(names[0].count == 1 && abs((names[0].first?.minY ?? 0) - 112.86) < 1e-4)
        #expect(names[1].count == 1 && abs((names[1].first?.minY ?? 0) - 48) < 1e-4)
        #expect(names[2].isEmpty)
        let tail = pages[2].textItems.first { $0.run.text == "Tail" }
        #expect(abs((tail?.frame.minY ?? 0) - (44 + 17.62 + 4)) < 1e-4)
    }

    /// Random grouped tables (seeded), each name a word a line ("w0001", five characters in a
    /// ten-character line), each row an item of one to four lines ("r012", then "zzzzzzzz" a
    /// line), on pages of 60 to 400 pt for rows: every word of every name is drawn once, in order
    /// (a page continuing a group whose words were all drawn may repeat its name from the first
    /// word), and on each page inside its group's rows: at least the padding below the top of
    /// the group's first row on the page (below the header on a page continuing the group), and
    /// at least the padding above the next group's first row on the page, or else the page's
    /// end. Row tops are read from the items' first lines, each 4 pt below its row's top. Before
    /// spans grew, names ran past their rows in most tables; before a row cut by a page kept its
    /// growth, seeds 16, 30, 44, 60, 73, 87, 89 and 91 lost lines.
    ///
    /// With `compound`, each name is a compound cell, a vstack of its text (the same lines): its
    /// text items follow the same rules (before they did, names ran past their rows and were
    /// drawn again from the first word on every page continuing their group).
    @Test(arguments: 1...100, [false, true])
    func everyNameWordOnceInsideItsRows(seed: UInt64, compound: Bool) throws {
        var random = SplitMix(seed: seed)
        var sales: [Sale] = [], spans: [DataTableRowSpan] = [], names: [[String]] = [], groupOf: [Int] = []
        var word = 0
        while sales.count < Int.random(in: 5...40, using: &random) || names.isEmpty {
            let count = Int.random(in: 1...6, using: &random)
            let name = (0..<Int.random(in: 1...40, using: &random)).map { _ in
                word += 1
                return "w" + String(repeating: "0", count: 4 - String(word).count) + String(word)
            }
            if count > 1 { spans.append(DataTableRowSpan(column: 0, row: sales.count, count: count)) }
            for _ in 0..<count {
                let row = sales.count
                sales.append(Sale(id: row, dept: name.joined(separator: " "), aisle: "",
                                  item: "r" + String(repeating: "0", count: 3 - String(row).count) + String(row)
                                      + String(repeating: " zzzzzzzz", count: Int.random(in: 0...12, using: &random) / 4)))
                groupOf.append(names.count)
            }
            names.append(name)
        }
        let tableHeight = Double(Int.random(in: 60...400, using: &random)) + 44
        let dept = compound ? DataTableColumn<Sale>("Dept", text: { $0.dept }) { .vstack([.text($0.dept, stack: SpanFirstLineTests.stack)]) }
            : DataTableColumn<Sale>("Dept", \.dept)
        let layout = try SpanFirstLineTests.layout(sales, spans: spans, dept: dept)
        let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: tableHeight + 72), margins: EdgeInsets(36))
        var drawn: [String] = [], seen = Set<Int>()
        for page in pages {
            // Groups whose words were all drawn before this page: a page continuing one repeats
            // its name from the first word.
            let done = Set(names.indices.filter { seen.contains($0) && Set(names[$0]).isSubset(of: drawn) })
            var repeated: [Int: [String]] = [:]
            let items = page.textItems
            // Each group's first row on the page: where it starts (its item is 4 pt lower).
            var starts: [Int: Double] = [:]
            for item in items where item.run.text.hasPrefix("r") {
                let group = groupOf[Int(item.run.text.dropFirst()) ?? 0]
                starts[group] = min(starts[group] ?? .infinity, item.frame.minY - 4)
            }
            for item in items.filter({ $0.frame.minX < 76 && $0.frame.minY >= 44 - 1e-6 }).sorted(by: { $0.frame.minY < $1.frame.minY }) {
                let text = String(item.run.text)
                guard let group = names.firstIndex(where: { $0.contains(text) }) else { drawn.append(text); continue }
                if done.contains(group) { repeated[group, default: []].append(text) } else { drawn.append(text) }
                // A group begun on an earlier page goes on from the header (a split row's lines
                // without the padding again).
                let top = seen.contains(group) ? 44 : (starts[group] ?? .infinity) + 4
                let next = starts.filter { $0.key > group }.map(\.value).min().map { $0 - 4 } ?? tableHeight
                #expect(item.frame.minY >= top - 1e-6, "seed \(seed): \(text) at \(item.frame.minY), above \(top)")
                #expect(item.frame.maxY <= next + 1e-6, "seed \(seed): \(text) ends at \(item.frame.maxY), past \(next)")
            }
            for (group, words) in repeated {
                #expect(words == Array(names[group].prefix(words.count)), "seed \(seed): \(words) repeated")
            }
            seen.formUnion(starts.keys)
        }
        #expect(drawn == names.flatMap { $0 }, "seed \(seed)")
    }

    #if DEBUG
    /// A name going on over many pages is laid out once, not once a page: 400 words (200 lines,
    /// 4 + 2,724 + 4 pt) beside three one-word rows cover ten pages or more of 284 pt, and row 0,
    /// the span's own, has its three cells laid out once each (the name, an empty aisle, k0).
    /// Before, the name was laid out again for each page that went on with it, in pagination
    /// and in drawing both, so a name over P pages cost its whole text P times: a 20,000-word
    /// name on 1,391 pages took 18.6 s to render, a 5,000-word one on 352 pages 0.82 s.
    @Test func aNameOverManyPagesIsLaidOutOnce() throws {
        let name = SpanAcrossSplitRowTests.words(400)
        let sales = (0..<3).map { Sale(id: $0, dept: name, aisle: "", item: "k\($0)") }
        let layout = try SpanFirstLineTests.layout(sales, spans: [DataTableRowSpan(column: 0, row: 0, count: 3)])
        let probe = CellText.Probe()
        let pageCount = try CellText.$probe.withValue(probe) {
            let pages = try layout.pages(style: .plain, page: PageSize(width: 300, height: 400), margins: EdgeInsets(36))
            for page in pages { _ = page.textItems.count }
            return pages.count
        }
        #expect(pageCount >= 10)
        #expect(probe.rows[0] == 3)
    }
    #endif
}
