import CHarfBuzzBaseline

/// One hb-ot font of a file, scaled to its units-per-em, and one reused buffer: the baseline.
/// Single-threaded use only (the buffer is shared across calls).
public final class BareHarfBuzz: @unchecked Sendable {
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    private let pointsPerUnit: Double

    public init(path: String, size: Double) {
        let blob = hb_blob_create_from_file_or_fail(path)!
        let face = hb_face_create(blob, 0)!
        let upem = hb_face_get_upem(face)
        font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_face_destroy(face)
        hb_blob_destroy(blob)
        buffer = hb_buffer_create()!
        pointsPerUnit = size / Double(upem)
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
    }

    /// The shaped width of `text` in points: the sum of HarfBuzz's x_advances × size ÷ upem.
    public func width(of text: String) -> Double {
        hb_buffer_clear_contents(buffer)
        var text = text
        text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) {
                hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let positions = hb_buffer_get_glyph_positions(buffer, &count)!
        var sum = 0
        for index in 0..<Int(count) { sum += Int(positions[index].x_advance) }
        return Double(sum) * pointsPerUnit
    }
}
