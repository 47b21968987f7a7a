import CCairo

/// The pixels of a PNG image, decoded by Cairo: for the tests that look at what was drawn.
package struct Bitmap: Sendable {
    package let width: Int
    package let height: Int
    /// Rows top to bottom, each pixel (red, green, blue, alpha) from 0 to 255, not premultiplied.
    package let pixels: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)]

    /// The pixel at column `x`, row `y`.
    package subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) { pixels[y * width + x] }

    /// `png` decoded; nil when Cairo cannot read it.
    package init?(png: [UInt8]) {
        final class Source {
            var bytes: [UInt8]
            var offset = 0
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }
        let source = Source(png)
        let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.bytes.count, let data else { return CAIRO_STATUS_READ_ERROR }
            source.bytes.withUnsafeBufferPointer { data.update(from: $0.baseAddress! + source.offset, count: count) }
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())!
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 || cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        else { return nil }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                let argb = row[x]  // native-endian, premultiplied
                let alpha = hasAlpha ? UInt32(argb >> 24) : 255
                func channel(_ shift: UInt32) -> UInt8 {
                    let value = (argb >> shift) & 0xFF
                    return alpha == 0 ? 0 : UInt8(min(255, (value * 255 + alpha / 2) / alpha))
                }
                pixels.append((channel(16), channel(8), channel(0), UInt8(alpha)))
            }
        }
        (self.width, self.height, self.pixels) = (width, height, pixels)
    }
}
