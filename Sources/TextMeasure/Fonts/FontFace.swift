internal import CFreeType
internal import CHarfBuzz
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// One loaded face of a font file: the memory-mapped blob, the HarfBuzz face and an hb-ot font
/// whose scale is its units-per-em, so every advance HarfBuzz reports is in font units (no
/// hinting, no rounding).
///
/// Immutable after loading. A face from a file is shared by every `Font` made from the same file
/// and index, and kept for the process; a face from bytes lives while a font set holds it.
/// `@unchecked Sendable`: HarfBuzz faces and immutable hb-ot fonts are safe to shape with from
/// any number of threads at once.
final class FontFace: @unchecked Sendable {
    /// Unique per loaded face; part of every width-cache key.
    let id: Int
    /// The file path, or `"<memory>"` for a font given as bytes.
    let source: String
    /// Whether the face is kept for the process (loaded from a file), not freed with its last font.
    let isKept: Bool
    let faceIndex: Int
    let unitsPerEm: Int
    let familyName: String
    /// Whether the face draws colour glyphs (CBDT/sbix bitmaps, COLR layers or SVG).
    let isColor: Bool
    /// Advance in font units of each ASCII character's nominal glyph, or -1 where the cmap has none.
    let asciiAdvances: [Int32]
    /// Metrics in font units (see `FontMetrics`).
    let unscaledMetrics: FontMetrics
    /// What text the face measures without shaping, per feature settings, built on first use.
    let simpleText = SimpleTextAnalysis.Cache()
    /// How Chromium trims the face's fullwidth punctuation (see `FullwidthPunctuation`).
    let fullwidthPunctuation: FullwidthPunctuation
    /// For a face of colour bitmaps (CBDT, sbix), an hb-ot font like `font` whose horizontal
    /// advances are its bitmap strike's, as Chromium (Skia over FreeType) measures them: Noto
    /// Color Emoji's glyphs are 1.25 em there, against 2550/2048 em in its `hmtx`. Nil for
    /// another face. Stacks under `LineBreakRules.chromium` shape with it (see `FontSet.shapingFont`).
    let bitmapAdvanceFont: OpaquePointer?

    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer

    private init(blob: OpaquePointer, source: String, isKept: Bool, faceIndex: Int, id: Int) throws(FontError) {
        _ = try SfntDirectory(blob: blob, faceIndex: faceIndex, source: source)
        let face = hb_face_create(blob, UInt32(faceIndex))!
        hb_face_make_immutable(face)
        let upem = Int(hb_face_get_upem(face))
        let bitmaps = hb_ot_color_has_png(face) != 0
        let bitmapAdvances = try Self.withFreeType(blob: blob, faceIndex: faceIndex, source: source) { ftFace in
            bitmaps ? Self.bitmapAdvances(of: ftFace, unitsPerEm: upem) : nil
        }
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)

        self.id = id
        self.source = source
        self.isKept = isKept
        self.faceIndex = faceIndex
        self.blob = hb_blob_reference(blob)
        self.face = face
        self.font = font
        self.unitsPerEm = upem
        self.familyName = Self.name(of: face)
        self.isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
            || hb_ot_color_has_svg(face) != 0
        self.asciiAdvances = (0..<128).map { codepoint in
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(codepoint), &glyph) != 0 else { return -1 }
            return hb_font_get_glyph_h_advance(font, glyph)
        }
        self.unscaledMetrics = FontMetrics(font: font, face: face, asciiAdvances: asciiAdvances)
        self.fullwidthPunctuation = FullwidthPunctuation(face: face, font: font)
        self.bitmapAdvanceFont = bitmapAdvances.map { Self.font(font, advances: $0) }
    }

    deinit {
        if let bitmapAdvanceFont { hb_font_destroy(bitmapAdvanceFont) }
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The bytes of the blob the face was loaded from (the whole file), valid while the face lives.
    var fileBytes: UnsafeRawBufferPointer {
        var length: UInt32 = 0
        return UnsafeRawBufferPointer(start: hb_blob_get_data(blob, &length), count: Int(length))
    }

    /// The glyph the cmap maps `scalar` to, if any.
    @inline(__always)
    func nominalGlyph(_ scalar: Unicode.Scalar) -> hb_codepoint_t? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether the cmap maps `scalar` to a glyph.
    @inline(__always)
    func covers(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 128 { return asciiAdvances[Int(scalar.value)] >= 0 }
        return nominalGlyph(scalar) != nil
    }

    /// The nominal advance of `scalar` in font units (its cmap glyph, or .notdef), no shaping.
    @inline(__always)
    func nominalAdvance(_ scalar: Unicode.Scalar) -> Int32 {
        if scalar.value < 128, asciiAdvances[Int(scalar.value)] >= 0 { return asciiAdvances[Int(scalar.value)] }
        return hb_font_get_glyph_h_advance(font, nominalGlyph(scalar) ?? 0)
    }

    private static func name(of face: OpaquePointer) -> String {
        for id in [HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY, HB_OT_NAME_ID_FONT_FAMILY].map(hb_ot_name_id_t.init) {
            var length: UInt32 = 256
            var buffer = [CChar](repeating: 0, count: Int(length))
            let total = hb_ot_name_get_utf8(face, id, nil, &length, &buffer)
            if total > 0 { return String(nulTerminated: buffer) }
        }
        return ""
    }

    /// Each glyph's advance in font units in the largest bitmap strike of `face` (its advance in
    /// pixels over the strike's pixels per em), or -1 for a glyph without a bitmap; nil when the
    /// face has no strike.
    private static func bitmapAdvances(of face: FT_Face, unitsPerEm: Int) -> [Int32]? {
        let sizes = Int(face.pointee.num_fixed_sizes)
        guard sizes > 0, let available = face.pointee.available_sizes else { return nil }
        let strike = (0..<sizes).max { available[$0].y_ppem < available[$1].y_ppem }!
        let ppem = Double(available[strike].y_ppem)
        guard ppem > 0, FT_Select_Size(face, FT_Int(strike)) == 0 else { return nil }
        let flags = FT_Int32(FT_LOAD_COLOR) | FT_Int32(FT_LOAD_BITMAP_METRICS_ONLY)
        return (0..<max(0, Int(face.pointee.num_glyphs))).map { glyph in
            guard FT_Load_Glyph(face, FT_UInt(glyph), flags) == 0 else { return -1 }
            // A font's numbers, however absurd, never trap: past ±10⁹ units the glyph keeps its hmtx advance.
            let units = (Double(face.pointee.glyph.pointee.metrics.horiAdvance) / ppem * Double(unitsPerEm)).rounded()
            return units.isFinite && abs(units) < 1e9 ? Int32(units) : -1
        }
    }

    /// A sub-font of `font` whose horizontal advances are `advances` (a glyph's -1: `font`'s).
    private static func font(_ font: OpaquePointer, advances: [Int32]) -> OpaquePointer {
        let table = UnsafeMutablePointer<Int32>.allocate(capacity: advances.count + 1)
        table[0] = Int32(advances.count)
        for (glyph, advance) in advances.enumerated() { table[glyph + 1] = advance }
        let sub = hb_font_create_sub_font(font)!
        hb_font_set_funcs(sub, bitmapAdvanceFunctions, table) { $0?.deallocate() }
        hb_font_make_immutable(sub)
        return sub
    }

    /// Font functions whose horizontal advance of a glyph is its entry in the table the font
    /// data points to (its count first), else the parent font's.
    private nonisolated(unsafe) static let bitmapAdvanceFunctions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(functions, { font, data, glyph, _ in
            let table = data!.assumingMemoryBound(to: Int32.self)
            let advance = glyph < UInt32(table[0]) ? table[Int(glyph) + 1] : -1
            return advance >= 0 ? advance : hb_font_get_glyph_h_advance(hb_font_get_parent(font), glyph)
        }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()

    /// FreeType's loader must accept the face too: it checks far more of the file than
    /// HarfBuzz does up front, and it is what renders glyphs later. Returns what `inspect`
    /// reads of FreeType's face.
    private static func withFreeType<T>(blob: OpaquePointer, faceIndex: Int, source: String,
                                        _ inspect: (FT_Face) -> T) throws(FontError) -> T {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .unreadable(path: source, reason: "FreeType failed to start") }
        defer { FT_Done_FreeType(library) }
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        var face: FT_Face?
        let error = data?.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            FT_New_Memory_Face(library, $0, FT_Long(length), FT_Long(faceIndex), &face)
        } ?? 1
        guard error == 0, let face else { throw .notAFont(path: source) }
        defer { FT_Done_Face(face) }
        return inspect(face)
    }
}

// MARK: - Loading and sharing

extension FontFace {
    private struct Registry {
        var nextID = 0
        var byFile: [FileKey: FontFace] = [:]
    }

    private struct FileKey: Hashable {
        let path: String
        let faceIndex: Int
    }

    private static let registry = Lock(Registry())

    /// The face at `faceIndex` of the file at `path`, loaded (memory-mapped) once per process.
    static func load(path: String, faceIndex: Int) throws(FontError) -> FontFace {
        try checkReadable(path)
        let key = FileKey(path: canonicalPath(path), faceIndex: faceIndex)
        return try registry.withLock { (registry) throws(FontError) -> FontFace in
            if let face = registry.byFile[key] { return face }
            guard let blob = hb_blob_create_from_file_or_fail(key.path) else {
                throw .unreadable(path: path, reason: "the file could not be mapped into memory")
            }
            defer { hb_blob_destroy(blob) }
            // Named by the file itself, links resolved: every path to it shares this face, and
            // reports the same file whichever path loaded it first.
            let face = try FontFace(blob: blob, source: key.path, isKept: true, faceIndex: faceIndex, id: registry.nextID)
            registry.nextID += 1
            registry.byFile[key] = face
            return face
        }
    }

    /// A face of a font given as bytes (copied; the caller's array is not retained).
    static func load(data: [UInt8], faceIndex: Int) throws(FontError) -> FontFace {
        let source = "<memory>"
        guard !data.isEmpty else { throw .notAFont(path: source) }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: data.count)
        storage.initialize(from: data, count: data.count)
        let blob = storage.withMemoryRebound(to: CChar.self, capacity: data.count) {
            hb_blob_create($0, UInt32(data.count), HB_MEMORY_MODE_READONLY, storage) { $0?.deallocate() }
        }!
        defer { hb_blob_destroy(blob) }
        return try registry.withLock { (registry) throws(FontError) -> FontFace in
            let face = try FontFace(blob: blob, source: source, isKept: false, faceIndex: faceIndex, id: registry.nextID)
            registry.nextID += 1
            return face
        }
    }

    /// Throws unless `path` is a regular file this process can open: a FIFO, a device, a socket
    /// or a directory is refused by its `stat` before any `open` (opening a FIFO waits for a
    /// writer), and the file is opened without blocking and checked again, in case it changed.
    static func checkReadable(_ path: String) throws(FontError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        try checkRegular(info, path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        try checkRegular(info, path)
    }

    private static func checkRegular(_ info: stat, _ path: String) throws(FontError) {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a directory"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "of an unknown type"
        }
        throw .notARegularFile(path: path, kind: kind)
    }

    private static func canonicalPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
