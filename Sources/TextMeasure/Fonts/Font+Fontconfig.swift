internal import CHarfBuzz

extension Font {
    /// The installed font whose family is `family`, found through fontconfig
    /// (e.g. `Font(family: "DejaVu Sans", size: 14)`).
    ///
    /// fontconfig always answers with its best match; when no family name of that match equals
    /// `family` (ignoring case), this throws `FontError.familyNotFound` rather than silently
    /// measuring with another font.
    public init(family: String, size: Double = 14, features: [FontFeature] = []) throws(FontError) {
        guard let (path, index) = Self.fontconfigLookup(family) else { throw .familyNotFound(family: family) }
        try self.init(path: path, faceIndex: index, size: size, features: features)
    }

    private static let fontconfigLock = Lock(())

    private static func fontconfigLookup(_ family: String) -> (path: String, faceIndex: Int)? {
        fontconfigLock.withLock { _ in
            guard FcInit() != 0, let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcConfigSubstitute(nil, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }

            var names: [String] = []
            var value: UnsafeMutablePointer<FcChar8>?
            var n: Int32 = 0
            while FcPatternGetString(match, FC_FAMILY, n, &value) == FcResultMatch, let value {
                names.append(String(cString: value))
                n += 1
            }
            guard names.contains(where: { $0.lowercased() == family.lowercased() }),
                  FcPatternGetString(match, FC_FILE, 0, &value) == FcResultMatch, let value else { return nil }
            var index: Int32 = 0
            _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
            return (String(cString: value), Int(index))
        }
    }
}
