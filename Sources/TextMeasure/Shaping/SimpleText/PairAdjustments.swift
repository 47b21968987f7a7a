internal import CHarfBuzz

/// What a glyph of simple text was made from: one character, or a ligature (by its glyph).
enum GlyphSource: Hashable {
    case character(UInt32)
    case ligature(UInt16)
}

/// A glyph of simple text as a plan's walk makes it: what made it, its id, its advance alone,
/// and the bytes of the text it takes.
struct SimpleGlyph {
    var source: GlyphSource
    var glyph: UInt16
    var advance: Int32
    var bytes: Range<Int>
}

/// What shaping the pair "ab" changes in the glyphs of a and b, beyond their own advances.
struct PairAdjustment: Sendable, Equatable {
    var first: Int32, second: Int32
    /// b's x offset (the legacy `kern` table moves b by its half); nil when the pair also offsets
    /// a, or either glyph vertically (then only the width is known here).
    var secondOffset: Int32?
    static let zero = PairAdjustment(first: 0, second: 0, secondOffset: 0)
}

/// The pair adjustments of one plan: what `hb_shape` adds to two simple glyphs side by side
/// (GPOS puts a pair's value on the first glyph, the legacy `kern` table splits it), shaped for
/// every pair of ASCII characters when the plan is built, and for other pairs on first need.
///
/// `@unchecked Sendable`: immutable but for the locked cache; an immutable hb-ot font shapes
/// from any number of threads.
final class PairAdjustments: @unchecked Sendable {
    /// By pair of ASCII scalars (a × 128 + b): the adjustment, or nil when "ab" does not shape
    /// to a's and b's glyphs (then the text goes to HarfBuzz).
    private let ascii: [PairAdjustment?]
    /// Pairs beyond ASCII, shaped on first need, as `ascii` holds them.
    private let shaped = Lock<[Pair: PairAdjustment?]>([:])
    private struct Pair: Hashable { let first: GlyphSource, second: GlyphSource }
    private let font: OpaquePointer
    private let features: [hb_feature_t]
    private let script: hb_script_t

    /// The adjustments of `font` with `features` in `script`; the ASCII pairs of `characters`
    /// (by scalar: the character's glyph and advance when it is simple) whose first glyph
    /// `startsPair` are shaped now, the others adjust nothing. O(128² shapes).
    init(font: OpaquePointer, features: [hb_feature_t], script: hb_script_t, characters: [SimpleCharacter?],
         startsPair: (UInt16) -> Bool) {
        self.font = hb_font_reference(font)
        self.features = features
        self.script = script
        var ascii = [PairAdjustment?](repeating: .zero, count: 128 * 128)
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        for first in 0..<128 {
            guard let a = characters[first], startsPair(a.glyph) else { continue }
            for second in 0..<128 {
                guard let b = characters[second] else { continue }
                ascii[first << 7 | second] = Self.adjustment([UInt32(first), UInt32(second)], a: (a.glyph, a.advance),
                                                             b: (b.glyph, b.advance), font: font, features: features,
                                                             script: script, buffer: buffer)
            }
        }
        self.ascii = ascii
    }

    deinit { hb_font_destroy(font) }

    /// The adjustment of two ASCII characters' glyphs (see `ascii`).
    @inline(__always)
    func ascii(_ a: UInt32, _ b: UInt32) -> PairAdjustment? { ascii[Int(a << 7 | b)] }

    /// What shaping `a` then `b` (glyphs of `utf8`) adds to their advances, shaped on first need
    /// and kept; nil when they do not shape to these two glyphs.
    func shaped(_ a: SimpleGlyph, _ b: SimpleGlyph, in utf8: UnsafeBufferPointer<UInt8>) -> PairAdjustment? {
        let pair = Pair(first: a.source, second: b.source)
        if let known = shaped.withLock({ $0[pair] }) { return known }
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        var scalars: [UInt32] = []
        var index = a.bytes.lowerBound
        while index < b.bytes.upperBound {
            let (scalar, length) = SimpleTextAnalysis.decode(utf8, at: index)
            scalars.append(scalar)
            index += length
        }
        let adjustment = Self.adjustment(scalars, a: (a.glyph, a.advance), b: (b.glyph, b.advance), font: font,
                                         features: features, script: script, buffer: buffer)
        shaped.withLock { $0[pair] = adjustment }
        return adjustment
    }

    /// What shaping `scalars` adds to the advances of the two glyphs `a` and `b` it must make
    /// (and to b's offset); nil when it makes other glyphs.
    private static func adjustment(_ scalars: [UInt32], a: (glyph: UInt16, advance: Int32), b: (glyph: UInt16, advance: Int32),
                                   font: OpaquePointer, features: [hb_feature_t], script: hb_script_t,
                                   buffer: OpaquePointer) -> PairAdjustment? {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        var properties = hb_segment_properties_t.simpleText(script)
        hb_buffer_set_segment_properties(buffer, &properties)
        hb_shape(font, buffer, features, UInt32(features.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 2,
              let positions = hb_buffer_get_glyph_positions(buffer, nil),
              infos[0].codepoint == UInt32(a.glyph), infos[1].codepoint == UInt32(b.glyph) else { return nil }
        let moved = positions[0].x_offset != 0 || positions[0].y_offset != 0 || positions[1].y_offset != 0
        return PairAdjustment(first: positions[0].x_advance - a.advance, second: positions[1].x_advance - b.advance,
                              secondOffset: moved ? nil : positions[1].x_offset)
    }
}

extension hb_segment_properties_t {
    /// The segment properties `Shaper.shape` gives a left-to-right buffer in `script` (invalid:
    /// the script HarfBuzz guesses for text of common characters only), with no language ("und").
    static func simpleText(_ script: hb_script_t) -> hb_segment_properties_t {
        var properties = hb_segment_properties_t()
        properties.direction = HB_DIRECTION_LTR
        properties.script = script
        properties.language = hb_language_from_string("und", -1)
        return properties
    }
}
