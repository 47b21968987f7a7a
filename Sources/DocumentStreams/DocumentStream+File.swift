internal import AtomicFiles

extension DocumentStream {
    /// Reads the whole document into the file at `path`, whole or not at all: the chunks go to a
    /// temporary file beside it, which replaces the file once the last one is in; on any error,
    /// or when the task is cancelled, the file at `path` is left as it was. A path that cannot be
    /// written ends the stream before its work starts (its `progress` ends too).
    ///
    /// - Throws: the writer's error for a file it cannot write, naming the path (`RenderError.cannotWrite`
    ///   for a drawing, `SpreadsheetError.cannotWrite` for a workbook); what the document's work threw;
    ///   and `CancellationError` when the task was cancelled.
    /// - Complexity: the document's work; memory holds `bufferLimit` unread bytes at most.
    public func write(toFile path: String) async throws {
        let file: AtomicFile<any Error>
        do { file = try AtomicFile(writing: path, failure: cannotWrite) } catch {
            channel.abandon()
            throw error
        }
        defer { file.discard() }
        for try await chunk in self { try file.append(chunk) }
        try file.commit()
    }
}
