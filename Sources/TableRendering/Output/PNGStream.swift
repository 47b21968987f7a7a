internal import DocumentStreams
internal import CCairo
internal import CPNGStream

/// A PNG written by libpng a strip of rows at a time onto a sink (see `textmeasure_png_stream`
/// in the CPNGStream target): RGBA, no row filter, zlib `level`. libpng's state is freed when
/// this is let go, finished or not.
final class PNGStream {
    private let stream: OpaquePointer
    private let sink: OutputSink

    /// A PNG `width` × `height` pixels starting on `sink`.
    ///
    /// - Throws: `RenderError.png` with libpng's message, `.cairo` when memory or the sink failed.
    init(width: Int, height: Int, level: Int32 = 6, sink: OutputSink) throws(RenderError) {
        guard let stream = textmeasure_png_create() else { throw Self.outOfMemory }
        self.stream = stream
        self.sink = sink
        guard textmeasure_png_begin(stream, UInt32(width), UInt32(height), level, Self.write, sink.closure) != 0 else {
            throw failure
        }
    }

    deinit { textmeasure_png_destroy(stream) }

    /// Writes the next `count` rows of Cairo ARGB32 pixels (premultiplied), `stride` bytes apart
    /// from `pixels` on, each as wide as the image.
    func write(_ pixels: UnsafeRawPointer, stride: Int, count: Int) throws(RenderError) {
        guard textmeasure_png_write_rows(stream, pixels.assumingMemoryBound(to: UInt8.self), stride, UInt32(count)) != 0 else {
            throw failure
        }
    }

    /// Ends the PNG: call once every row is written.
    func finish() throws(RenderError) {
        guard textmeasure_png_finish(stream) != 0 else { throw failure }
    }

    /// The sink's bytes, from C: 1 when they were written.
    private static let write: textmeasure_png_write_func = { closure, data, length in
        let sink = Unmanaged<OutputSink>.fromOpaque(closure!).takeUnretainedValue()
        return sink.consume(UnsafeRawBufferPointer(start: data, count: Int(length))) ? 1 : 0
    }

    private static var outOfMemory: RenderError { .cairo(String(cString: cairo_status_to_string(CAIRO_STATUS_NO_MEMORY))) }

    /// What went wrong: the sink (as Cairo's writer reports it), libpng's message, or memory.
    private var failure: RenderError {
        if textmeasure_png_write_failed(stream) != 0 { return .cairo(String(cString: cairo_status_to_string(CAIRO_STATUS_WRITE_ERROR))) }
        let message = String(cString: textmeasure_png_message(stream))
        return message.isEmpty ? Self.outOfMemory : .png(message)
    }
}
