import TextMeasureFonts

/// The fonts shipped with the package (see `Fonts/README.md`): together they cover Latin, Greek,
/// Cyrillic (with Vietnamese), Arabic, Hebrew, Devanagari, Thai, common CJK and emoji, so
/// measuring works on a machine with no fonts installed. Latin, Greek, Cyrillic, Arabic, Hebrew,
/// Devanagari and Thai have bold faces too; CJK, emoji and the monospaced font do not.
public enum BundledFont: String, Sendable, CaseIterable {
    case notoSans = "NotoSans-Regular.ttf"
    case notoSansArabic = "NotoSansArabic-Regular.ttf"
    case notoSansHebrew = "NotoSansHebrew-Regular.ttf"
    case notoSansDevanagari = "NotoSansDevanagari-Regular.ttf"
    case notoSansThai = "NotoSansThai-Regular.ttf"
    case notoSansBold = "NotoSans-Bold.ttf"
    case notoSansArabicBold = "NotoSansArabic-Bold.ttf"
    case notoSansHebrewBold = "NotoSansHebrew-Bold.ttf"
    case notoSansDevanagariBold = "NotoSansDevanagari-Bold.ttf"
    case notoSansThaiBold = "NotoSansThai-Bold.ttf"
    /// Simplified Chinese face of Noto Sans CJK, subset to the common hanzi, kanji, kana and Hangul.
    case notoSansCJK = "NotoSansCJKsc-Regular.otf"
    case notoColorEmoji = "NotoColorEmoji.ttf"
    /// A monospaced font: every advance is equal, handy for widths worked out by hand.
    case notoSansMono = "NotoSansMono-Regular.ttf"

    /// The file name inside the bundled font folder.
    public var fileName: String { rawValue }

    /// The full path of the font file, or the folders searched when the bundle is missing.
    public func path() throws(FontError) -> String {
        switch BundledFontsDirectory.location {
        case .success(let directory): return directory + "/" + fileName
        case .failure(let failure): throw .bundledFontsNotFound(searched: failure.searched)
        }
    }

    /// The fallback order of the default stack: everything but the monospaced font.
    public static let defaultStackOrder: [BundledFont] = [
        .notoSans, .notoSansArabic, .notoSansHebrew, .notoSansDevanagari, .notoSansThai, .notoSansCJK, .notoColorEmoji,
    ]

    /// The fallback order of the default stack's bold text: the bold faces, then the regular CJK
    /// and emoji faces, which have no bundled bold (their text is drawn regular, not emboldened).
    public static let boldStackOrder: [BundledFont] = [
        .notoSansBold, .notoSansArabicBold, .notoSansHebrewBold, .notoSansDevanagariBold, .notoSansThaiBold,
        .notoSansCJK, .notoColorEmoji,
    ]
}

extension Font {
    /// A bundled font at `size`.
    ///
    /// - Complexity: as `Font.init(path:faceIndex:size:features:)`: the face is loaded the first time.
    public static func bundled(_ font: BundledFont, size: Double = 14, features: [FontFeature] = []) throws(FontError) -> Font {
        try Font(path: font.path(), size: size, features: features)
    }
}

extension FontStack {
    /// The bundled fonts in `BundledFont.defaultStackOrder`, at `size`, with those of
    /// `BundledFont.boldStackOrder` for bold text (`weight(.bold)`).
    ///
    /// - Complexity: loads the twelve faces the first time; fourteen lookups after that.
    public static func bundled(size: Double = 14) throws(FontError) -> FontStack {
        func stack(_ order: [BundledFont]) throws(FontError) -> FontStack {
            var fonts: [Font] = []
            for font in order { fonts.append(try Font.bundled(font, size: size)) }
            return try FontStack(fonts)
        }
        return try stack(BundledFont.defaultStackOrder).withBold(stack(BundledFont.boldStackOrder))
    }
}
