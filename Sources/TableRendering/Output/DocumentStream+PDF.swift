public import DocumentStreams
public import CellLayout
public import DataTables

extension DocumentStream {
    /// `layout` as a PDF, streamed: its columns narrowed to the page and its pages laid out as
    /// `DataTableLayout.pages(style:page:margins:alignments:fit:furniture:)` lays them out (with
    /// `fit: .bands`, after `narrowColumns(toPage:margins:style:alignments:)`), then drawn and
    /// written by Cairo a page at a time, the bytes given to the reader as Cairo writes them. The
    /// bytes are those of `Drawing.pdfData(pages:)` for the same pages.
    ///
    /// The first bytes come once every row is measured and the pages are known (a PDF names its
    /// page count and "Page N of M" needs it); from then on, memory holds a few pages' drawings
    /// and `bufferLimit` unread bytes at most (a chunk more), never the document. `progress` reports the rows
    /// measured (of a table in column bands: the rows of every band, a row counted once), the
    /// page count, and each page drawn.
    ///
    /// The layout is the stream's from here on (`sending`): nothing else may use it.
    ///
    /// - Throws (from the iteration): what `narrowColumns` and `pages` throw, and
    ///   `RenderError` for a page Cairo fails to write.
    /// - Complexity: as `pages(…)` and `Drawing.pdfData(pages:)`; none before the first `next()`.
    public static func pdf<Row: SendableMetatype>(of layout: sending DataTableLayout<Row>, style: some TableStyle = .plain,
                                page: PageSize = .a4, margins: EdgeInsets = EdgeInsets(36),
                                alignments: [ColumnAlignment] = [], fit: PageFit = .bands(),
                                furniture: PageFurniture = PageFurniture(),
                                bufferLimit: Int = DocumentStream.defaultBufferLimit) -> DocumentStream {
        DocumentStream(bufferLimit: bufferLimit, cannotWrite: RenderError.cannotWrite) { sink, report, isCancelled in
            if fit != .scale { try layout.narrowColumns(toPage: page, margins: margins, style: style, alignments: alignments) }
            let chrome = layout.chrome(style: style, alignments: alignments)
            if fit == .scale || layout.columnWidths.totalWidth + chrome.horizontal <= page.width - margins.horizontal {
                // The pages are this layout's own: its rows measured here, to report them.
                guard measureRows(of: layout, report: report, isCancelled: isCancelled) else { return }
            }
            // Column bands measure their rows here, reported the same way.
            let pages = try layout.pages(style: style, page: page, margins: margins, alignments: alignments, fit: fit,
                                         furniture: furniture) { report(.rowsMeasured($0, of: $1)) }
            guard !isCancelled() else { return }
            report(.paginated(pages: pages.count))
            let writer = PDFWriter(to: sink)
            for index in pages.indices {
                guard !isCancelled() else { return }
                try writer.write(pages[index])
                report(.pagesDrawn(index + 1, of: pages.count))
            }
            try writer.finish()
        }
    }

    /// Measures every row of `layout`, 16,384 at a time, reporting each batch; false when
    /// `isCancelled` stopped it first.
    static func measureRows<Row>(of layout: DataTableLayout<Row>, report: (Progress) -> Void,
                                 isCancelled: () -> Bool) -> Bool {
        let batch = 16_384, total = layout.rowCount
        for start in stride(from: 0, to: total, by: batch) {
            guard !isCancelled() else { return false }
            layout.measureRows(start..<Swift.min(total, start + batch))
            report(.rowsMeasured(Swift.min(total, start + batch), of: total))
        }
        return true
    }
}
