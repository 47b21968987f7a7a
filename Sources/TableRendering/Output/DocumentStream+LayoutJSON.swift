public import DocumentStreams
public import DataTables

extension DocumentStream {
    /// `layout` as data (`DataTableLayout.layoutDocument(alignments:pages:)`) in JSON, streamed:
    /// the bytes `writeLayoutDocument(to:alignments:pages:)` writes to a file, given to the reader
    /// about 1 MiB at a time, a thousand rows laid out at a time.
    ///
    /// The first bytes come once every row is measured (the document's content height comes
    /// before its rows); from then on, memory holds a thousand rows' lines and `bufferLimit`
    /// unread bytes at most (a chunk more). `progress` reports the rows measured, then `finished`.
    /// Stopping, back pressure and the thread it runs on are as for every `DocumentStream`.
    ///
    /// The layout is the stream's from here on (`sending`): nothing else may use it.
    ///
    /// - Complexity: as `layoutDocument(alignments:pages:)`; none before the first `next()`.
    public static func layoutJSON<Row: SendableMetatype>(of layout: sending DataTableLayout<Row>,
                                                         alignments: [ColumnAlignment] = [],
                                                         bufferLimit: Int = DocumentStream.defaultBufferLimit) -> DocumentStream {
        DocumentStream(bufferLimit: bufferLimit, cannotWrite: RenderError.cannotWrite) { sink, report, isCancelled in
            guard measureRows(of: layout, report: report, isCancelled: isCancelled) else { return }
            try layout.writeLayoutDocument(alignments: alignments, pages: nil,
                                           reportedAs: "the stream") { chunk throws(RenderError) in
                guard !isCancelled() else { throw .cannotWrite(path: "the stream", reason: "the reader has gone") }
                _ = chunk.withUnsafeBytes { sink.consume($0) }
            }
        }
    }
}
