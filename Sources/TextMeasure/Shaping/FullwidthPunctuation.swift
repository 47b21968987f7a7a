internal import CHarfBuzz

/// How Chromium spaces fullwidth punctuation (CSS `text-spacing-trim: normal`, Blink's
/// `HanKerning`), for a face: of two punctuation marks side by side, the blank half of one is
/// trimmed with the face's `halt` feature, as CSS Text 4 collapses adjacent fullwidth
/// punctuation; and `chws`, where the face has it, does the same within a run.
///
/// Only the sets of `LineBreakRules.chromium` trim (see `FontSet.trimsFullwidthPunctuation`);
/// Pango does not. Measured from the glyphs, as Chromium measures them:
/// - a face trims when its layout tables have `halt`;
/// - the full stops and commas (、。，．), the colon and the semicolon (：；) are opening,
///   closing or middle marks as their glyphs' ink sits in their advance (left half, right half,
///   centred), which varies between Chinese and Japanese designs; the curly quotes are fullwidth
///   marks only where the face draws them so.
///
/// Of two marks side by side (Chromium's `ShouldKern` and `ShouldKernLast`):
/// - an opening mark after an opening, middle or closing mark (or a narrow opening one, "(")
///   loses its leading half: "」「" is 1.5 em;
/// - a closing mark before a closing or middle mark (or a narrow closing one) loses its
///   trailing half: "）。" is 1.5 em.
/// A text's first character is a line's start: nothing before it trims it. The marks at the
/// start and end of a line are not trimmed otherwise (Chromium 156, measured).
struct FullwidthPunctuation: Sendable {
    /// A character's class among the CSS Text 4 text spacing classes, as Blink's
    /// `HanKerningCharType` has it.
    enum Kind: UInt8 {
        case other, open, close, middle, openNarrow, closeNarrow
        /// The full stops and commas, the colon, the semicolon and the curly quotes: a class of
        /// their own until the face's glyphs decide (see `resolved(_:)`).
        case dot, colon, semicolon, openQuote, closeQuote
    }

    /// Whether the face has `halt`: without it nothing is trimmed.
    let trims: Bool
    /// Whether the face has `chws`, which trims the marks within a run itself.
    let hasContextualSpacing: Bool
    private let dot: Kind, colon: Kind, semicolon: Kind
    private let quotesAreFullwidth: Bool

    /// A face that trims nothing.
    static let none = FullwidthPunctuation(trims: false, hasContextualSpacing: false, dot: .other, colon: .other,
                                           semicolon: .other, quotesAreFullwidth: false)

    private init(trims: Bool, hasContextualSpacing: Bool, dot: Kind, colon: Kind, semicolon: Kind, quotesAreFullwidth: Bool) {
        (self.trims, self.hasContextualSpacing) = (trims, hasContextualSpacing)
        (self.dot, self.colon, self.semicolon, self.quotesAreFullwidth) = (dot, colon, semicolon, quotesAreFullwidth)
    }

    /// What `font` (an hb-ot font of `face` at upem scale) does: its features, and its marks
    /// shaped in the Han script to see where their ink sits.
    init(face: OpaquePointer, font: OpaquePointer) {
        guard Self.has("halt", in: face) else { self = .none; return }
        // 、。，． ：； “‘ ”’, as Blink probes them.
        let marks: [UInt32] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]
        let buffer = hb_buffer_create()!
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(buffer, marks, Int32(marks.count), 0, Int32(marks.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, nil)!
        // One glyph a mark, in order, or the face is not one whose marks Blink trims.
        guard count == marks.count, (0..<Int(count)).allSatisfy({ infos[$0].cluster == UInt32($0) }) else { self = .none; return }
        /// The class of the glyphs `indices` share (same advance, same class), else `.other`.
        func kind(_ indices: Range<Int>) -> Kind {
            var found: (advance: Int32, kind: Kind)?
            for index in indices where infos[index].codepoint != 0 {
                let advance = positions[index].x_advance
                var extents = hb_glyph_extents_t()
                _ = hb_font_get_glyph_extents(font, infos[index].codepoint, &extents)
                let left = Double(extents.x_bearing) + Double(positions[index].x_offset), width = Double(extents.width)
                let half = Double(found?.advance ?? advance) / 2
                let kind: Kind = left + width <= half ? .close : left >= half ? .open
                    : width <= half && left >= half / 2 ? .middle : .other
                if let found, found.advance != advance || found.kind != kind { return .other }
                found = (advance, kind)
            }
            return found?.kind ?? .other
        }
        self.init(trims: true, hasContextualSpacing: Self.has("chws", in: face), dot: kind(0..<4), colon: kind(4..<5),
                  semicolon: kind(5..<6), quotesAreFullwidth: kind(6..<8) == .open && kind(8..<10) == .close)
    }

    /// Whether `face`'s GSUB or GPOS has the feature `tag`.
    private static func has(_ tag: String, in face: OpaquePointer) -> Bool {
        let wanted = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        for table: UInt32 in [0x4753_5542, 0x4750_4F53] {  // 'GSUB', 'GPOS'
            var tags = [hb_tag_t](repeating: 0, count: 64)
            var start: UInt32 = 0
            while true {
                var count = UInt32(tags.count)
                let total = hb_ot_layout_table_get_feature_tags(face, table, start, &count, &tags)
                if tags[..<Int(count)].contains(wanted) { return true }
                start += count
                if count == 0 || start >= total { break }
            }
        }
        return false
    }

    /// `chws` and `halt`.
    static let chws = hb_tag_t(0x6368_7773), halt = hb_tag_t(0x6861_6C74)

    /// The features that set a mark's width themselves: a font's settings that turn one on
    /// leave its marks untrimmed (`halt`, `hwid`, `palt`, `pwid`, `qwid`, `twid`, `valt`,
    /// `vhal`, `vpal`).
    static let widthFeatures: Set<hb_tag_t> = Set(["halt", "hwid", "palt", "pwid", "qwid", "twid", "valt", "vhal", "vpal"].map {
        $0.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    })

    /// `value`'s class before the face decides its marks' (Blink's `GetHanKerningCharType`).
    static func kind(of value: UInt32) -> Kind {
        switch value {
        case 0x2018, 0x201C: return .openQuote
        case 0x2019, 0x201D: return .closeQuote
        case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0xFF1A: return .colon
        case 0xFF1B: return .semicolon
        default:
            guard let scalar = Unicode.Scalar(value) else { return .other }
            // CJK symbols and punctuation, or East Asian Width F.
            let wide = (0x3000...0x303F).contains(value) || (0xFF01...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
            switch scalar.properties.generalCategory {
            case .openPunctuation: return wide ? .open : .openNarrow
            case .closePunctuation: return wide ? .close : .closeNarrow
            default: return .other
            }
        }
    }

    /// `value`'s class in this face.
    func resolved(_ value: UInt32) -> Kind {
        switch Self.kind(of: value) {
        case .dot: dot
        case .colon: colon
        case .semicolon: semicolon
        case .openQuote: quotesAreFullwidth ? .open : .openNarrow
        case .closeQuote: quotesAreFullwidth ? .close : .closeNarrow
        case let kind: kind
        }
    }

    /// Whether a mark of class `kind` after one of class `last` loses its leading half.
    static func trimsStart(of kind: Kind, after last: Kind) -> Bool {
        kind == .open && (last == .open || last == .middle || last == .close || last == .openNarrow)
    }

    /// Whether a mark of class `last` before one of class `kind` loses its trailing half.
    static func trimsEnd(of last: Kind, before kind: Kind) -> Bool {
        last == .close && (kind == .close || kind == .middle || kind == .closeNarrow)
    }

    /// Whether `utf8` may hold a mark this trims: a character of U+2018…U+301F or
    /// U+FF08…U+FF60 (Blink's `MaybeHanKerningOpenOrCloseFast`). One pass over the bytes.
    static func mayApply(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = utf8[index]
            if lead == 0xE2 || lead == 0xE3 || lead == 0xEF, index + 2 < utf8.count {
                let value = SimpleTextAnalysis.decode(utf8, at: index).0
                if (0x2018...0x301F).contains(value) || (0xFF08...0xFF60).contains(value) { return true }
            }
            index += 1
        }
        return false
    }

    /// The `halt` features that trim the marks of `range` of `utf8` (a run this face shapes), the
    /// text before and after the range taken as its context, as Blink's `HanKerning::Compute`.
    func halts(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [hb_feature_t] {
        guard trims, !range.isEmpty else { return [] }
        var starts: [Int] = []  // the byte offset of each character of the range, and the end
        var index = range.lowerBound
        while index < range.upperBound {
            starts.append(index)
            index += SimpleTextAnalysis.decode(utf8, at: index).1
        }
        starts.append(range.upperBound)
        func value(at offset: Int) -> UInt32 { SimpleTextAnalysis.decode(utf8, at: offset).0 }
        var trimmed: [Int] = []  // character indices into `starts`
        var last = resolved(value(at: starts[0]))
        if range.lowerBound > 0 {
            var previous = range.lowerBound - 1
            while previous > 0, utf8[previous] & 0xC0 == 0x80 { previous -= 1 }
            if Self.trimsStart(of: last, after: resolved(value(at: previous))) { trimmed.append(0) }
        }
        let count = starts.count - 1
        if !hasContextualSpacing {
            for character in 1..<max(1, count) {
                let kind = resolved(value(at: starts[character]))
                if Self.trimsEnd(of: last, before: kind) {
                    trimmed.append(character - 1)
                } else if Self.trimsStart(of: kind, after: last) {
                    trimmed.append(character)
                }
                last = kind
            }
        } else if count > 1 {
            last = resolved(value(at: starts[count - 1]))
        }
        if range.upperBound < utf8.count, Self.trimsEnd(of: last, before: resolved(value(at: range.upperBound))) {
            trimmed.append(count - 1)
        }
        return trimmed.map { hb_feature_t(tag: Self.halt, value: 1, start: UInt32(starts[$0]), end: UInt32(starts[$0 + 1])) }
    }
}
