import CHarfBuzz
import CellLayout
import DataTables
import Foundation
import Testing
@testable import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// A wrapped cell far taller than a page, split between pages: what each page shows, read back
/// by poppler's `pdftotext`, against lines and pages counted by hand in a monospaced font; and
/// the work, counted: the row is laid out once, whatever the number of its pages.
@Suite struct SplitRowPageTests {
    /// Words of five characters, distinct and in order: "w0001 w0002 …".
    static func words(_ count: Int) -> [String] {
        (1...count).map { "w" + String(repeating: "0", count: 4 - String($0).count) + String($0) }
    }

    /// One column 300 pt wide, one row: the words wrapped in Noto Sans Mono 14.
    static func layout(words: [String]) throws -> DataTableLayout<RenderingFixtures.Product> {
        var configuration = DataTableConfiguration(font: try FontStack([Font.bundled(.notoSansMono, size: 14)]))
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 300)
        return try DataTableLayout(rows: [RenderingFixtures.Product(id: 0, fields: [words.joined(separator: " ")])],
                                   columns: [DataTableColumn<RenderingFixtures.Product>("Words") { $0.fields[0] }],
                                   configuration: configuration)
    }

    /// HarfBuzz's advance of a digit and line height (ascender − descender + line gap) of the
    /// bundled Noto Sans Mono at 14 pt, from the font file.
    static func monoMetrics() throws -> (advance: Double, line: Double) {
        let blob = try #require(hb_blob_create_from_file_or_fail(try BundledFont.notoSansMono.path()))
        let face = hb_face_create(blob, 0), font = hb_font_create(face)
        defer { hb_font_destroy(font); hb_face_destroy(face); hb_blob_destroy(blob) }
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        var glyph: hb_codepoint_t = 0
        #expect(hb_font_get_nominal_glyph(font, 0x30, &glyph) != 0)
        let scale = 14 / Double(hb_face_get_upem(face))
        return (Double(hb_font_get_glyph_h_advance(font, glyph)) * scale,
                Double(extents.ascender - extents.descender + extents.line_gap) * scale)
    }

    /// 3,000 words: each line holds n words where 6n − 1 characters fit the 300 pt column less its
    /// padding (a trailing space hangs); the first page holds the top padding and as many lines
    /// as fit below the header, each later page ⌊room / line⌋, the last the rest and the bottom
    /// padding. pdftotext of each page gives its lines' words, and of all pages every word once,
    /// in order.
    @Test func aTallWrappedCellShowsEveryWordOnceInOrderOnTheComputedPages() throws {
        let words = Self.words(3000)
        let layout = try Self.layout(words: words)
        let pages = try layout.pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))

        let (advance, line) = try Self.monoMetrics()
        let padding = layout.configuration.cellPadding
        let perLine = Int(((300 - padding.horizontal + advance) / (6 * advance)).rounded(.down))
        let lines = stride(from: 0, to: words.count, by: perLine).map { Array(words[$0..<min(words.count, $0 + perLine)]) }
        let room = PageSize.a4.height - 72 - layout.configuration.headerHeight
        var expected: [[String]] = []
        var (next, last) = (0, 0)
        while next < lines.count {
            let fit = Int(((expected.isEmpty ? room - padding.top : room) / line).rounded(.down))
            last = min(lines.count, next + fit) - next
            expected.append(lines[next..<next + last].flatMap { $0 })
            next += last
        }
        if Double(last) * line + padding.bottom > room { expected.append([]) }  // the padding alone
        #expect(perLine == 5 && lines.count == 600)  // 5 × 8.4 pt words and 4 spaces fit 284 pt, 6 words do not
        #expect(pages.count == expected.count)

        let path = try RenderingFixtures.temporaryFolder() + "/split-row.pdf"
        try writeAtomically(try Drawing.pdfData(pages: pages), to: path)
        var all: [String] = []
        for page in 1...pages.count {
            let text = try #require(RenderingFixtures.output(of: "pdftotext", ["-f", "\(page)", "-l", "\(page)", path, "-"]))
            let shown = text.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(shown.first == "Words", "page \(page) starts \(shown.prefix(2))")
            #expect(Array(shown.dropFirst()) == (page <= expected.count ? expected[page - 1] : []), "page \(page)")
            all += shown.dropFirst()
        }
        #expect(all == words)
    }

    /// A row over a million points tall: 60,000 hard lines of one digit in Noto Sans 14 (19.068 pt
    /// each, 38 a page). Its lines lie that far from its top, placed with rounding of 1e-9 pt and
    /// more; every line is still drawn once, in order, on its page.
    @Test func aRowAMillionPointsTallKeepsEveryLine() throws {
        let digits = (0..<60_000).map { String($0 % 10) }
        var configuration = DataTableConfiguration(font: try FontStack.bundled(size: 14))
        configuration.textLayout = .wrap
        configuration.columnWidthMode = .fixed(width: 100)
        let layout = try DataTableLayout(rows: [RenderingFixtures.Product(id: 0, fields: [digits.joined(separator: "\n")])],
                                         columns: [DataTableColumn<RenderingFixtures.Product>("D") { $0.fields[0] }],
                                         configuration: configuration)
        let pages = try layout.pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))
        #expect(layout.height(ofRow: 0) > 1e6 && pages.count > 1500)
        let drawn = pages.flatMap { page in
            page.textItems.filter { $0.frame.minY >= configuration.headerHeight - 1e-9 }.map { String($0.run.text) }
        }
        #expect(drawn == digits)
    }

    #if DEBUG
    /// Pagination lays the tall row's lines out once, and each page shapes only its own lines,
    /// however many pages the row takes: counted, for 1,000 and 4,000 words (200 and 800 lines
    /// of 5 words, 38 lines of 19.068 pt a page).
    @Test(arguments: [1000, 4000])
    func aTallRowIsLaidOutOnceWhateverItsPages(words count: Int) throws {
        let layout = try Self.layout(words: Self.words(count))
        let probe = CellText.Probe()
        let drawn = try CellText.$probe.withValue(probe) {
            let pages = try layout.pages(style: NoChromeStyle(), page: .a4, margins: EdgeInsets(36))
            return pages.map { $0.textItems.count }
        }
        #expect(drawn.count > count / 200)  // at most 40 lines of 5 words a page
        #expect(probe.rows == [0: 1])
        // Every line drawn once, on one page: as many runs as lines, and not more.
        let runs: Int = drawn.reduce(0, +), lines: Int = (count + 4) / 5
        #expect(runs == drawn.count + lines)
    }
    #endif
}
