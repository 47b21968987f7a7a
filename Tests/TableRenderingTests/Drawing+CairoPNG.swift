import CCairo
import TableRendering

extension Drawing {
    /// Who writes a PNG: libpng a band at a time (`pngData(scale:)`), or Cairo's own writer from
    /// one surface holding the whole image, at most 32,767 pixels a side (every filter tried;
    /// the same pixels, 2.5 times the time and larger files for tables): the reference of the
    /// pixel tests.
    enum PNGWriter: Sendable { case libpng, cairo }

    func pngData(scale: Double, writer: PNGWriter) throws(RenderError) -> [UInt8] {
        guard writer == .cairo else { return try pngData(scale: scale) }
        let (width, height) = try Self.imageSize(of: bounds, scale: scale)
        guard width <= 32767, height <= 32767 else { throw .cairo("an image surface holds at most 32767 px a side") }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        try draw(onCairoSurface: surface, scale: scale)
        final class Bytes { var bytes: [UInt8] = [] }
        let collected = Bytes()
        let status = withExtendedLifetime(collected) {
            cairo_surface_write_to_png_stream(surface, { closure, data, length in
                Unmanaged<Bytes>.fromOpaque(closure!).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeRawBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return collected.bytes
    }
}
