internal import CHarfBuzz
import TextMeasure

/// The bold face of an installed family, as fontconfig matches `family:weight=bold`: kept small
/// and local here (the header's bold face); the library's own bold faces come with the text
/// styles of "Report tables".
enum BoldFace {
    /// The face fontconfig gives for `family` at bold weight, at `size` points; nil when its
    /// best match is another family or not bold (weight below semibold), so that the header is
    /// then measured regular, never in a stranger's bold.
    static func find(family: String, size: Double) -> Font? {
        guard let (path, index) = match(family: family) else { return nil }
        guard let font = try? Font(path: path, faceIndex: index, size: size),
              font.familyName.lowercased() == family.lowercased() else { return nil }
        return font
    }

    /// The file and face index fontconfig matches for `family` at bold weight, if bold.
    private static func match(family: String) -> (String, Int)? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_BOLD)
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var weight: Int32 = 0, index: Int32 = 0
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetInteger(match, FC_WEIGHT, 0, &weight) == FcResultMatch, weight >= FC_WEIGHT_SEMIBOLD,
              FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }
}
