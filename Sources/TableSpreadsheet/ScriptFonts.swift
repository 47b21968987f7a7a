internal import Synchronization
import TextMeasure

/// The fonts LibreOffice lays out each `ScriptClass` of a cell's text in, and how far each
/// reaches above and below the baseline on a whole-pixel screen.
///
/// A workbook names one font per cell format; LibreOffice 7.4 uses it for Western text and its
/// own default fonts for the rest: on Debian 12 with the Noto fonts, Noto Sans CJK SC for Asian
/// text and Noto Sans Devanagari for Complex text (right-to-left and Indic scripts, Thai), their
/// line heights even where another font draws the glyphs (measured: a line of Calibri 11 is
/// 15 px, of Japanese 21 px, of Arabic or Thai 19 px). A class whose font is not installed is
/// measured in the Western font.
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

    private let western: Extent, asian: Extent, complex: Extent

    /// The Asian and Complex defaults' extents found so far, by size (nil: not installed).
    private static let found = Mutex<[Double: (asian: Extent?, complex: Extent?)]>([:])

    /// The extents of `western` (the workbook's font, at the drawn size) and of LibreOffice's
    /// Asian and Complex defaults at the same size.
    ///
    /// - Complexity: two fontconfig matches the first time a size is asked for.
    init(western stack: FontStack) {
        western = Extent(stack.metrics)
        let size = stack.size
        let defaults = Self.found.withLock { $0[size] } ?? {
            func installed(_ family: String) -> Extent? {
                guard let found = try? FontStack(families: [family], size: size, fallback: .none),
                      found.primary.familyName.lowercased() == family.lowercased() else { return nil }
                return Extent(found.metrics)
            }
            let extents = (asian: installed(Self.asianFamily), complex: installed(Self.complexFamily))
            Self.found.withLock { $0[size] = extents }
            return extents
        }()
        asian = defaults.asian ?? western
        complex = defaults.complex ?? western
    }

    /// The extent of the font of `kind`.
    func extent(of kind: ScriptClass) -> Extent {
        switch kind {
        case .western: western
        case .asian: asian
        case .complex: complex
        }
    }
}
