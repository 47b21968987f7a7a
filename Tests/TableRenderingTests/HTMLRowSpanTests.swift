import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Grouped rows in HTML: a spanning cell is one `<td rowspan>` at its first row, and the rows
/// below omit it; in a virtualised page, the first row shown takes a span begun above it.
@Suite struct HTMLRowSpanTests {
    /// Garden × 3, Tools, Kitchen × 2 grouped by department.
    func grouped(_ departments: [String]) throws -> DataTableLayout<HTMLTests.Item> {
        let layout = try HTMLTests().layout(["Dept", "Item"], departments.enumerated().map { [$1, "i\($0)"] })
        try layout.groupRows(byColumn: 0)
        return layout
    }

    /// Each row's `<td>` opening tags' attributes, by `data-row`.
    func cells(_ html: String) throws -> [[String]] {
        try HTMLTests().matches(#"<tr data-row="\d+"[^>]*>(.*?)</tr>"#, in: html).map {
            try HTMLTests().matches(#"<td([^>]*)>"#, in: $0).map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The span over rows 0–2 is `rowspan="3"` on row 0, rows 1 and 2 hold only their item (the
    /// first cell of each marked `m`: its column line is drawn); Tools is a plain cell; Kitchen's
    /// span reaches the last row, so its cell has no line under it (`z`).
    @Test func aSpanIsOneCellWithRowspanAndTheRowsBelowOmitIt() throws {
        let html = try grouped(["Garden", "Garden", "Garden", "Tools", "Kitchen", "Kitchen"]).html(style: GridTableStyle()).html
        let moved = "class=\"m\" data-c=\"1\""
        #expect(try cells(html) == [["rowspan=\"3\"", ""], [moved], [moved], ["", ""], ["rowspan=\"2\" class=\"z\"", ""], [moved]])
        // The sticky first column is the span's, not the cell first in a row it covers.
        #expect(html.contains("tbody td:nth-child(1):not([data-c]),[id=\"tm-table\"] tbody td[data-c=\"0\"]{position:sticky"))
        #expect(try HTMLTests().matches(#"<td rowspan="3">(.*?)</td>"#, in: html).first?.contains(">Garden<") == true)
    }

    /// The row data: the spanning cell leads with its row count, the covered cells are the
    /// number of the span's first row.
    @Test func rowDataGivesASpansCountAndItsCoveredCellsItsFirstRow() throws {
        let table = try grouped(["Garden", "Garden", "Garden", "Tools", "Kitchen", "Kitchen"])
            .html(options: HTMLOptions(virtualizedRowCount: 1, rowDataURL: "t.json"))
        let text = try #require(table.rowData)
        let data = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rows = try #require(data["rows"] as? [[Any]])
        #expect((rows[0][0] as? [Any])?.first as? Int == 3)
        #expect(rows[1][0] as? Int == 0 && rows[2][0] as? Int == 0)
        #expect((rows[3][0] as? [Any])?.first is [Any])  // Tools: its lines, no count
        #expect((rows[4][0] as? [Any])?.first as? Int == 2 && rows[5][0] as? Int == 4)
    }

    /// 150 "Alpha" rows then 50 "Bravo", virtualised with no prefetch; scrolled to row 100, the
    /// first row shown holds "Alpha" in a cell spanning the Alpha rows shown (to 149, or the last
    /// shown), level with its row; every other row shown has only its item, naming its column.
    @Test func aVirtualisedPageShowsASpanBegunAboveOnItsFirstRow() throws {
        let layout = try grouped(Array(repeating: "Alpha", count: 150) + Array(repeating: "Bravo", count: 50))
        let folder = try RenderingFixtures.temporaryFolder()
        let page = folder + "/groups.html"
        let table = try layout.html(options: HTMLOptions(virtualizedRowCount: 1, prefetchRows: 0, rowDataURL: "groups.json"))
        let probe = """
            <script>(async () => {
              const root = document.getElementById("tm-table");
              if (root.dataset.rows !== "ready") await new Promise(done => root.addEventListener("rowsready", done));
              await document.fonts.ready;
              scrollTo(0, root.querySelector(".t").getBoundingClientRect().top + \(layout.offset(ofRow: 100)));
              dispatchEvent(new Event("scroll"));  // the rows update at once
              const rows = [...root.querySelectorAll("tbody tr")];
              const first = rows[0].cells[0];
              document.body.insertAdjacentHTML("beforeend", "<pre id=out>" + JSON.stringify({
                rows: rows.map(row => +row.dataset.row), text: first.textContent, rowspan: first.rowSpan,
                top: first.getBoundingClientRect().top - rows[0].getBoundingClientRect().top,
                counts: rows.map(row => row.cells.length), moved: rows.slice(1).every(row => row.cells[0].dataset.c === "1")}) + "</pre>");
            })();</script>
            """
        let json = try HTMLTests().probed(table, probe: probe, page: page, rowData: "groups.json")
        struct Read: Decodable { let rows: [Int]; let text: String; let rowspan: Int; let top: Double; let counts: [Int]; let moved: Bool }
        let read = try JSONDecoder().decode(Read.self, from: Data(json.utf8))
        let first = try #require(read.rows.first), last = try #require(read.rows.last)
        #expect(first > 90 && first <= 100 && last < 150)  // the window is inside the Alpha group
        #expect(read.text == "Alpha")
        #expect(read.rowspan == last + 1 - first)
        #expect(read.top == 0)
        #expect(read.counts == [2] + Array(repeating: 1, count: read.rows.count - 1))
        #expect(read.moved)  // the item of every row below names its column
    }
}

extension HTMLRowSpanTests {
    /// The PNG stripes every odd row across the table, under a spanning cell too; the HTML span
    /// holds the same stripes. Garden spans rows 0–3 and Tools is row 4, one line of Noto Sans
    /// Mono at 10 px each (13.62 pt, no padding, no header): the `<td rowspan="4">` holds a box
    /// masked to rows 1 and 3, 13.62–27.24 and 40.86–54.48 pt down on the 1/64 px grid (872/64,
    /// 1743/64, 2615/64, 3487/64), filled as striped rows are; the span itself is not filled as
    /// its first row (an even row here) would be. A style without stripes writes no box.
    @Test func aSpanningCellHoldsTheStripesOfItsRows() throws {
        let sales = ["Garden", "Garden", "Garden", "Garden", "Tools"].enumerated().map { MonoTable.Sale(id: $0, dept: $1, item: "i\($0)") }
        let layout = try DataTableLayout(rows: sales, columns: MonoTable.columns, configuration: MonoTable.configuration())
        try layout.groupRows(byColumn: 0)
        let html = try layout.html(style: StripedTableStyle()).html
        let spanning = try #require(try HTMLTests().matches(#"<td rowspan="4">(.*?)</td>"#, in: html).first)
        #expect(spanning.hasPrefix("<div class=\"y\" style=\"mask-image:linear-gradient(#0000 13.625px,#000 13.625px 27.234375px,"
            + "#0000 27.234375px,#0000 40.859375px,#000 40.859375px 54.484375px,#0000 54.484375px)\"></div>"))
        // Odd rows' cells are filled, but not a spanning cell: its box is, as they are (0.96 white: 245).
        #expect(html.contains("[id=\"tm-table\"] tbody tr.o>td:not([rowspan]),[id=\"tm-table\"] tbody td>.y{background:rgba(245,245,245,1)"))
        #expect(try !layout.html(style: GridTableStyle()).html.contains("class=\"y\""))
    }
}
