internal import Synchronization
import TextMeasure

/// The fonts LibreOffice lays out each `ScriptClass` of a cell's text in, and how far each
/// reaches above and below the baseline on a whole-pixel screen.
///
/// A workbook names one font per cell format; LibreOffice 7.4 uses it for Western text, and for
/// Asian or Complex text when the font has one of the characters its xlsx import looks for
/// (`asianSamples`, `complexSamples`: Liberation Serif and DejaVu Sans have Hebrew, so they lay
/// out Complex text too), and its own default fonts for the rest: on Debian 12 with the Noto
/// fonts, Noto Sans CJK SC for Asian text and Noto Sans Devanagari for Complex text
/// (right-to-left and Indic scripts, Thai). Each
/// draws what it has (the spaces and digits of Arabic text in Noto Sans Devanagari) and falls
/// back, as fontconfig sorts the fonts, for the rest (Arabic and Hebrew letters in DejaVu Sans).
/// A line is as tall as the class fonts' extents, whatever font draws its glyphs (measured: a
/// line of Calibri 11 is 15 px, of Japanese 21 px, of Arabic or Thai 19 px). A class whose font
/// is not installed is laid out in the Western font.
struct ScriptFonts {
    /// A font's ascender and descender in px, each rounded to a whole pixel (as LibreOffice
    /// rounds the `hhea` ascender and descender at the font's pixel size).
    struct Extent: Sendable {
        let ascender: Double
        let descender: Double

        init(_ metrics: FontMetrics) {
            (ascender, descender) = (metrics.ascender.rounded(), (-metrics.descender).rounded())
        }
    }

    /// LibreOffice's default families for Asian and Complex text.
    static let asianFamily = "Noto Sans CJK SC", complexFamily = "Noto Sans Devanagari"
    /// A workbook font that has one of these lays out Asian text (LibreOffice's xlsx import
    /// asks its font for a character of each block: kana, Bopomofo, Hangul, CJK ideographs and
    /// compatibility forms, Yi, full-width forms).
    static let asianSamples: [UInt32] = [0x3041, 0x30A1, 0x3111, 0x3131, 0x3301, 0x3401, 0x4E01, 0x7E01, 0xA001, 0xAC01, 0xCC01, 0xF901, 0xFF71]
    /// A workbook font that has one of these lays out Complex text (Hebrew, Arabic, Syriac,
    /// Devanagari, Thai and the Hebrew and Arabic presentation forms).
    static let complexSamples: [UInt32] = [0x05D1, 0x0631, 0x0721, 0x0911, 0x0E01, 0xFB21, 0xFB51, 0xFE71]

    private let western: FontStack, asian: FontStack, complex: FontStack
    private let westernExtent: Extent, asianExtent: Extent, complexExtent: Extent

    /// The Asian and Complex defaults found so far, by size and whether bold (nil: not installed).
    private static let found = Mutex<[Key: (asian: FontStack?, complex: FontStack?)]>([:])
    private struct Key: Hashable {
        let size: Double
        let isBold: Bool
    }

    /// `western` (the workbook's font, at the drawn size) and LibreOffice's Asian and Complex
    /// defaults at the same size, bold when `western`'s primary font is.
    ///
    /// - Complexity: two fontconfig sorts the first time a size and weight are asked for.
    init(western stack: FontStack) {
        western = stack
        let key = Key(size: stack.size, isBold: stack.primary.weightClass >= 600)
        let defaults = Self.found.withLock { $0[key] } ?? {
            func installed(_ family: String) -> FontStack? {
                guard let found = try? FontStack(families: [family], size: key.size, weight: key.isBold ? .bold : .regular, fallback: .system),
                      found.primary.familyName.lowercased() == family.lowercased() else { return nil }
                return found
            }
            let stacks = (asian: installed(Self.asianFamily), complex: installed(Self.complexFamily))
            Self.found.withLock { $0[key] = stacks }
            return stacks
        }()
        func has(_ samples: [UInt32]) -> Bool { samples.contains { Unicode.Scalar($0).map(stack.primary.covers) ?? false } }
        asian = has(Self.asianSamples) ? stack : defaults.asian ?? stack
        complex = has(Self.complexSamples) ? stack : defaults.complex ?? stack
        (westernExtent, asianExtent, complexExtent) = (Extent(western.metrics), Extent(asian.metrics), Extent(complex.metrics))
    }

    /// The fonts text of `kind` is laid out in.
    func stack(of kind: ScriptClass) -> FontStack {
        switch kind {
        case .western: western
        case .asian: asian
        case .complex: complex
        }
    }

    /// The extent of the font of `kind`.
    func extent(of kind: ScriptClass) -> Extent {
        switch kind {
        case .western: westernExtent
        case .asian: asianExtent
        case .complex: complexExtent
        }
    }
}
