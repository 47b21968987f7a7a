internal import CCairo
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension Drawing {
    /// The drawing as a PNG image with a transparent background: `bounds` at `scale` pixels a
    /// point (2 for a 2× screen), rounded up to whole pixels; rasterised by Cairo, written by
    /// libpng with no row filter at zlib level 6 (Cairo's pixels, un-premultiplied as its own
    /// writer does it).
    ///
    /// - Throws: `RenderError.imageTooLarge` past Cairo's 32,767 pixels a side; `.cairo` when
    ///   Cairo or libpng fails.
    public func pngData(scale: Double = 1) throws(RenderError) -> [UInt8] {
        try pngData(scale: scale, writer: .libpng)
    }

    /// Who writes a PNG: libpng with no row filter (`pngData(scale:)`), or Cairo's own writer
    /// (every filter tried; the same pixels, 2.5 times the time and larger files for tables).
    package enum PNGWriter: Sendable { case libpng, cairo }

    package func pngData(scale: Double, writer: PNGWriter) throws(RenderError) -> [UInt8] {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let width = (bounds.width * scale).rounded(.up), height = (bounds.height * scale).rounded(.up)
        guard width <= 32767, height <= 32767 else { throw .imageTooLarge(width: width, height: height) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width)), Int32(max(1, height)))!
        defer { cairo_surface_destroy(surface) }
        try draw(on: surface, scale: scale, origin: Point(x: bounds.minX, y: bounds.minY))
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let status = switch writer {
        case .libpng: textmeasure_write_png(surface, 6, ByteSink.write, closure)
        case .cairo: cairo_surface_write_to_png_stream(surface, ByteSink.write, closure)
        }
        try check(status)
        return sink.bytes
    }

    /// The drawing as an SVG document `bounds` wide and high, in points; glyphs as Cairo writes
    /// them (outlines referenced from `<defs>`).
    public func svgData() throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let surface = cairo_svg_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(),
                                                          bounds.width, bounds.height)!
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        try draw(on: surface, scale: 1, origin: Point(x: bounds.minX, y: bounds.minY))
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        try check(status)
        return sink.bytes
    }

    /// A PDF document of `pages`, each page as large as its drawing's bounds: vector shapes, and
    /// text as text (fonts embedded as subsets, cluster maps so that it can be copied). Each page
    /// is read once, in order, and let go once written.
    public static func pdfData(pages: some Sequence<Drawing>) throws(RenderError) -> [UInt8] {
        let sink = ByteSink()
        let surface = cairo_pdf_surface_create_for_stream(ByteSink.write, Unmanaged.passUnretained(sink).toOpaque(),
                                                          PageSize.a4.width, PageSize.a4.height)!
        let fonts = CairoFonts()  // one face per font for the whole document, so each font is embedded once
        for page in pages {
            cairo_pdf_surface_set_size(surface, page.bounds.width, page.bounds.height)
            try page.draw(on: surface, scale: 1, origin: Point(x: page.bounds.minX, y: page.bounds.minY),
                          fonts: fonts, showPage: true)
        }
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        try check(status)
        return sink.bytes
    }

    /// Draws the items on `surface` with `origin` at its top-left corner, at `scale`, in `fonts`.
    private func draw(on surface: OpaquePointer, scale: Double, origin: Point, fonts: CairoFonts = CairoFonts(),
                      showPage: Bool = false) throws(RenderError) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_scale(context, scale, scale)
        cairo_translate(context, -origin.x, -origin.y)
        CairoCanvas(context, fonts: fonts).draw(items)
        if showPage { cairo_show_page(context) }
        try check(cairo_status(context))
    }
}

/// Throws Cairo's own message for a failed status.
private func check(_ status: cairo_status_t) throws(RenderError) {
    guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
}

/// Collects what a Cairo stream surface writes.
private final class ByteSink {
    var bytes: [UInt8] = []

    static let write: cairo_write_func_t = { closure, data, length in
        let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}

/// The output formats, by file extension.
public enum DrawingFormat: String, Sendable, CaseIterable {
    case png, pdf, svg
    /// An HTML page whose text the browser draws (see `DataTableLayout.html(style:alignments:options:)`).
    case html

    /// The format `path`'s extension names (case-insensitive).
    ///
    /// - Throws: `RenderError.unknownFormat` naming the path.
    public init(path: String) throws(RenderError) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), let format = DrawingFormat(rawValue: name[name.index(after: dot)...].lowercased()) else {
            throw .unknownFormat(path: path)
        }
        self = format
    }
}
