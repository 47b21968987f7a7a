internal import DocumentStreams
internal import CCairo

extension Drawing {
    /// The most points a side a vector output (PDF page, SVG) can have: Cairo keeps coordinates
    /// as 24.8 fixed point numbers, whose largest is 2^23 − 1/256, and past it aborts the process
    /// (cairo-recording-surface.c asserts while writing the file). So 2^23 − 1.
    public static let maximumVectorSide = 8_388_607.0

    /// The drawing as an SVG document `bounds` wide and high, in points; glyphs as Cairo writes
    /// them (outlines referenced from `<defs>`), under a transparent layer of their text
    /// (`SVGTextLayer`), so the text can be selected, searched and read.
    ///
    /// - Throws: `RenderError.svgTooLarge` when a side is past `maximumVectorSide`, before
    ///   anything is drawn; `.cairo` when Cairo fails.
    /// - Complexity: O(items), plus Cairo's drawing and writing of each.
    public func svgData() throws(RenderError) -> [UInt8] {
        try Self.checkSVG(width: bounds.width, height: bounds.height)
        let (sink, bytes) = OutputSink.collecting()
        let surface = CairoSurface(cairo_svg_surface_create_for_stream(OutputSink.write, sink.closure, bounds.width, bounds.height)!)
        cairo_svg_surface_restrict_to_version(surface.pointer, CAIRO_SVG_VERSION_1_1)
        try draw(on: surface.pointer, scale: 1, origin: Point(x: bounds.minX, y: bounds.minY))
        try withExtendedLifetime(sink) { () throws(RenderError) in try surface.finish() }
        var svg = bytes()
        let end = Array("</svg>".utf8)
        if let close = svg.indices.reversed().first(where: { svg[$0...].starts(with: end) }) {
            svg.insert(contentsOf: Array(SVGTextLayer.markup(items, origin: Point(x: bounds.minX, y: bounds.minY)).utf8), at: close)
        }
        return svg
    }

    /// Checks an SVG `width` × `height` points against `maximumVectorSide`.
    ///
    /// - Throws: `RenderError.svgTooLarge`.
    public static func checkSVG(width: Double, height: Double) throws(RenderError) {
        guard width <= maximumVectorSide, height <= maximumVectorSide else { throw .svgTooLarge(width: width, height: height) }
    }

    /// A PDF document of `pages`, each page as large as its drawing's bounds: vector shapes, and
    /// text as text (fonts embedded as subsets, cluster maps so that it can be copied). Each page
    /// is read once, in order, and let go once written; Cairo writes each page on a thread of its
    /// own while the next are read (`PDFWriter`), so reading a page that is drawn when it is read
    /// (`TablePages`) overlaps writing the one before it.
    ///
    /// - Throws: `RenderError.pageTooLarge` for a page with a side past `maximumVectorSide`,
    ///   before it is drawn; `.cairo` when Cairo fails. The first error stops the document.
    /// - Complexity: O(items of every page), plus Cairo's drawing and writing of each and its
    ///   subsetting of each font once; memory holds about three pages' drawings at a time (the
    ///   one read, up to two waiting for the writer) and the bytes.
    public static func pdfData(pages: some Sequence<Drawing>) throws(RenderError) -> [UInt8] {
        let (sink, bytes) = OutputSink.collecting()
        try writePDF(pages: pages, to: sink)
        return bytes()
    }

    /// `pdfData(pages:)` written to `path` as Cairo writes it, whole or not at all (a temporary
    /// file renamed over it): memory holds a few pages' drawings and Cairo's fonts, not the
    /// document, however many pages it has.
    ///
    /// - Throws: as `pdfData(pages:)`, and `RenderError.cannotWrite` naming the path.
    /// - Complexity: as `pdfData(pages:)`.
    public static func writePDF(pages: some Sequence<Drawing>, to path: String) throws(RenderError) {
        try writeFile(path) { sink throws(RenderError) in try writePDF(pages: pages, to: sink) }
    }

    /// The PDF of `pages` written to `sink`, on Cairo's writing thread (see `PDFWriter`).
    static func writePDF(pages: some Sequence<Drawing>, to sink: OutputSink) throws(RenderError) {
        let writer = PDFWriter(to: sink)
        for page in pages { try writer.write(page) }
        try writer.finish()
    }

    /// Draws the items on `surface` with `origin` at its top-left corner, at `scale`, in `fonts`;
    /// with `window` (in the drawing's coordinates), only what reaches into it, the surface's
    /// top-left pixel showing the drawing's pixel `shift` (whole pixels right of and below
    /// `origin`).
    func draw(on surface: OpaquePointer, scale: Double, origin: Point, fonts: CairoFonts = CairoFonts(),
              showPage: Bool = false, window: Rect? = nil, shift: (x: Int, y: Int) = (0, 0)) throws(RenderError) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_translate(context, -Double(shift.x), -Double(shift.y))
        cairo_scale(context, scale, scale)
        cairo_translate(context, -origin.x, -origin.y)
        CairoCanvas(context, fonts: fonts, window: window).draw(items)
        if showPage { cairo_show_page(context) }
        try check(cairo_status(context))
    }
}

/// The output formats, by file extension.
public enum DrawingFormat: String, Sendable, CaseIterable {
    case png, pdf, svg
    /// An HTML page whose text the browser draws (see `DataTableLayout.html(style:alignments:options:)`).
    case html
    /// The layout as data (see `DataTableLayout.writeLayoutDocument(to:alignments:pages:)`).
    case json

    /// The format `path`'s extension names (case-insensitive).
    ///
    /// - Throws: `RenderError.unknownFormat` naming the path.
    /// - Complexity: O(the path's length).
    public init(path: String) throws(RenderError) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), let format = DrawingFormat(rawValue: name[name.index(after: dot)...].lowercased()) else {
            throw .unknownFormat(path: path)
        }
        self = format
    }
}
