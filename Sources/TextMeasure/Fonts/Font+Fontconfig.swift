extension Font {
    /// The installed font whose family is `family`, found through fontconfig
    /// (e.g. `Font(family: "DejaVu Sans", size: 14)`), in `configuration` (default: the system's).
    ///
    /// fontconfig always answers with its best match; when no family name of that match equals
    /// `family` (ignoring case), this throws `FontError.familyNotFound` rather than silently
    /// measuring with another font.
    ///
    /// - Complexity: one fontconfig match over the installed fonts, then as `init(path:faceIndex:size:features:)`.
    public init(family: String, size: Double = 14, features: [FontFeature] = [],
                configuration: FontConfiguration? = nil) throws(FontError) {
        let configuration = try FontConfiguration.given(configuration)
        guard let (path, index) = Fontconfig.font(family: family, in: configuration) else {
            throw .familyNotFound(family: family)
        }
        try self.init(path: path, faceIndex: index, size: size, features: features)
    }
}
