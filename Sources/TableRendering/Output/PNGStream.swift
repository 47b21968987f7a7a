internal import CCairo

/// A PNG written by libpng a band of rows at a time onto a sink (see `textmeasure_png_stream`
/// in the CCairo shim): RGBA, no row filter, zlib `level`. libpng's state is freed when this is
/// let go, finished or not.
final class PNGStream {
    private var stream = textmeasure_png_stream()
    private let sink: OutputSink

    /// A PNG `width` × `height` pixels starting on `sink`.
    ///
    /// - Throws: `RenderError.png` with libpng's message, `.cairo` when memory or the sink failed.
    init(width: Int, height: Int, level: Int32 = 6, sink: OutputSink) throws(RenderError) {
        self.sink = sink
        guard textmeasure_png_begin(&stream, UInt32(width), UInt32(height), level, OutputSink.write, sink.closure) != 0 else {
            throw failure
        }
    }

    deinit { textmeasure_png_destroy(&stream) }

    /// Writes the next `count` rows of Cairo ARGB32 pixels (premultiplied), `stride` bytes apart
    /// from `pixels` on, each as wide as the image.
    func write(_ pixels: UnsafeRawPointer, stride: Int, count: Int) throws(RenderError) {
        guard textmeasure_png_write_rows(&stream, pixels.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)) != 0 else {
            throw failure
        }
    }

    /// Ends the PNG: call once every row is written.
    func finish() throws(RenderError) {
        guard textmeasure_png_finish(&stream) != 0 else { throw failure }
    }

    /// What went wrong: libpng's message, the sink's status, or memory.
    private var failure: RenderError {
        let message = withUnsafeBytes(of: stream.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if stream.status != CAIRO_STATUS_SUCCESS { return .cairo(String(cString: cairo_status_to_string(stream.status))) }
        return message.isEmpty ? .cairo(String(cString: cairo_status_to_string(CAIRO_STATUS_NO_MEMORY))) : .png(message)
    }
}
