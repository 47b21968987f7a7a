import FuzzSupport
import TextMeasure

/// Latin with kerning and ligatures, a tab, a soft hyphen, Hebrew and Arabic with marks,
/// Devanagari, Thai, CJK, emoji, a combining mark, a joiner and a hard break: text the font has
/// glyphs for or not, shaped with it alone and as primary or fallback of the bundled monospace font.
let sample = "AVATAR Wo ﬁ office, ½ “x”\tTab soft\u{00AD}hyphen שָׁלוֹם مَرْحَبًا नमस्ते สวัสดี 漢字かな 한글 👍🏽 e\u{0301}\u{200D}\nline 2"

/// Input: the bytes of a font file (face 0).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let font: Font
    do {
        font = try Font(data: bytes, size: 14)
    } catch {
        // Bad bytes are a typed error naming the in-memory source.
        switch error {
        case .notAFont(let path), .truncated(let path, _), .missingTable(let path, _), .malformed(let path, _, _, _),
             .faceIndexOutOfRange(let path, _, _), .unreadable(let path, _):
            require(path == "<memory>", "Font(data:) threw \(error), naming \(path)")
        default:
            fatalError("Font(data:) threw \(error)")
        }
        return 0
    }

    let metrics = font.metrics
    for (name, value) in [("ascender", metrics.ascender), ("descender", metrics.descender), ("lineGap", metrics.lineGap),
                          ("capHeight", metrics.capHeight), ("xHeight", metrics.xHeight),
                          ("averageCharWidth", metrics.averageCharWidth), ("lineHeight", metrics.lineHeight)] {
        require(value.isFinite, "metrics.\(name) is \(value)")
    }
    require((16...16384).contains(metrics.unitsPerEm), "unitsPerEm \(metrics.unitsPerEm) accepted")
    _ = (font.familyName, font.isColor, font.covers("A"), font.description)
    requireSize(font.width(of: sample, cache: nil), "width(of:)")
    requireSize(font.nominalWidth(of: sample), "nominalWidth(of:)")
    requireSize(font.withFeatures(noKerning).width(of: sample, cache: nil), "width(of:) without kern and liga")

    let stacks: [(String, FontStack)] = [
        ("alone", font.stack),
        ("primary", stack([font, Fonts.mono])),
        ("fallback", stack([Fonts.mono, font])),
    ]
    for (role, stack) in stacks {
        requireSize(stack.width(of: sample, cache: nil), "\(role): width(of:)")
        let prepared = stack.prepare(sample, cache: nil)
        requireSize(prepared.minContentWidth, "\(role): minContentWidth")
        requireSize(prepared.maxContentWidth, "\(role): maxContentWidth")
        for width in [0, 40, 200, prepared.maxContentWidth] {
            let layout = prepared.layout(width: width, maxLines: 2)
            checkLayout(layout, of: sample, width: width, maxLines: 2, "\(role) font")
        }
        let single = stack.singleLine(sample, width: 60, truncation: .middle, cache: nil)
        checkLayout(single, of: sample, width: 60, maxLines: 1, singleLine: true, "\(role) font")
    }
    return 0
}

let noKerning: [FontFeature] = {
    do { return [try FontFeature("-kern"), try FontFeature("-liga")] } catch { fatalError("\(error)") }
}()

func stack(_ fonts: [Font]) -> FontStack {
    do { return try FontStack(fonts) } catch { fatalError("FontStack(\(fonts)) threw \(error)") }
}
