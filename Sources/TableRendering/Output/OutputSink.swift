internal import CCairo

/// Where a Cairo or libpng stream's bytes go: a closure that takes each chunk and says whether it
/// was written. Passed to C as `closure` with `write`; keep it alive while the stream writes.
final class OutputSink {
    let consume: (UnsafeRawBufferPointer) -> Bool

    init(_ consume: @escaping (UnsafeRawBufferPointer) -> Bool) { self.consume = consume }

    /// A sink that collects the bytes in memory, and a way to read them.
    static func collecting() -> (sink: OutputSink, bytes: () -> [UInt8]) {
        final class Bytes { var bytes: [UInt8] = [] }
        let collected = Bytes()
        return (OutputSink { collected.bytes.append(contentsOf: $0); return true }, { collected.bytes })
    }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<OutputSink>.fromOpaque(closure!).takeUnretainedValue()
        return sink.consume(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }
}
