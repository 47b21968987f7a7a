internal import DocumentStreams
internal import AtomicFiles
internal import CCairo

extension Drawing {
    /// The most pixels a side of a PNG: 2^31 − 1, PNG's own limit (libpng's default limit of
    /// 1,000,000 is lifted).
    public static let maximumImageSide = 2_147_483_647
    /// The most pixels across: a row of the strip being drawn is 4 bytes a pixel, and Cairo
    /// addresses rows by a 32-bit count of bytes (its stride), so (2^31 − 1) / 4.
    public static let maximumImageWidth = 536_870_911

    /// The drawing as a PNG image with a transparent background: `bounds` at `scale` pixels a
    /// point (2 for a 2× screen), rounded up to whole pixels; rasterised by Cairo, written by
    /// libpng with no row filter at zlib level 6 (Cairo's pixels, un-premultiplied as its own
    /// writer does it).
    ///
    /// The image is drawn in strips of rows (and tiles across, past Cairo's 32,767 pixels a
    /// side) on one buffer of about 16 MB, each strip's rows written as soon as it is drawn, so
    /// memory holds one strip (and the PNG's bytes, here; `writePNG(to:scale:)` streams them to a
    /// file instead). The pixels are those of one surface drawing everything.
    ///
    /// - Throws: `RenderError.imageTooLarge` past `maximumImageSide` or `maximumImageWidth`,
    ///   before anything is drawn; `.cairo` or `.png` when Cairo or libpng fails.
    /// - Complexity: O(items log items) to index the drawing, then per strip the items that reach
    ///   into it, and the strip's pixels.
    public func pngData(scale: Double = 1) throws(RenderError) -> [UInt8] {
        try pngData(scale: scale, stripHeight: nil)
    }

    /// `pngData(scale:)` written to `path` as it is drawn, whole or not at all (a temporary file
    /// renamed over it): memory holds one strip, however large the image.
    ///
    /// - Throws: as `pngData(scale:)`, and `RenderError.cannotWrite` naming the path.
    /// - Complexity: as `pngData(scale:)`.
    public func writePNG(to path: String, scale: Double = 1) throws(RenderError) {
        try Self.writeFile(path) { sink throws(RenderError) in
            try writePNG(scale: scale, stripHeight: nil, tileWidth: Self.tileWidth, to: sink)
        }
    }

    /// Runs `write` on a sink into `path`, whole or not at all.
    static func writeFile(_ path: String, _ write: (OutputSink) throws(RenderError) -> Void) throws(RenderError) {
        let file = try AtomicFile(writing: path, failure: RenderError.cannotWrite)
        defer { file.discard() }
        var failure: RenderError?  // why the file refused a chunk: the error to report, not libpng's
        do {
            try write(OutputSink { bytes in
                do throws(RenderError) { try file.append(bytes); return true } catch { failure = error; return false }
            })
        } catch {
            throw failure ?? error
        }
        if let failure { throw failure }
        try file.commit()
    }

    /// The image's size in pixels at `scale` (non-positive or not finite: 1): `bounds` rounded
    /// up, at least 1 × 1.
    ///
    /// - Throws: `RenderError.imageTooLarge` past `maximumImageSide` or `maximumImageWidth`.
    public static func imageSize(of bounds: Rect, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        let scale = Self.pixelScale(scale)
        let width = max(1, (bounds.width * scale).rounded(.up)), height = max(1, (bounds.height * scale).rounded(.up))
        guard width <= Double(maximumImageWidth), height <= Double(maximumImageSide) else {
            throw .imageTooLarge(width: width, height: height)
        }
        return (Int(width), Int(height))
    }

    private static func pixelScale(_ scale: Double) -> Double { scale > 0 && scale.isFinite ? scale : 1 }

    /// Cairo's largest image surface across.
    static let tileWidth = 32767
    /// The strip's size: as many rows as fit in this many bytes, at least one.
    private static let stripBytes = 16 << 20

    /// `pngData(scale:)` drawn in strips of `stripHeight` rows (nil: about 16 MB of them) and tiles
    /// of at most `tileWidth` pixels across: for tests, which draw small images in many strips.
    package func pngData(scale: Double, stripHeight: Int?, tileWidth: Int = 32767) throws(RenderError) -> [UInt8] {
        let (sink, bytes) = OutputSink.collecting()
        try writePNG(scale: scale, stripHeight: stripHeight, tileWidth: tileWidth, to: sink)
        return bytes()
    }

    /// The image, a strip at a time, onto `sink`. Every strip is drawn on the same buffer, one
    /// Cairo surface over each tile of it; the strip's window (its pixels, grown by 2 pixels for
    /// anti-aliasing) picks the items drawn, and cuts their paths, so that Cairo's coordinates
    /// stay near the strip's, which start at whole pixels.
    private func writePNG(scale: Double, stripHeight: Int?, tileWidth: Int, to sink: OutputSink) throws(RenderError) {
        let fonts = CairoFonts()
        let index = StripIndex(items, fonts: fonts)
        try Self.writePNG(bounds: bounds, scale: scale, stripHeight: stripHeight, tileWidth: tileWidth, fonts: fonts, to: sink,
                          items: index.items(in:))
    }

    /// An image of `bounds` a strip at a time, onto `sink`: `items` gives what can paint in each
    /// strip (from its top to its bottom, in drawing coordinates, grown by 2 pixels). A strip wider
    /// than a tile gives each tile only the items that reach into it (`StripIndex` across), so
    /// that its cost is its items once, not once a tile.
    static func writePNG(bounds: Rect, scale: Double, stripHeight: Int?, tileWidth: Int, fonts: CairoFonts, to sink: OutputSink,
                         items: (ClosedRange<Double>) -> [DrawingItem]) throws(RenderError) {
        let (width, height) = try Self.imageSize(of: bounds, scale: scale)
        let scale = Self.pixelScale(scale)
        let stride = width * 4
        let rows = min(height, max(1, stripHeight ?? Self.stripBytes / stride))
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: stride * rows, alignment: 16)
        defer { buffer.deallocate() }
        let tiles = Swift.stride(from: 0, to: width, by: max(1, tileWidth)).map { x in
            (x: x, surface: CairoSurface(cairo_image_surface_create_for_data(
                (buffer + 4 * x).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                Int32(min(tileWidth, width - x)), Int32(rows), Int32(stride))!))
        }
        for tile in tiles { try check(cairo_surface_status(tile.surface.pointer)) }
        let png = try PNGStream(width: width, height: height, sink: sink)
        let margin = 2 / scale
        for top in Swift.stride(from: 0, to: height, by: rows) {
            let count = min(rows, height - top)
            buffer.initializeMemory(as: UInt8.self, repeating: 0, count: stride * count)
            let stripTop = bounds.minY + Double(top) / scale - margin, stripBottom = bounds.minY + Double(top + count) / scale + margin
            let stripItems = items(stripTop...stripBottom)
            let drawing = Drawing(bounds: bounds, items: stripItems)
            let across = tiles.count > 1 ? StripIndex(stripItems, fonts: fonts, across: true) : nil
            for tile in tiles {
                cairo_surface_mark_dirty(tile.surface.pointer)
                let window = Rect(x: bounds.minX + Double(tile.x) / scale - margin, y: stripTop,
                                  width: Double(cairo_image_surface_get_width(tile.surface.pointer)) / scale + 2 * margin,
                                  height: stripBottom - stripTop)
                let drawing = across.map { Drawing(bounds: bounds, items: $0.items(in: window.minX...window.maxX)) } ?? drawing
                try drawing.draw(on: tile.surface.pointer, scale: scale, origin: Point(x: bounds.minX, y: bounds.minY),
                                 fonts: fonts, window: window, shift: (tile.x, top))
                cairo_surface_flush(tile.surface.pointer)
            }
            try png.write(buffer, stride: stride, count: count)
        }
        try png.finish()
    }

    /// Draws everything on `surface` (a `cairo_surface_t *`) at `scale`, the bounds' top-left
    /// corner at its top-left pixel: for the tests' reference images, drawn on one surface.
    package func draw(onCairoSurface surface: OpaquePointer, scale: Double) throws(RenderError) {
        try draw(on: surface, scale: Self.pixelScale(scale), origin: Point(x: bounds.minX, y: bounds.minY))
    }
}
