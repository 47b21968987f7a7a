internal import CCairo
import TextMeasure

/// Cairo font faces over the very font files TextMeasure shaped with, through cairo-ft: loaded
/// unhinted (`FT_LOAD_NO_HINTING`, so outlines scale exactly with the size the glyph positions
/// were computed for) and with colour glyphs (`FT_LOAD_COLOR`, for emoji).
///
/// One per drawing pass: it holds a reference to each face it handed out until the pass ends.
/// The faces come from a process-wide cache of the most recently drawn faces (`shared`), so that
/// Cairo's glyph cache, which lives with a face's scaled fonts, serves every page and every image
/// drawn in that face instead of rasterising each glyph again per drawing. Each Cairo face owns its
/// FreeType face and keeps the `Font` whose file bytes FreeType reads alive, for as long as Cairo
/// holds the face (its caches and a PDF's font subsets may outlive the pass and the cache entry).
final class CairoFonts {
    private var faces: [Int: OpaquePointer] = [:]

    /// The Cairo face drawing `font`, or nil when FreeType cannot open it (never for a face
    /// TextMeasure loaded: it checked FreeType accepts it). Valid until this pass ends.
    func face(for font: Font) -> OpaquePointer? {
        if let face = faces[font.faceID] { return face }
        guard let face = Self.shared.face(for: font) else { return nil }
        faces[font.faceID] = face
        return face
    }

    /// A rectangle that holds every glyph's ink of `text`: each glyph's box grown to the font's
    /// bounding box (the `head` table's, which holds every glyph of the font), in drawing
    /// coordinates. Nil when the face cannot be opened.
    func inkBounds(of text: TextItem) -> Rect? {
        guard !text.run.glyphs.isEmpty, let face = face(for: text.run.font), let box = Self.boundingBox(of: face) else {
            return nil
        }
        var (low, high) = (Double.infinity, -Double.infinity)
        var (top, bottom) = (Double.infinity, -Double.infinity)
        for glyph in text.run.glyphs {
            (low, high) = (min(low, glyph.x), max(high, glyph.x))
            (top, bottom) = (min(top, glyph.y), max(bottom, glyph.y))
        }
        let size = text.run.font.size
        return Rect(x: text.origin.x + low + box.minX * size, y: text.origin.y + top - box.maxY * size,
                    width: high - low + box.width * size, height: bottom - top + box.height * size)
    }

    /// The bounding box of `font`'s face in ems, y up: every glyph's ink lies inside it, scaled
    /// by the size and placed at the glyph's origin. Nil when the face cannot be opened.
    func emBox(of font: Font) -> Rect? {
        face(for: font).flatMap(Self.boundingBox)
    }

    /// A glyph of `font`'s face that draws nothing (its space), if it has one.
    func blankGlyph(of font: Font) -> UInt? {
        face(for: font).flatMap { cairo_font_face_get_user_data($0, Self.userDataKey) }
            .flatMap { Unmanaged<Keeper>.fromOpaque($0).takeUnretainedValue().blank }
    }

    /// The face's bounding box in ems, y up (as fonts have it): from its FreeType face.
    private static func boundingBox(of face: OpaquePointer) -> Rect? {
        let keeper = cairo_font_face_get_user_data(face, userDataKey)
        guard let keeper else { return nil }
        return Unmanaged<Keeper>.fromOpaque(keeper).takeUnretainedValue().box
    }

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
    }

    /// The faces drawn most recently, at most `capacity` of them (least recently drawn dropped first).
    /// Safe to use from any thread: Cairo's faces are reference-counted atomically, and cairo-ft
    /// locks a FreeType face while it reads it.
    final class Cache: Sendable {
        private struct Entry { var face: OpaquePointer; var used: Int }
        /// A face reference handed out of the lock (Cairo's faces may be used on any thread).
        private struct Handle: @unchecked Sendable { let face: OpaquePointer }
        private let state = Lock<(entries: [Int: Entry], clock: Int)>(([:], 0))
        private let capacity: Int

        init(capacity: Int) { self.capacity = capacity }

        /// A new reference (+1) to the cached face drawing `font`, made on first use.
        func face(for font: Font) -> OpaquePointer? {
            let cached: Handle? = state.withLock { state in
                state.clock += 1
                guard var entry = state.entries[font.faceID] else { return nil }
                entry.used = state.clock
                state.entries[font.faceID] = entry
                return Handle(face: cairo_font_face_reference(entry.face))
            }
            if let cached { return cached.face }
            guard let made = CairoFonts.makeFace(font).map(Handle.init) else { return nil }
            return state.withLock { state in
                if let raced = state.entries[font.faceID] {  // another thread made it meanwhile
                    cairo_font_face_destroy(made.face)
                    return Handle(face: cairo_font_face_reference(raced.face))
                }
                if state.entries.count >= capacity, let oldest = state.entries.min(by: { $0.value.used < $1.value.used }) {
                    cairo_font_face_destroy(oldest.value.face)
                    state.entries[oldest.key] = nil
                }
                state.entries[font.faceID] = Entry(face: made.face, used: state.clock)
                return Handle(face: cairo_font_face_reference(made.face))
            }.face
        }

        deinit {
            state.withLock { state in for entry in state.entries.values { cairo_font_face_destroy(entry.face) } }
        }
    }

    /// The process's cache: room for the faces of several font stacks.
    static let shared = Cache(capacity: 64)

    /// A FreeType face and the font whose bytes it reads: freed together when Cairo lets go.
    private final class Keeper {
        let font: Font
        let ftFace: FT_Face
        /// The face's bounding box in ems, y up; nil for a face without one (a bitmap font).
        let box: Rect?
        /// A glyph without ink: the space's, if the face maps it to a glyph with no outline.
        let blank: UInt?
        init(font: Font, ftFace: FT_Face) {
            (self.font, self.ftFace) = (font, ftFace)
            let space = FT_Get_Char_Index(ftFace, 0x20)
            blank = space != 0 && FT_Load_Glyph(ftFace, space, Int32(FT_LOAD_NO_SCALE)) == 0
                && ftFace.pointee.glyph.pointee.outline.n_points == 0 ? UInt(space) : nil
            let (bbox, unitsPerEm) = (ftFace.pointee.bbox, Double(ftFace.pointee.units_per_EM))
            let scalable = ftFace.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
            box = scalable && unitsPerEm > 0 && bbox.xMax >= bbox.xMin && bbox.yMax >= bbox.yMin
                ? Rect(x: Double(bbox.xMin) / unitsPerEm, y: Double(bbox.yMin) / unitsPerEm,
                       width: Double(bbox.xMax - bbox.xMin) / unitsPerEm, height: Double(bbox.yMax - bbox.yMin) / unitsPerEm)
                : nil
        }
        deinit { FreeType.lock.withLock { _ in _ = FT_Done_Face(ftFace) } }
    }

    /// The key of a face's `Keeper`: Cairo compares keys by address, so one address for the
    /// process, allocated once (an `&` of a static variable would be an exclusive access that
    /// two drawing threads make at once).
    private nonisolated(unsafe) static let userDataKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
        let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
        key.initialize(to: cairo_user_data_key_t())
        return key
    }()

    fileprivate static func makeFace(_ font: Font) -> OpaquePointer? {
        let bytes = font.fileBytes
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        nonisolated(unsafe) var opened: FT_Face?
        FreeType.lock.withLock { _ in
            guard let library = FreeType.library else { return }
            if FT_New_Memory_Face(library, base, FT_Long(bytes.count), FT_Long(font.faceIndex), &opened) != 0 { opened = nil }
        }
        guard let ftFace = opened else { return nil }
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_COLOR)
        guard let face = cairo_ft_font_face_create_for_ft_face(ftFace, flags) else {
            FreeType.lock.withLock { _ in _ = FT_Done_Face(ftFace) }
            return nil
        }
        let keeper = Unmanaged.passRetained(Keeper(font: font, ftFace: ftFace)).toOpaque()
        let status = cairo_font_face_set_user_data(face, userDataKey, keeper) { Unmanaged<Keeper>.fromOpaque($0!).release() }
        if status != CAIRO_STATUS_SUCCESS {
            Unmanaged<Keeper>.fromOpaque(keeper).release()
            cairo_font_face_destroy(face)
            return nil
        }
        return face
    }
}

/// The process's FreeType library for drawing. FreeType's face creation and disposal on one
/// library must not run on two threads at once; everything else on a face is per face.
enum FreeType {
    /// Held while a face is created or done.
    static let lock = Lock(())
    /// The library; nil only if FreeType cannot start.
    nonisolated(unsafe) static let library: FT_Library? = {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }()
}
