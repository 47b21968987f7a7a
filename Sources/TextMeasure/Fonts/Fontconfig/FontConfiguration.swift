internal import CFontconfig

/// A fontconfig configuration: the installed fonts and the rules (aliases, substitutions,
/// language preferences) that family stacks and system fallback resolve through.
///
/// ``system`` is the machine's own configuration, the one Pango and GTK use. A private
/// configuration holds exactly the files it is given, so what it resolves never depends on
/// the machine:
///
/// ```swift
/// let fonts = try FontConfiguration(fontFiles: ["/fonts/Inter.ttf", "/fonts/NotoSansCJK.ttc"])
/// let stack = try FontStack(families: ["Inter"], size: 14, configuration: fonts)
/// ```
public final class FontConfiguration: @unchecked Sendable {
    /// The `FcConfig`; every call on it is made under `Fontconfig.lock`.
    let config: OpaquePointer
    /// What the configuration's queries found, kept while it lives (under `Fontconfig.lock`).
    var memo = Fontconfig.Memo()

    private init(config: OpaquePointer) {
        self.config = config
    }

    deinit {
        Fontconfig.lock.withLock { _ in
            memo.release()
            FcConfigDestroy(config)
        }
    }

    /// The system's current fontconfig configuration (`FcInitLoadConfigAndFonts` on first use):
    /// the fonts and rules Pango and GTK see on this machine.
    public static var system: FontConfiguration {
        get throws(FontError) { try systemConfiguration.get() }
    }

    /// `configuration`, or the system's when it is nil.
    static func given(_ configuration: FontConfiguration?) throws(FontError) -> FontConfiguration {
        if let configuration { return configuration }
        return try system
    }

    private static let systemConfiguration: Result<FontConfiguration, FontError> = Fontconfig.lock.withLock { _ in
        guard FcInit() != 0, let config = FcConfigReference(nil) else {
            return .failure(.fontconfig(problem: "fontconfig failed to load the system configuration"))
        }
        return .success(FontConfiguration(config: config))
    }

    /// A private configuration holding exactly `fontFiles` (every face of each), with the
    /// fontconfig rules in `rules` (a `<fontconfig>` XML document), or none.
    ///
    /// Throws a `FontError` naming the first file that is missing or that fontconfig cannot
    /// read as a font, or saying why `rules` were refused.
    ///
    /// - Complexity: O(size of `rules`) to parse them, plus fontconfig reading each of `fontFiles`.
    public convenience init(fontFiles: [String], rules: String? = nil) throws(FontError) {
        let config = try Self.created()
        self.init(config: config)
        try Fontconfig.lock.withLock { (_) throws(FontError) in
            if let rules, FcConfigParseAndLoadFromMemory(config, rules, 1) == 0 {
                throw .fontconfig(problem: "the configuration rules were refused (not a valid <fontconfig> document)")
            }
            for path in fontFiles {
                if FcConfigAppFontAddFile(config, path) == 0 {
                    try Self.checkReadable(path)
                    throw .notAFont(path: path)
                }
            }
        }
    }

    /// A configuration read from a `fonts.conf` file, as `FONTCONFIG_FILE=path fc-match` reads it:
    /// its `<dir>` folders scanned and its rules loaded.
    ///
    /// - Complexity: fontconfig parses the file and scans every font in its folders (or its cache of them).
    public convenience init(file path: String) throws(FontError) {
        try Self.checkReadable(path)
        let config = try Self.created()
        self.init(config: config)
        try Fontconfig.lock.withLock { (_) throws(FontError) in
            guard FcConfigParseAndLoad(config, path, 1) != 0 else {
                throw .fontconfig(problem: "the configuration file \(path) was refused")
            }
            guard FcConfigBuildFonts(config) != 0 else {
                throw .fontconfig(problem: "the fonts of the configuration file \(path) could not be listed")
            }
        }
    }

    private static func created() throws(FontError) -> OpaquePointer {
        guard let config = Fontconfig.lock.withLock({ _ in FcConfigCreate() }) else {
            throw .fontconfig(problem: "fontconfig could not create a configuration")
        }
        return config
    }

    private static func checkReadable(_ path: String) throws(FontError) {
        try FontFace.checkReadable(path)
    }
}
