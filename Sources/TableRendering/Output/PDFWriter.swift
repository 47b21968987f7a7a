internal import DocumentStreams
internal import CCairo
import Dispatch
import TextMeasure

/// A PDF document written by Cairo on a thread of its own, a few pages at a time, in order,
/// while the caller makes the next pages (`Drawing.pdfData(pages:)`): drawing a page's display
/// list and writing it overlap. Pages go to the writer in batches of `batchSize`, and at most
/// `queued` batches wait to be written, so a long document still holds only a few pages. (Each
/// hand-over that finds the caller waiting wakes it, which costs the writer, the busier of the
/// two threads, more than a small page costs to write: a batch wakes it once.)
///
/// `@unchecked Sendable`, and why that is safe: the Cairo surface, the fonts and the sink are
/// used only by the blocks of the serial `queue` (and by `finish()` inside `queue.sync`), so never
/// by two threads at once, and Dispatch orders each block after the work before it was queued;
/// the first error is behind a `Lock`; `batch` is the caller's alone. Use one writer from one thread.
final class PDFWriter: @unchecked Sendable {
    /// How many batches may wait to be written.
    static let queued = 2
    /// How many pages go to the writer at once.
    static let batchSize = 8

    private let queue = DispatchQueue(label: "TableRendering.PDFWriter")
    private let room = DispatchSemaphore(value: queued)
    private let failure = Lock<RenderError?>(nil)
    /// The pages written, let go by the caller's next `write(_:)`: freeing a page's display list
    /// is work the writer's thread, the busier of the two, need not do.
    private let written = Lock<[Drawing]>([])
    private let sink: OutputSink
    private let surface: CairoSurface
    /// One face per font for the whole document, so each font is embedded once.
    private let fonts = CairoFonts()
    /// The pages given since the last batch went to the writer.
    private var batch: [Drawing] = []

    /// A document whose bytes go to `sink` as Cairo writes them, on the writer's thread.
    init(to sink: OutputSink) {
        self.sink = sink
        surface = CairoSurface(cairo_pdf_surface_create_for_stream(OutputSink.write, sink.closure,
                                                                   PageSize.a4.width, PageSize.a4.height)!)
    }

    /// A document given up (a page failed, or its reader threw) is finished here, while the sink
    /// that takes its last bytes is still alive: Cairo writes them when the surface goes.
    deinit { cairo_surface_finish(surface.pointer) }

    /// Queues `page` (as large as its bounds), to be written with the pages after it; waits
    /// while `queued` batches wait already.
    ///
    /// - Throws: the first error writing a page before it met (see `Drawing.pdfData(pages:)`);
    ///   the pages after a failed one are not written.
    func write(_ page: Drawing) throws(RenderError) {
        if let error = failure.withLock({ $0 }) { throw error }
        batch.append(page)
        if batch.count == Self.batchSize { sendBatch() }
    }

    /// Hands the waiting pages to the writer's thread, once one of the `queued` places is free.
    private func sendBatch() {
        guard !batch.isEmpty else { return }
        room.wait()
        let done = written.withLock { pages in
            defer { pages.removeAll(keepingCapacity: true) }
            return pages
        }
        withExtendedLifetime(done) {}  // freed here, on the caller's thread
        let waiting = Lock<[Drawing]?>(batch)  // the writer takes the pages out, to hand them back
        batch = []
        queue.async { [self] in
            defer { room.signal() }
            let pages = waiting.withLock { $0.take() } ?? []
            for page in pages {
                guard failure.withLock({ $0 == nil }) else { break }
                do throws(RenderError) {
                    let size = PageSize(width: page.bounds.width, height: page.bounds.height)
                    try size.checkCairosLimit()
                    cairo_pdf_surface_set_size(surface.pointer, size.width, size.height)
                    try page.draw(on: surface.pointer, scale: 1, origin: Point(x: page.bounds.minX, y: page.bounds.minY),
                                  fonts: fonts, showPage: true)
                } catch {
                    failure.withLock { $0 = error }
                }
            }
            written.withLock { $0.append(contentsOf: pages) }
        }
    }

    /// Ends the document, once every queued page is written: its last bytes go to the sink.
    ///
    /// - Throws: the first error writing a page, or finishing the document.
    func finish() throws(RenderError) {
        sendBatch()
        let result: Result<Void, RenderError> = queue.sync {
            if let error = failure.withLock({ $0 }) { return .failure(error) }
            do throws(RenderError) {
                try withExtendedLifetime(sink) { () throws(RenderError) in try surface.finish() }
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
