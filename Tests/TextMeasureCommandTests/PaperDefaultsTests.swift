import Foundation
import Testing
import TableRendering
import TextMeasureTestSupport

/// What `render` gives with no options: paper (a PDF, or the layout JSON with --page) at 10 pt,
/// its columns sharing the page's width inside the margins as a browser's automatic layout shares
/// it (one band whenever their min-content widths fit), no sort arrow's room; a screen (PNG, SVG,
/// HTML, the JSON without --page) at 14 px with SwiftDataTables' widths.
@Suite struct PaperDefaultsTests {
    /// A report of 5 columns whose longest name (60 characters) is wider than its share of A4.
    static let report = "Customer,Region,Revenue,Orders,Rate\n"
        + (1...40).map { index in
            let name = String(repeating: "Northwind Traders International Holdings ", count: 2).prefix(10 + index) + " \(index)"
            return "\(name),North,\(index * 1234).50,\(index * 7),\(index).5%"
        }.joined(separator: "\n") + "\n"

    func document(_ arguments: [String]) throws -> [String: Any] {
        let folder = try RenderingFixtures.temporaryFolder()
        try Self.report.write(toFile: folder + "/r.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/r.csv", "-o", folder + "/r.json"] + arguments, input: [])
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/r.json"))) as? [String: Any])
    }

    @Test func paperIsTenPointsInOneBandAtThePagesWidth() throws {
        let paper = try document(["--page", "a4"])
        let fonts = try #require(paper["fonts"] as? [[String: Any]])
        #expect(fonts.allSatisfy { $0["size"] as? Double == 10 }, "\(fonts)")
        let columns = try #require(paper["columns"] as? [[String: Any]])
        // Min- and max-content widths: the automatic layout; their min-content widths fit A4's 523.28 pt.
        let minimum = columns.compactMap { $0["minContentWidth"] as? Double }
        #expect(minimum.count == 5 && minimum.reduce(0, +) < 523.28)
        let pages = try #require(paper["pages"] as? [[String: Any]])
        #expect(pages.allSatisfy { $0["columns"] as? [Int] == [0, 1, 2, 3, 4] })
        // The band fills the page inside the margins, less the bordered style's 1 pt line on each side.
        let room = 595.28 - 72 - 2
        for page in pages {
            let widths = try #require(page["widths"] as? [Double])
            let total = widths.reduce(0, +)
            #expect(abs(total - room) < 0.01, "\(widths)")
        }
        // The customer names wrap: some row is taller than one line.
        let rows = try #require(paper["rows"] as? [[String: Any]])
        #expect(rows.contains { (($0["cells"] as? [[Any]])?[0].count ?? 0) > 1 })
    }

    @Test func aScreenIsFourteenPixelsAtSwiftDataTablesWidths() throws {
        let screen = try document([])
        let fonts = try #require(screen["fonts"] as? [[String: Any]])
        #expect(fonts.allSatisfy { $0["size"] as? Double == 14 }, "\(fonts)")
        let columns = try #require(screen["columns"] as? [[String: Any]])
        #expect(columns.allSatisfy { $0["minContentWidth"] == nil })
        // Every name on one line: the column is as wide as the widest.
        let rows = try #require(screen["rows"] as? [[String: Any]])
        #expect(rows.allSatisfy { (($0["cells"] as? [[Any]])?[0].count ?? 0) == 1 })
        // --size and --table-layout still decide when given.
        let given = try document(["--page", "a4", "--size", "12", "--table-layout", "fitted"])
        #expect((given["fonts"] as? [[String: Any]])?.allSatisfy { $0["size"] as? Double == 12 } == true)
        #expect((given["columns"] as? [[String: Any]])?.allSatisfy { $0["minContentWidth"] == nil } == true)
    }

    /// The PDF with no options: every page shows every column's title; the help says the defaults.
    @Test func aPDFWithNoOptionsIsOneBand() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try Self.report.write(toFile: folder + "/r.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/r.csv", "-o", folder + "/r.pdf"], input: [])
        try #require(result.status == 0, "\(result.stderr)")
        let pages = Int(try #require(RenderingFixtures.output(of: "pdfinfo", [folder + "/r.pdf"]))
            .split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages >= 1)
        for page in 1...pages {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-layout", "-f", "\(page)", "-l", "\(page)", folder + "/r.pdf", "-"]))
            let header = text.split(separator: "\n").first { !$0.allSatisfy(\.isWhitespace) }.map { $0.split(separator: " ").map(String.init) }
            #expect(header == ["Customer", "Region", "Revenue", "Orders", "Rate"], "page \(page)")
        }
        let help = try Command().run(["help", "render"], input: [])
        #expect(help.stdout.contains("10 pt on paper"), "\(help.stdout)")
    }
}
