internal import CCairo
import TextMeasure

/// Cairo font faces over the very font files TextMeasure shaped with, through cairo-ft: loaded
/// unhinted (`FT_LOAD_NO_HINTING`, so outlines scale exactly with the size the glyph positions
/// were computed for) and with colour glyphs (`FT_LOAD_COLOR`, for emoji).
///
/// One per drawing pass. Each Cairo face owns its FreeType face and keeps the `Font` whose file
/// bytes FreeType reads alive, for as long as Cairo holds the face (its caches may outlive the pass).
final class CairoFonts {
    private var faces: [Int: OpaquePointer] = [:]

    /// The Cairo face drawing `font`, or nil when FreeType cannot open it (never for a face
    /// TextMeasure loaded: it checked FreeType accepts it).
    func face(for font: Font) -> OpaquePointer? {
        if let face = faces[font.faceID] { return face }
        guard let face = Self.makeFace(font) else { return nil }
        faces[font.faceID] = face
        return face
    }

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
    }

    /// A FreeType face and the font whose bytes it reads: freed together when Cairo lets go.
    private final class Keeper {
        let font: Font
        let ftFace: FT_Face
        init(font: Font, ftFace: FT_Face) { (self.font, self.ftFace) = (font, ftFace) }
        deinit { FreeType.lock.withLock { _ in _ = FT_Done_Face(ftFace) } }
    }

    private nonisolated(unsafe) static var userDataKey = cairo_user_data_key_t()

    private static func makeFace(_ font: Font) -> OpaquePointer? {
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
        let status = withUnsafePointer(to: &userDataKey) { key in
            cairo_font_face_set_user_data(face, key, keeper) { Unmanaged<Keeper>.fromOpaque($0!).release() }
        }
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
