import CellLayout
import DataTables
import DocumentStreams
import Foundation
import TableRendering
import Testing
import TextMeasure
import TextMeasureTestSupport

/// `DocumentStream.pdf(of:…)`: its chunks are the PDF `Drawing.pdfData(pages:)` writes for the
/// same pages, and a reader that goes away (cancelled, or ending the iteration) stops the work.
@Suite struct DocumentStreamTests {
    /// Every report of `stream`, once its work ends.
    static func reports(_ stream: DocumentStream) async -> [DocumentStream.Progress] {
        var reports: [DocumentStream.Progress] = []
        for await report in stream.progress { reports.append(report) }
        return reports
    }

    /// Every chunk read, and every report, in order.
    static func read(_ stream: DocumentStream) async throws -> (chunks: [[UInt8]], progress: [DocumentStream.Progress]) {
        async let progress = Self.reports(stream)
        var chunks: [[UInt8]] = []
        for try await chunk in stream { chunks.append(chunk) }
        return (chunks, await progress)
    }

    @Test func theChunksAreThePDFOfThePages() async throws {
        let furniture = PageFurniture(title: "Stock", pageNumbers: true)
        let reference = try RenderingFixtures.packagesLayout(rows: 2_000)
        try reference.narrowColumns(toPage: .a4)
        let pages = try reference.pages(furniture: furniture)
        let expected = try Drawing.pdfData(pages: pages)
        let stream = DocumentStream.pdf(of: try RenderingFixtures.packagesLayout(rows: 2_000), furniture: furniture)
        let (chunks, progress) = try await Self.read(stream)
        #expect(chunks.count > 1)
        // Cairo's pieces of a few bytes to a few KiB come gathered: 64 KiB at least, but the last.
        #expect(chunks.dropLast().allSatisfy { $0.count >= 1 << 16 }, "\(chunks.map(\.count).sorted().prefix(5))")
        #expect(RenderingFixtures.undatedPDF(Array(chunks.joined())) == RenderingFixtures.undatedPDF(expected))
        // Iterated once: a second iteration finds it finished.
        #expect(try await Self.firstChunk(of: stream) == nil)
        // The reports the work made, in order; a reader that lags misses some, never the newest 64.
        let made: [DocumentStream.Progress] = [.rowsMeasured(2_000, of: 2_000), .paginated(pages: pages.count)]
            + (1...pages.count).map { .pagesDrawn($0, of: pages.count) } + [.finished]
        var unread = made[...], inOrder = true
        for report in progress {
            guard let at = unread.firstIndex(of: report) else { inOrder = false; break }
            unread = unread[(at + 1)...]
        }
        #expect(inOrder, "not in the order made: \(progress)")
        #expect(progress.suffix(64) == made.suffix(64))
    }

    /// A second iterator, made while the first reads, finds the sequence finished and leaves the
    /// first reading to the end: letting it go stops nothing (a PDF of 2,000 rows, about 80 KB,
    /// in chunks of 4 KiB).
    @Test func aSecondIteratorLeavesTheFirstAlone() async throws {
        let expected = try await Self.read(.pdf(of: try RenderingFixtures.packagesLayout(rows: 2_000))).chunks.joined()
        let stream = DocumentStream.pdf(of: try RenderingFixtures.packagesLayout(rows: 2_000), bufferLimit: 1 << 12)
        var first = stream.makeAsyncIterator()
        var read = try #require(try await first.next())
        #expect(try await Self.firstChunk(of: stream) == nil)
        while let chunk = try await first.next() { read += chunk }
        #expect(RenderingFixtures.undatedPDF(read) == RenderingFixtures.undatedPDF(expected))
    }

    /// The layout's JSON, streamed: the bytes `writeLayoutDocument(to:)` writes, in chunks of
    /// of 1 MiB at least, but the last (7,000 rows, 1.2 MB, take two).
    @Test func theLayoutJSONChunksAreTheWrittenFile() async throws {
        let expected = try RenderingFixtures.packagesLayout(rows: 7_000).writtenLayoutJSON()
        let (chunks, progress) = try await Self.read(.layoutJSON(of: try RenderingFixtures.packagesLayout(rows: 7_000)))
        #expect(chunks.count > 1)
        #expect(chunks.dropLast().allSatisfy { $0.count >= 1 << 20 }, "\(chunks.map(\.count))")
        #expect(Array(chunks.joined()) == expected)
        #expect(progress == [.rowsMeasured(7_000, of: 7_000), .finished])
    }

    /// `write(toFile:)`: the file is the stream's bytes; a path that cannot be written is an
    /// error naming it, before any work, and a stream let go unread ends its progress (a reader
    /// of the progress of a stream that never started waited for ever).
    @Test(.timeLimit(.minutes(3))) func aStreamWrittenToAFileIsItsBytesAndAnUnwritablePathEndsIt() async throws {
        let folder = try RenderingFixtures.temporaryFolder()
        let expected = try RenderingFixtures.packagesLayout(rows: 300).writtenLayoutJSON()
        try await DocumentStream.layoutJSON(of: try RenderingFixtures.packagesLayout(rows: 300)).write(toFile: folder + "/t.json")
        #expect(FileManager.default.contents(atPath: folder + "/t.json") == Data(expected))
        var stream: DocumentStream? = DocumentStream.pdf(of: try RenderingFixtures.packagesLayout(rows: 100))
        let progress = try #require(stream?.progress)
        await #expect(throws: RenderError.self) { try await stream?.write(toFile: folder + "/missing/t.pdf") }
        stream = nil
        var reports = 0
        for await _ in progress { reports += 1 }
        #expect(reports == 0)
    }

    /// Cancelled while its rows are measured: the iteration throws `CancellationError`, no page
    /// is drawn, and the work ends (its progress stream finishes) before every row is measured.
    @Test func cancellingTheReaderStopsTheWork() async throws {
        let total = 300_000
        let stream = DocumentStream.pdf(of: try RenderingFixtures.packagesLayout(rows: total))
        let reading = Task {
            var chunks = 0
            for try await _ in stream { chunks += 1 }
            return chunks
        }
        var reports: [DocumentStream.Progress] = []
        for await report in stream.progress {
            reports.append(report)
            if case .rowsMeasured = report { reading.cancel() }
        }
        // The progress stream ended: the work is over.
        await #expect(throws: CancellationError.self) { try await reading.value }
        let measured = reports.compactMap { if case .rowsMeasured(let rows, _) = $0 { rows } else { nil } }
        #expect(measured.last ?? total < total)
        #expect(!reports.contains { if case .pagesDrawn = $0 { true } else { false } })
        #expect(!reports.contains(.finished))
    }

    /// A table in column bands: its bands' rows are reported as they are measured, a row once
    /// however many bands show it, up to every row, before the pages are known.
    @Test func aTableInBandsReportsItsRowsMeasured() async throws {
        let layout = try BandMeasuringTests.layout()
        let rows = layout.rowCount
        // The first chunk only: the writer, past a buffer of 1 byte, waits there, so the reports
        // before it (a few, of the thousand pages' reports, that the stream keeps the newest 64
        // of) are all kept.
        let stream = DocumentStream.pdf(of: layout, style: NoChromeStyle(), page: BandMeasuringTests.page, margins: EdgeInsets(10),
                                        bufferLimit: 1)
        async let reports = Self.reports(stream)
        #expect(try await Self.firstChunk(of: stream)?.isEmpty == false)
        let progress = await reports
        let measured = progress.prefix { if case .paginated = $0 { false } else { true } }
        let counts = measured.compactMap { if case .rowsMeasured(let done, of: rows) = $0 { done } else { nil } }
        #expect(counts.count == measured.count && counts.count > 1)
        #expect(counts == counts.sorted() && counts.last == rows)
        #expect(progress.contains { if case .paginated = $0 { true } else { false } })
    }

    /// The first chunk of `stream`, the iteration then ended (its iterator let go on return).
    static func firstChunk(of stream: DocumentStream) async throws -> [UInt8]? {
        for try await chunk in stream { return chunk }
        return nil
    }

    /// An iteration that stops after the first chunk: the writer, held by the unread bytes
    /// (past `bufferLimit`, 4 KiB of a document of 160 KB), is let go and stops; it never
    /// draws the last page.
    @Test func endingTheIterationEarlyStopsTheWork() async throws {
        let stream = DocumentStream.pdf(of: try RenderingFixtures.packagesLayout(rows: 4_000), bufferLimit: 1 << 12)
        async let progress = Self.reports(stream)
        #expect(try await Self.firstChunk(of: stream)?.isEmpty == false)
        let reports = await progress
        let drawn = reports.compactMap { if case .pagesDrawn(let page, let pages) = $0 { (page, pages) } else { nil } }
        #expect(drawn.count < drawn.last?.1 ?? 0)
        #expect(!reports.contains(DocumentStream.Progress.finished))
    }
}

extension DataTableLayout {
    /// The bytes `writeLayoutDocument(to:)` writes.
    func writtenLayoutJSON() throws -> [UInt8] {
        let path = try RenderingFixtures.temporaryFolder() + "/layout.json"
        try writeLayoutDocument(to: path)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
