internal import CCairo
internal import DocumentStreams

extension OutputSink {
    /// A sink that collects the bytes in memory, and a way to read them.
    static func collecting() -> (sink: OutputSink, bytes: () -> [UInt8]) {
        final class Bytes { var bytes: [UInt8] = [] }
        let collected = Bytes()
        return (OutputSink { collected.bytes.append(contentsOf: $0); return true }, { collected.bytes })
    }

    /// The sink as Cairo's and libpng's context pointer, for `write`.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// Cairo's write function for a sink passed as `closure`.
    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<OutputSink>.fromOpaque(closure!).takeUnretainedValue()
        return sink.consume(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }
}
