import DataTables
internal import CCairo
import TextMeasure
import CellLayout

/// Replays a display list on a Cairo context: paths, colours, clips, and glyph runs drawn with
/// their own glyph ids and positions (never re-shaped), with the text and cluster map attached
/// so that a PDF keeps the text extractable, ligatures included.
struct CairoCanvas {
    let context: OpaquePointer
    let fonts: CairoFonts
    /// Whether the surface keeps text (PDF): only then is a run's cluster map worth making.
    private let keepsText: Bool
    /// The part of the drawing that can reach a pixel (an image band), in the items' coordinates,
    /// or nil for all of it: items wholly outside it are skipped, and paths and runs of glyphs
    /// cut to it, so that Cairo sees only coordinates near it (its own are 24.8 fixed point,
    /// ±2^23) and the pixels inside are the same as drawing everything.
    private let window: Rect?
    /// Whether the surface is an image (see `forcingOneMask`).
    private let isImage: Bool
    /// Whether the surface writes a PDF (see `strokesSharingCall`).
    private let isPDF: Bool

    /// A canvas on `context` drawing with `fonts` (share them between the pages of a document:
    /// Cairo embeds a font once per face it is given, so a face per page embeds it on every page),
    /// only what reaches into `window` (see `window`).
    init(_ context: OpaquePointer, fonts: CairoFonts = CairoFonts(), window: Rect? = nil) {
        (self.context, self.fonts, self.window) = (context, fonts, window)
        keepsText = cairo_surface_has_show_text_glyphs(cairo_get_target(context)) != 0
        isImage = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_IMAGE
        isPDF = cairo_surface_get_type(cairo_get_target(context)) == CAIRO_SURFACE_TYPE_PDF
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    private init(_ canvas: CairoCanvas, window: Rect?) {
        (context, fonts, keepsText, isImage, isPDF) = (canvas.context, canvas.fonts, canvas.keepsText, canvas.isImage, canvas.isPDF)
        self.window = window
    }

    func draw(_ items: [DrawingItem]) {
        var index = items.startIndex
        while index < items.endIndex {
            defer { index += 1 }
            // Outside the window: skipped (runs of glyphs are cut glyph by glyph below).
            if let window, !items[index].isText, let bounds = bounds(of: items[index]), !bounds.intersects(window) { continue }
            switch items[index] {
            case .fill(let path, let color):
                guard add(path) else { continue }
                set(color)
                cairo_fill(context)
            case .stroke(_, let color, let lineWidth):
                let end = strokesSharingCall(items, from: index)
                defer { index = end - 1 }
                guard lineWidth > 0 else { continue }  // the strokes sharing the call share the width
                var added = false
                for case .stroke(let path, _, _) in items[index..<end] { added = add(path, reach: lineWidth) || added }
                guard added else { continue }
                set(color)
                cairo_set_line_width(context, lineWidth)
                cairo_stroke(context)
            case .clip(let path, let inner):
                draw(inner, clippedTo: path)
            case .text(let text):
                // Consecutive runs Cairo can take in one call (the cells of a row, of a page) are
                // given in one: each call costs more than the glyphs it draws, in a PDF most.
                var end = index + 1
                while end < items.endIndex, case .text(let next) = items[end], sharesCall(text, next) { end += 1 }
                draw(texts: items[index..<end])
                index = end - 1
            case .transformed(let scale, let offset, let inner):
                cairo_save(context)
                cairo_translate(context, offset.x, offset.y)
                cairo_scale(context, scale, scale)
                let inside = window.map {
                    Rect(x: ($0.x - offset.x) / scale, y: ($0.y - offset.y) / scale, width: $0.width / scale, height: $0.height / scale)
                }
                CairoCanvas(self, window: inside).draw(inner)
                cairo_restore(context)
            }
        }
    }

    /// Where the strokes that one call draws with the stroke at `start` end: in a PDF, the
    /// strokes after it of the same opaque colour and width (a grid's lines) make one path with
    /// it, stroked once; each stroke costs Cairo more than the line it writes. Opaque, so that
    /// where lines cross nothing is painted twice as dark. Elsewhere (an image's anti-aliased
    /// crossings, an SVG's elements) each stroke is its own call.
    private func strokesSharingCall(_ items: [DrawingItem], from start: Int) -> Int {
        guard isPDF, case .stroke(_, let color, let lineWidth) = items[start], color.opacity == 1 else { return start + 1 }
        var end = start + 1
        while end < items.endIndex, case .stroke(_, color, lineWidth) = items[end] { end += 1 }
        return end
    }

    /// `items` drawn inside `path`. Under a rounded rectangle, the items that keep clear of its
    /// corner squares are drawn under its plain rectangle instead: outside those squares the two
    /// clips are the same, and Cairo handles a rectangle clip cheaply (a PDF does not repeat it
    /// around every operation, an image needs no mask). Runs of items keep their order.
    private func draw(_ items: [DrawingItem], clippedTo path: Path) {
        guard case .roundedRectangle(let rect, let radius) = path.kind, radius > 0 else {
            return draw(items, clippedToExactly: path)
        }
        let corners = [Rect(x: rect.minX, y: rect.minY, width: radius, height: radius),
                       Rect(x: rect.maxX - radius, y: rect.minY, width: radius, height: radius),
                       Rect(x: rect.minX, y: rect.maxY - radius, width: radius, height: radius),
                       Rect(x: rect.maxX - radius, y: rect.maxY - radius, width: radius, height: radius)]
        func clearOfCorners(_ item: DrawingItem) -> Bool {
            guard let bounds = bounds(of: item) else { return false }
            return !corners.contains { $0.intersects(bounds) }
        }
        var start = items.startIndex
        while start < items.endIndex {
            let clear = clearOfCorners(items[start])
            var end = start + 1
            while end < items.endIndex, clearOfCorners(items[end]) == clear { end += 1 }
            draw(Array(items[start..<end]), clippedToExactly: clear ? .rectangle(rect) : path)
            start = end
        }
    }

    private func draw(_ items: [DrawingItem], clippedToExactly path: Path) {
        cairo_save(context)
        add(path)
        cairo_clip(context)
        draw(items)
        cairo_restore(context)
    }

    /// A rectangle holding everything `item` paints, or nil when that is not known.
    private func bounds(of item: DrawingItem) -> Rect? {
        switch item {
        case .fill(let path, _): path.bounds
        // A stroke reaches half its width beyond the path, and a square corner's miter
        // √2 times that; the paths here have no sharper corners.
        case .stroke(let path, _, let lineWidth): path.bounds.outset(by: EdgeInsets(lineWidth))
        case .clip(let path, _): path.bounds
        case .text(let text): fonts.inkBounds(of: text)
        case .transformed: nil
        }
    }

    private func set(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.opacity)
    }

    /// Adds `path`, cut to the window grown by `reach` (a stroke's width) and by `Self.uncut`
    /// pixels; false when nothing of it is left to add.
    @discardableResult
    private func add(_ path: Path, reach: Double = 0) -> Bool {
        guard let path = window.map({ path.cut(to: $0.outset(by: EdgeInsets(reach + Self.uncut / pixelsPerUnit))) }) ?? path else {
            return false
        }
        switch path.kind {
        case .rectangle(let rect):
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        case .roundedRectangle(let rect, let radius):
            let r = radius
            cairo_new_sub_path(context)
            cairo_arc(context, rect.maxX - r, rect.minY + r, r, -.pi / 2, 0)
            cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
            cairo_arc(context, rect.minX + r, rect.maxY - r, r, .pi / 2, .pi)
            cairo_arc(context, rect.minX + r, rect.minY + r, r, .pi, 3 * .pi / 2)
            cairo_close_path(context)
        case .line(let start, let end):
            cairo_move_to(context, start.x, start.y)
            cairo_line_to(context, end.x, end.y)
        }
        return true
    }

    /// Whether `first` and `second` can be drawn by one call: glyphs, left to right (a
    /// right-to-left run is drawn alone, as it always was, so that an image's pixels stay those
    /// of one call a run), of the same face, size and colour.
    private func sharesCall(_ first: TextItem, _ second: TextItem) -> Bool {
        !first.run.isRightToLeft && !second.run.isRightToLeft && first.color == second.color
            && first.run.font.faceID == second.run.font.faceID && first.run.font.size == second.run.font.size
    }

    /// `texts` (see `sharesCall`) drawn by one call: their glyphs in order, and for a surface that
    /// keeps text, their texts with each run's cluster map in the glyphs' order (`appendText`).
    /// Runs whose clusters Cairo would reject are drawn by a second call, without text.
    private func draw(texts: ArraySlice<DrawingItem>) {
        guard case .text(let first) = texts.first, let face = fonts.face(for: first.run.font) else { return }
        var glyphs: [cairo_glyph_t] = [], withoutText: [cairo_glyph_t] = []
        var bytes: [UInt8] = []
        var clusters: [cairo_text_cluster_t] = []
        let emBox = window == nil ? nil : fonts.emBox(of: first.run.font)
        for item in texts {
            guard case .text(let text) = item, !text.run.glyphs.isEmpty else { continue }
            if let window, let emBox {  // only the glyphs whose ink can reach the window
                let size = text.run.font.size
                let ink = Rect(x: emBox.minX * size, y: -emBox.maxY * size, width: emBox.width * size, height: emBox.height * size)
                let reaching = text.run.glyphs.filter {
                    window.intersects(Rect(x: text.origin.x + $0.x + ink.x, y: text.origin.y + $0.y + ink.y,
                                           width: ink.width, height: ink.height))
                }
                for glyph in reaching {
                    withoutText.append(cairo_glyph_t(index: UInt(glyph.id), x: text.origin.x + glyph.x, y: text.origin.y + glyph.y))
                }
                continue
            }
            let keptText = keepsText && Self.appendText(of: text.run, to: &bytes, clusters: &clusters)
            for glyph in text.run.glyphs {
                let placed = cairo_glyph_t(index: UInt(glyph.id), x: text.origin.x + glyph.x, y: text.origin.y + glyph.y)
                if keptText { glyphs.append(placed) } else { withoutText.append(placed) }
            }
        }
        guard !glyphs.isEmpty || !withoutText.isEmpty else { return }
        cairo_set_font_face(context, face)
        cairo_set_font_size(context, first.run.font.size)
        set(first.color)
        if !glyphs.isEmpty {
            bytes.withUnsafeBufferPointer { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(context, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                           clusters, Int32(clusters.count), cairo_text_cluster_flags_t(0))
                }
            }
        }
        if !withoutText.isEmpty {
            if isImage { withoutText = forcingOneMask(withoutText, font: first.run.font) }
            cairo_show_glyphs(context, withoutText, Int32(withoutText.count))
        }
    }

    /// How far beyond the window, in pixels, a path is left as it is: cut only where Cairo's
    /// ±2^23 would not hold it (a table this large is more than one image surface can be, so
    /// any image that one surface can draw is drawn with its paths whole, pixel for pixel).
    private static let uncut = Double(1 << 20)

    /// The device pixels a unit of the current coordinates spans (the larger of its axes').
    private var pixelsPerUnit: Double {
        var (x, y) = (1.0, 0.0), (u, v) = (0.0, 1.0)
        cairo_user_to_device_distance(context, &x, &y)
        cairo_user_to_device_distance(context, &u, &v)
        return max((x * x + y * y).squareRoot(), (u * u + v * v).squareRoot(), 1e-300)
    }

    /// `glyphs` with two ink-less glyphs before them at opposite corners beyond their ink, so
    /// that an image draws them all into one mask, and then the mask: Cairo does so only when a
    /// glyph's box meets the box of those before it, and otherwise draws each glyph on its own,
    /// which darkens a pixel two glyphs' anti-aliased edges share less (over, not add). Which of
    /// the two it chose would then depend on the glyphs in the call, and an image drawn in bands
    /// (`Drawing.pngData(scale:)`) gives each band only its own; with one mask always, each
    /// pixel is the same whatever else the call holds. Unchanged when the face has no space glyph.
    private func forcingOneMask(_ glyphs: [cairo_glyph_t], font: Font) -> [cairo_glyph_t] {
        guard let blank = fonts.blankGlyph(of: font), let box = fonts.emBox(of: font) else { return glyphs }
        let reach = (max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)) + 1) * font.size
        var (minX, maxX, minY, maxY) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        for glyph in glyphs {
            (minX, maxX) = (min(minX, glyph.x), max(maxX, glyph.x))
            (minY, maxY) = (min(minY, glyph.y), max(maxY, glyph.y))
        }
        return [cairo_glyph_t(index: blank, x: minX - reach, y: minY - reach),
                cairo_glyph_t(index: blank, x: maxX + reach, y: maxY + reach)] + glyphs
    }


    /// Appends `run`'s text to `bytes` and its cluster map to `clusters`, in the glyphs' order
    /// (left to right): for each cluster, its bytes and its glyphs. A right-to-left run's clusters
    /// go from its last one to its first, each cluster's own text in logical order, as a browser's
    /// PDF writes them: a reader (poppler) then puts the letters of each word back in logical order,
    /// where glyphs written in logical order and placed right to left (Cairo's backward clusters)
    /// came out broken wherever rounding left a gap between two glyphs. Noncharacters, which
    /// Cairo refuses as "not valid UTF-8", are written U+FFFD (`withoutNoncharacters`). False,
    /// with nothing appended, when the clusters are not monotonic in the glyph order (Cairo
    /// would reject them) or a noncharacter beyond the BMP would change the byte count: the
    /// glyphs are then drawn without text.
    static func appendText(of run: GlyphRun, to bytes: inout [UInt8], clusters: inout [cairo_text_cluster_t]) -> Bool {
        let glyphs = run.glyphs, utf8 = run.text.utf8
        guard !glyphs.isEmpty else { return false }
        var replaced: [UInt8]?
        if utf8.contains(where: { $0 >= 0xEF }),  // a noncharacter's first byte
           run.text.unicodeScalars.contains(where: \.properties.isNoncharacterCodePoint) {
            guard let text = withoutNoncharacters(run.text) else { return false }
            replaced = text
        }
        let byteCount = utf8.count, clusterCount = clusters.count
        // Each cluster's bytes: from its value to the next larger value (the text's end for the
        // largest); the smallest also takes the bytes before it.
        var ranges: [Range<Int>] = []
        let smallest = run.isRightToLeft ? glyphs[glyphs.count - 1].cluster : glyphs[0].cluster
        var index = 0, previous = run.isRightToLeft ? byteCount : -1
        while index < glyphs.count {
            let cluster = glyphs[index].cluster
            var end = index + 1
            while end < glyphs.count, glyphs[end].cluster == cluster { end += 1 }
            let next = run.isRightToLeft ? previous : end < glyphs.count ? glyphs[end].cluster : byteCount
            guard run.isRightToLeft ? cluster < previous : cluster > previous, cluster >= 0, cluster < byteCount, next <= byteCount else {
                clusters.removeSubrange(clusterCount...)
                return false
            }
            let lower = cluster == smallest ? 0 : cluster
            if run.isRightToLeft { ranges.append(lower..<next) }
            clusters.append(cairo_text_cluster_t(num_bytes: Int32(next - lower), num_glyphs: Int32(end - index)))
            (previous, index) = (cluster, end)
        }
        let text = replaced ?? (run.isRightToLeft ? Array(utf8) : [])
        if !run.isRightToLeft {  // the clusters in text order: the text as it is
            if let replaced { bytes += replaced } else { bytes += utf8 }
        }
        for range in ranges { bytes += text[range] }
        return true
    }

    /// `text`'s UTF-8 with each Unicode noncharacter (U+FDD0–U+FDEF, U+FFFE, U+FFFF, …), which
    /// Cairo refuses as "not valid UTF-8", replaced by U+FFFD: the text a reader extracts for a
    /// glyph drawn as any unknown character. Nil where that changes the bytes' count (a
    /// noncharacter beyond the BMP is four bytes, U+FFFD three), so the run goes without text.
    static func withoutNoncharacters(_ text: Substring) -> [UInt8]? {
        let replaced = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.isNoncharacterCodePoint ? "\u{FFFD}" : $0 }))
        return replaced.utf8.count == text.utf8.count ? Array(replaced.utf8) : nil
    }
}

private extension DrawingItem {
    var isText: Bool {
        if case .text = self { true } else { false }
    }
}
