import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// Tabular figures (`tnum`) for numeric columns, against `hb-shape --features=tnum`
/// (Scripts/golden-tnum.py writes Fixtures/golden-tnum.tsv). Inter's figures are proportional
/// unless `tnum` is on; Noto Sans's are tabular already. At a size equal to the font's units per
/// em, a width in points is the width in font units.
@Suite struct TabularFiguresTests {
    struct Golden {
        let font: String, text: String, upem: Double, units: Double, tabular: Double
    }

    static let golden: [Golden] = {
        let text = (try? String(contentsOfFile: Fixtures.directory + "/golden-tnum.tsv", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Golden(font: fields[0], text: fields[1], upem: Double(fields[2])!, units: Double(fields[3])!, tabular: Double(fields[4])!)
        }
    }()

    static func path(_ font: String) throws -> String {
        font == "Inter-Regular.otf" ? "/usr/share/fonts/opentype/inter/Inter-Regular.otf" : try BundledFont.notoSans.path()
    }

    @Test func widthsWithAndWithoutTnumAreHarfBuzzs() throws {
        #expect(Self.golden.count == 20)
        for golden in Self.golden {
            let stack = try FontStack([Font(path: try Self.path(golden.font), size: golden.upem)])
            #expect(stack.width(of: golden.text, cache: nil) == golden.units, "\(golden.font) \(golden.text)")
            #expect(stack.addingFeatures([.tabularFigures]).width(of: golden.text, cache: nil) == golden.tabular,
                    "\(golden.font) \(golden.text) tnum")
        }
    }

    struct Row: Identifiable { let id: Int; let amount: String }

    func layout(_ alignment: ColumnAlignment?, tabular: Bool = true) throws -> DataTableLayout<Row> {
        let inter = try #require(Self.golden.first { $0.font == "Inter-Regular.otf" && $0.text == "1111" })
        var configuration = DataTableConfiguration(font: try FontStack([Font(path: try Self.path(inter.font), size: inter.upem)]))
        configuration.columnWidthMode = .fitContentText(strategy: .maxMeasured)
        (configuration.minColumnWidth, configuration.tabularFigures) = (0, tabular)
        configuration.rowHeightMode = .fixed(5000)
        return try DataTableLayout(rows: [Row(id: 0, amount: "1111")], columns: [DataTableColumn("A", \.amount).aligned(alignment)],
                                   configuration: configuration, frameWidth: nil)
    }

    /// Declared trailing or decimal, or found trailing by its content (no alignment given: a
    /// column of numbers), a column is measured and drawn with tabular figures.
    @Test func aTrailingOrDecimalColumnIsMeasuredAndDrawnWithTnum() throws {
        // "1111" in Inter at 2816 pt: 5232 proportional, 7296 tabular (hb-shape).
        for alignment in [ColumnAlignment?.some(.trailing), .decimal, nil] {
            let layout = try layout(alignment)
            #expect(layout.columnWidths.columns[0].contentWidth == 7296, "\(alignment)")
            let runs = layout.styleConfiguration().rows[0].cells[0].text
            #expect(runs.reduce(0) { $0 + $1.run.width } == 7296, "\(alignment)")
        }
        #expect(try layout(.leading).columnWidths.columns[0].contentWidth == 5232)
        #expect(try layout(.trailing, tabular: false).columnWidths.columns[0].contentWidth == 5232)
    }

    @Test func theCommandGivesAColumnOfNumbersTabularFigures() throws {
        let folder = try RenderingFixtures.temporaryFolder()
        try "N,T\n1111,1111 apples\n".write(toFile: folder + "/n.csv", atomically: true, encoding: .utf8)
        let result = try Command().run(["render", folder + "/n.csv", "-o", folder + "/n.json", "--font", try Self.path("Inter-Regular.otf"),
                                             "--size", "2816", "--min", "0", "--padding", "0", "--sort-indicator", "0"], input: [])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/n.json")))
                                    as? [String: Any])
        let columns = try #require(document["columns"] as? [[String: Any]])
        // N is all numbers: trailing, "1111" 7296 wide with tnum; T is text: "1111" proportional (5232) + " apples".
        #expect(columns[0]["alignment"] as? String == "trailing")
        #expect(columns[0]["width"] as? Double == 7296)
        let apples = try FontStack([Font(path: try Self.path("Inter-Regular.otf"), size: 2816)]).width(of: " apples", cache: nil)
        #expect(columns[1]["width"] as? Double == ((5232 + apples) * 1000).rounded() / 1000)
    }
}
