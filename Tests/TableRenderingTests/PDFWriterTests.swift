import TableRendering
import Testing
import TextMeasureTestSupport

/// `Drawing.pdfData(pages:)` writes each page on a thread of its own while the next are read:
/// the pages still come out in order, and the first page that fails is the error.
@Suite struct PDFWriterTests {
    func filled(width: Double, height: Double) -> Drawing {
        Drawing(bounds: Rect(x: 0, y: 0, width: width, height: height),
                items: [.fill(.rectangle(Rect(x: 0, y: 0, width: width, height: height)), .blue)])
    }

    /// Forty pages, page i 100 + i points tall: pdfinfo reads their sizes back in that order.
    @Test func pagesAreWrittenInTheOrderRead() throws {
        let pdf = try Drawing.pdfData(pages: (0..<40).lazy.map { filled(width: 200, height: 100 + Double($0)) })
        let path = try RenderingFixtures.temporaryFolder() + "/order.pdf"
        try writeAtomically(pdf, to: path)
        let info = try #require(RenderingFixtures.output(of: "pdfinfo", ["-f", "1", "-l", "40", path]))
        let sizes = info.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains(" size: ") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) }
        #expect(sizes == (0..<40).map { "200 x \(100 + $0) pts" })
    }

    /// Page 3 is a Cairo error (a transform of scale 0) and page 5 past Cairo's limit: page 3's
    /// error is thrown, and reading stops soon after it (pages go to the writer 8 at a time, and
    /// at most two batches wait to be written).
    @Test func theFirstFailingPageIsTheError() throws {
        let broken = Drawing(bounds: Rect(x: 0, y: 0, width: 10, height: 10),
                             items: [.transformed(scale: 0, offset: Point(x: 0, y: 0), [.fill(.rectangle(Rect(x: 0, y: 0, width: 5, height: 5)), .blue)])])
        let read = Counter()
        let pages = (0..<10_000).lazy.map { index in
            read.count += 1
            return index == 3 ? broken : index == 5 ? filled(width: 595, height: 8_388_608) : filled(width: 100, height: 100)
        }
        #expect(throws: RenderError.cairo("invalid matrix (not invertible)")) { try Drawing.pdfData(pages: pages) }
        // Pages 0...7 (page 3's batch), at most two batches queued after the failure began, one more read.
        #expect(read.count <= 25)
    }

    final class Counter { var count = 0 }
}
