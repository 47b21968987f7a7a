import CellLayout
import DataTables
import Foundation
import Testing
import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// Bold headers and styled cells drawn in every output: the display list (PDF, PNG, SVG through
/// Cairo), HTML and the layout as JSON.
@Suite struct TextStyleRenderingTests {
    struct Payment: Identifiable, Sendable {
        let id: Int
        let payee: String
        let amount: String
    }

    static let payments = [Payment(id: 0, payee: "Rent", amount: "-1200.00"), Payment(id: 1, payee: "Salary", amount: "3000.00"),
                           Payment(id: 2, payee: "Books", amount: "-45.50")]
    static let columns: [DataTableColumn<Payment>] = [
        DataTableColumn("Payee", \.payee).background(Color(white: 0.9)),
        DataTableColumn("Amount", \.amount).cellStyle { _, text in text.hasPrefix("-") ? DataTableTextStyle(color: .red) : nil },
    ]

    func layout(headerWeight: FontWeight = .bold) throws -> DataTableLayout<Payment> {
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        configuration.headerWeight = headerWeight
        return try DataTableLayout(rows: Self.payments, columns: Self.columns, configuration: configuration, viewportHeight: 1000)
    }

    static func file(_ font: Font) -> String { font.path.map { String($0.split(separator: "/").last ?? "") } ?? "" }

    @Test func headersAreDrawnInTheBoldFaceUnlessAskedRegular() throws {
        for (weight, file) in [(FontWeight.bold, "NotoSans-Bold.ttf"), (.regular, "NotoSans-Regular.ttf")] {
            let configuration = try layout(headerWeight: weight).styleConfiguration()
            let runs = configuration.columns.flatMap(\.header.text)
            #expect(runs.count == 2 && runs.allSatisfy { Self.file($0.run.font) == file }, "\(weight)")
            #expect(configuration.rows.flatMap(\.cells).flatMap(\.text).allSatisfy { Self.file($0.run.font) == "NotoSans-Regular.ttf" })
        }
    }

    /// A page's title is set in the bold faces at 1.5 × the header's size, whatever the
    /// header's weight; the page number in the cells' regular faces.
    @Test func thePageTitleIsBold() throws {
        for weight in [FontWeight.bold, .regular] {
            let pages = try layout(headerWeight: weight).pages(style: .grid, page: PageSize(width: 300, height: 150),
                                                               margins: EdgeInsets(10),
                                                               furniture: PageFurniture(title: "Payments", pageNumbers: true))
            let title = try #require(pages[0].textItems.first { $0.run.text == "Payments" })
            #expect(Self.file(title.run.font) == "NotoSans-Bold.ttf" && title.run.font.size == 21, "\(weight)")
            let number = try #require(pages[0].textItems.first { $0.run.text.hasPrefix("Page 1 of") })
            #expect(Self.file(number.run.font) == "NotoSans-Regular.ttf")
        }
    }

    /// `pdffonts` lists a subset of Noto Sans Bold beside Noto Sans when the header is bold, and
    /// Noto Sans alone when it is not.
    @Test func thePDFEmbedsTheBoldFace() throws {
        for (weight, expected) in [(FontWeight.bold, ["NotoSans-Bold", "NotoSans-Regular"]), (.regular, ["NotoSans-Regular"])] {
            let pdf = try Drawing.pdfData(pages: [try layout(headerWeight: weight).drawing(style: .grid)])
            let path = try RenderingFixtures.temporaryFolder() + "/styled.pdf"
            try Data(pdf).write(to: URL(fileURLWithPath: path))
            let listing = try #require(RenderingFixtures.output(of: "pdffonts", [path]))
            // Each line below the two heading lines names a subset "ABCDEF+NotoSans-Bold".
            let names = listing.split(separator: "\n").dropFirst(2).compactMap { line in
                line.split(separator: " ").first.map { String($0.split(separator: "+").last ?? $0) }
            }
            #expect(names.sorted() == expected, "\(listing)")
        }
    }

    @Test func cellColoursAndBackgroundsAreDrawnUnderTheLines() throws {
        let layout = try layout()
        let drawing = layout.drawing(style: .grid)
        let configuration = layout.styleConfiguration()
        for item in drawing.textItems {
            let amount = configuration.rows.first { row in row.cells[1].text.contains { $0.origin == item.origin && $0.run == item.run } }
            let expected: Color = amount.map { Self.payments[$0.index].amount.hasPrefix("-") ? .red : .black } ?? .black
            #expect(item.color == expected, "\(item.run.text)")
        }
        // The payee cells' fills: one per row, each the cell's frame, before the first grid line.
        let fills = drawing.items.enumerated().compactMap { index, item -> (Int, Rect)? in
            if case .fill(let path, let color) = item, color == Color(white: 0.9) { return (index, path.bounds) }
            return nil
        }
        #expect(fills.map(\.1) == configuration.rows.map { $0.cells[0].frame })
        let firstLine = try #require(drawing.items.firstIndex { if case .stroke = $0 { true } else { false } })
        #expect(fills.allSatisfy { $0.0 < firstLine })
    }

    /// A style swap moves no text of a styled table either, and keeps its colours.
    @Test func swappingTheStyleMovesNoStyledText() throws {
        let layout = try layout()
        let reference = layout.drawing(style: .plain).textItems
        let styles: [any TableStyle] = [BorderedTableStyle(), StripedTableStyle(), GridTableStyle()]
        for style in styles {
            let items = layout.drawing(style: style).textItems
            #expect(items.map(\.origin) == reference.map(\.origin) && items.map(\.run) == reference.map(\.run))
            #expect(items.map(\.color) == reference.map(\.color))
        }
    }

    @Test func htmlDeclaresTheBoldFaceAndStylesTheCells() throws {
        let html = try layout().html().html
        // The bold face's @font-face and its class both say 700: the browser never emboldens.
        #expect(html.contains(";font-weight:700;font-display:block}"))
        #expect(html.range(of: #"\.f[0-9]+\{font-family:[^}]*;font-weight:700\}"#, options: .regularExpression) != nil)
        #expect(html.components(separatedBy: "<td style=\"color:rgba(255,59,48,1)\">").count - 1 == 2)
        #expect(html.components(separatedBy: "<td style=\"background:rgba(230,230,230,1)\">").count - 1 == 3)
        let virtualised = try layout().html(options: HTMLOptions(virtualizedRowCount: 1))
        #expect(try #require(virtualised.rowData).contains("[\"color:rgba(255,59,48,1)\","))
    }

    @Test func theLayoutDocumentPointsAtTheBoldFontEntry() throws {
        let document = try layout().layoutDocument()
        var headerRuns = 0
        for cell in document.header.cells {
            var previous: TableLayoutDocument.Line?
            for line in cell.lines {
                let resolved = line.resolved(after: previous, in: document)
                previous = resolved
                for run in resolved.runs ?? [] {
                    headerRuns += 1
                    #expect(document.fonts[run.font].file == "NotoSans-Bold.ttf" && document.fonts[run.font].weight == 700)
                }
            }
        }
        #expect(headerRuns == 2)
        let amounts = document.rows.map { $0.cells[1] }
        #expect(amounts.map(\.color) == ["rgba(255,59,48,1)", nil, "rgba(255,59,48,1)"])
        // The file writes a styled cell as an object with its colours and lines, an unstyled one
        // as the array of its lines, and reads back as the value.
        let path = try RenderingFixtures.temporaryFolder() + "/styled.json"
        try layout().writeLayoutDocument(to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try JSONDecoder().decode(TableLayoutDocument.self, from: data) == document)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        let cells = try #require(rows.map { $0["cells"] as? [Any] } as? [[Any]])
        let payee = try #require(cells[0][0] as? [String: Any])  // a background, set for the column
        #expect(payee["background"] is String && payee["color"] == nil && payee["lines"] is [Any])
        let rent = try #require(cells[0][1] as? [String: Any])  // red: a negative amount
        #expect(rent["color"] as? String == "rgba(255,59,48,1)" && rent["background"] == nil && rent["lines"] is [Any])
        #expect(cells[1][1] is [Any])  // an amount with no style: the array of its lines
        #expect(document.rows.allSatisfy { $0.cells[0].background == "rgba(230,230,230,1)" })
    }
}

