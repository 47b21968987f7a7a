internal import CCairo
import TextMeasure

/// Replays a display list on a Cairo context: paths, colours, clips, and glyph runs drawn with
/// their own glyph ids and positions (never re-shaped), with the text and cluster map attached
/// so that a PDF keeps the text extractable, ligatures included.
struct CairoCanvas {
    let context: OpaquePointer
    let fonts: CairoFonts

    /// A canvas on `context` drawing with `fonts` (share them between the pages of a document:
    /// Cairo embeds a font once per face it is given, so a face per page embeds it on every page).
    init(_ context: OpaquePointer, fonts: CairoFonts = CairoFonts()) {
        (self.context, self.fonts) = (context, fonts)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    func draw(_ items: [DrawingItem]) {
        for item in items {
            switch item {
            case .fill(let path, let color):
                add(path)
                set(color)
                cairo_fill(context)
            case .stroke(let path, let color, let lineWidth):
                guard lineWidth > 0 else { continue }
                add(path)
                set(color)
                cairo_set_line_width(context, lineWidth)
                cairo_stroke(context)
            case .clip(let path, let inner):
                cairo_save(context)
                add(path)
                cairo_clip(context)
                draw(inner)
                cairo_restore(context)
            case .text(let text):
                draw(text)
            case .transformed(let scale, let offset, let inner):
                cairo_save(context)
                cairo_translate(context, offset.x, offset.y)
                cairo_scale(context, scale, scale)
                draw(inner)
                cairo_restore(context)
            }
        }
    }

    private func set(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.opacity)
    }

    private func add(_ path: Path) {
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
    }

    private func draw(_ text: TextItem) {
        guard !text.run.glyphs.isEmpty, let face = fonts.face(for: text.run.font) else { return }
        cairo_set_font_face(context, face)
        cairo_set_font_size(context, text.run.font.size)
        set(text.color)
        let glyphs = text.run.glyphs.map {
            cairo_glyph_t(index: UInt($0.id), x: text.origin.x + $0.x, y: text.origin.y + $0.y)
        }
        var runText = text.run.text  // a slice of the line: its UTF-8 is read in place
        if let clusters = Self.clusters(of: text.run, byteCount: runText.utf8.count) {
            runText.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    cairo_show_text_glyphs(context, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                                           clusters, Int32(clusters.count),
                                           text.run.isRightToLeft ? CAIRO_TEXT_CLUSTER_FLAG_BACKWARD : cairo_text_cluster_flags_t(0))
                }
            }
        } else {
            cairo_show_glyphs(context, glyphs, Int32(glyphs.count))
        }
    }

    /// Cairo's cluster map of `run`: for each cluster in text order, its bytes and glyphs (the
    /// glyphs counted from the end for a right-to-left run). Nil when the clusters are not
    /// monotonic in the glyph order: Cairo would reject them, so the glyphs are drawn without text.
    static func clusters(of run: GlyphRun, byteCount: Int) -> [cairo_text_cluster_t]? {
        let order = run.isRightToLeft ? Array(run.glyphs.reversed()) : run.glyphs
        var starts: [(cluster: Int, glyphs: Int32)] = []
        for glyph in order {
            if let last = starts.last, last.cluster == glyph.cluster {
                starts[starts.count - 1].glyphs += 1
            } else {
                guard starts.last.map({ glyph.cluster > $0.cluster }) ?? true, glyph.cluster < byteCount else { return nil }
                starts.append((glyph.cluster, 1))
            }
        }
        guard !starts.isEmpty else { return nil }
        starts[0].cluster = 0  // bytes before the first glyph's cluster belong to it
        return starts.indices.map { index in
            let end = index + 1 < starts.count ? starts[index + 1].cluster : byteCount
            return cairo_text_cluster_t(num_bytes: Int32(end - starts[index].cluster), num_glyphs: starts[index].glyphs)
        }
    }
}
