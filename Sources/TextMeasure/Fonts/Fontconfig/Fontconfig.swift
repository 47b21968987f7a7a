internal import CFontconfig

/// The package's questions to fontconfig, each asked as Pango 1.50 asks it (`pangofc-fontmap.c`),
/// every call under one lock.
enum Fontconfig {
    /// fontconfig is thread-safe for queries, but configurations are built and their caches
    /// filled here too: one lock keeps it simple.
    static let lock = Lock(())

    /// What a configuration's queries found, kept for its life (see `FontConfiguration.memo`).
    struct Memo {
        /// The configuration's fonts Pango can use (`filter_by_format`), or nil until asked.
        var usable: UnsafeMutablePointer<FcFontSet>?
        /// Every family name of those fonts, as `familyKey` spells them.
        var families: Set<String>?
        /// The fallback order for each fontconfig language ("" for none).
        var fallbackOrders: [String: [FontconfigFont]] = [:]

        mutating func release() {
            if let usable { FcFontSetDestroy(usable) }
            usable = nil
        }
    }

    /// The fonts `families` resolve to, in Pango's order: fontconfig's best match first, then
    /// the rest of its trimmed sort (`FcFontSetSort` with trim, which keeps a font only when it
    /// adds coverage). The pattern is Pango's: the families in order, regular weight, roman,
    /// normal width, `size` px at 72 dpi, `language`; then the configuration's substitutions
    /// (`FcConfigSubstitute`) and fontconfig's defaults (`FcDefaultSubstitute`). With `weight`
    /// bold, the pattern asks for `FC_WEIGHT_BOLD` instead, as Pango does for a bold description:
    /// the family's bold face first where it has one. (The `embolden` a configuration may add
    /// for a font that is not bold is never applied: bold is not synthesised.)
    ///
    /// Throws `familyNotFound` for the first family that names no installed family and that the
    /// configuration does not substitute (see `isKnown`).
    static func sortedFonts(families: [String], size: Double, language: String?, weight: FontWeight = .regular,
                            in configuration: FontConfiguration) throws(FontError) -> [FontconfigFont] {
        try lock.withLock { (_) throws(FontError) -> [FontconfigFont] in
            let config = configuration.config
            for family in families where !isKnown(family, language: language, in: configuration) {
                throw .familyNotFound(family: family)
            }
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            FcPatternAddDouble(pattern, FC_WEIGHT, weight.fontconfigWeight)
            FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
            FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL)
            FcPatternAddBool(pattern, FC_VARIABLE, 2)  // FcDontCare
            FcPatternAddDouble(pattern, FC_DPI, 72)
            FcPatternAddDouble(pattern, FC_SIZE, size)
            FcPatternAddDouble(pattern, FC_PIXEL_SIZE, size)
            for family in families { FcPatternAddString(pattern, FC_FAMILY, family) }
            if let language { FcPatternAddString(pattern, FC_LANG, language) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)

            var sets: [UnsafeMutablePointer<FcFontSet>?] = [usableFonts(of: configuration)]
            var result = FcResultNoMatch
            guard let match = FcFontSetMatch(config, &sets, 1, pattern, &result) else {
                throw .familyNotFound(family: families.joined(separator: ", "))
            }
            defer { FcPatternDestroy(match) }
            var fonts = FontconfigFont(match).map { [$0] } ?? []
            if let sorted = FcFontSetSort(config, &sets, 1, pattern, 1, nil, &result) {
                defer { FcFontSetDestroy(sorted) }
                let count = Int(sorted.pointee.nfont)
                if count > 1 {
                    for index in 1..<count {
                        if let font = FontconfigFont(sorted.pointee.fonts[index]!) { fonts.append(font) }
                    }
                }
            }
            guard !fonts.isEmpty else { throw .familyNotFound(family: families.joined(separator: ", ")) }
            return fonts
        }
    }

    /// The configuration's fonts in the order fontconfig sorts them for text of `language`
    /// with no family named (its default family, `sans-serif` in the stock rules), trimmed:
    /// the first of them whose charset has a scalar is the system's fallback for it.
    static func fallbackOrder(language: String?, in configuration: FontConfiguration) -> [FontconfigFont] {
        lock.withLock { _ in
            if let order = configuration.memo.fallbackOrders[language ?? ""] { return order }
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            if let language { FcPatternAddString(pattern, FC_LANG, language) }
            FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var sets: [UnsafeMutablePointer<FcFontSet>?] = [usableFonts(of: configuration)]
            var result = FcResultNoMatch
            var order: [FontconfigFont] = []
            if let sorted = FcFontSetSort(configuration.config, &sets, 1, pattern, 1, nil, &result) {
                defer { FcFontSetDestroy(sorted) }
                for index in 0..<Int(sorted.pointee.nfont) {
                    if let font = FontconfigFont(sorted.pointee.fonts[index]!) { order.append(font) }
                }
            }
            configuration.memo.fallbackOrders[language ?? ""] = order
            return order
        }
    }

    /// The first installed font of `family` (ignoring case), as `Font(family:)` finds it.
    static func font(family: String, in configuration: FontConfiguration) -> (path: String, faceIndex: Int)? {
        lock.withLock { _ in
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(configuration.config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            guard strings(FC_FAMILY, of: match).contains(where: { familyKey($0) == familyKey(family) }),
                  let path = strings(FC_FILE, of: match).first else { return nil }
            var index: Int32 = 0
            _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
            return (path, Int(index))
        }
    }

    /// Whether `family` names an installed family, or is one the configuration substitutes:
    /// after `FcConfigSubstitute`, an installed family stands before it in the pattern (an
    /// alias such as `sans-serif` prepends its preferred families) or after it with a binding
    /// other than weak (a metric-compatible `<accept>` alias such as Arial → Liberation Sans).
    /// An unknown name only gets fontconfig's weak default families after it. Under `lock`.
    private static func isKnown(_ family: String, language: String?, in configuration: FontConfiguration) -> Bool {
        let installed = installedFamilies(of: configuration)
        if installed.contains(familyKey(family)) { return true }
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        if let language { FcPatternAddString(pattern, FC_LANG, language) }
        FcConfigSubstitute(configuration.config, pattern, FcMatchPattern)
        var iterator = FcPatternIter()
        guard FcPatternFindIter(pattern, &iterator, FC_FAMILY) != 0 else { return false }
        var seenItself = false
        for position in 0..<FcPatternIterValueCount(pattern, &iterator) {
            var value = FcValue()
            var binding = FcValueBindingWeak
            guard FcPatternIterGetValue(pattern, &iterator, position, &value, &binding) == FcResultMatch,
                  value.type == FcTypeString, let name = value.u.s else { continue }
            let key = familyKey(String(cString: name))
            if key == familyKey(family) { seenItself = true; continue }
            if installed.contains(key), !seenItself || binding != FcValueBindingWeak { return true }
        }
        return false
    }

    /// A family name as fontconfig compares them: case and blanks ignored.
    /// The characters of fontconfig's orthography for `language` (fontconfig's spelling, `ja`,
    /// `zh-tw`), or nil when fontconfig has none. O(size of the orthography).
    static func orthography(of language: String) -> [UInt32]? {
        guard let charset = FcLangGetCharSet(language) else { return nil }
        var scalars: [UInt32] = []
        var map = [FcChar32](repeating: 0, count: 8)  // FC_CHARSET_MAP_SIZE words a page of 256
        var next: FcChar32 = 0
        var base = map.withUnsafeMutableBufferPointer { FcCharSetFirstPage(charset, $0.baseAddress, &next) }
        while base != FcChar32.max {  // FC_CHARSET_DONE
            for (word, bits) in map.enumerated() where bits != 0 {
                for bit in 0..<32 where bits & (1 << bit) != 0 { scalars.append(base + FcChar32(word * 32 + bit)) }
            }
            base = map.withUnsafeMutableBufferPointer { FcCharSetNextPage(charset, $0.baseAddress, &next) }
        }
        return scalars
    }

    static func familyKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " })
    }

    /// The configuration's fonts whose format Pango uses: TrueType or CFF (OpenType), not WOFF
    /// (`pango_fc_is_supported_font_format`). Under `lock`.
    private static func usableFonts(of configuration: FontConfiguration) -> UnsafeMutablePointer<FcFontSet> {
        if let usable = configuration.memo.usable { return usable }
        let usable = FcFontSetCreate()!
        for name in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(configuration.config, name) else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                let font = set.pointee.fonts[index]!
                guard isSupported(font) else { continue }
                FcPatternReference(font)
                FcFontSetAdd(usable, font)
            }
        }
        configuration.memo.usable = usable
        return usable
    }

    private static func isSupported(_ font: OpaquePointer) -> Bool {
        guard let file = strings(FC_FILE, of: font).first,
              !file.hasSuffix(".woff"), !file.hasSuffix(".woff2"),
              let format = strings(FC_FONTFORMAT, of: font).first?.lowercased() else { return false }
        return format == "truetype" || format == "cff"
    }

    /// Under `lock`.
    private static func installedFamilies(of configuration: FontConfiguration) -> Set<String> {
        if let families = configuration.memo.families { return families }
        let usable = usableFonts(of: configuration)
        var families = Set<String>()
        for index in 0..<Int(usable.pointee.nfont) {
            for name in strings(FC_FAMILY, of: usable.pointee.fonts[index]!) { families.insert(familyKey(name)) }
        }
        configuration.memo.families = families
        return families
    }

    /// Every string value of `object` in `pattern`.
    static func strings(_ object: String, of pattern: OpaquePointer) -> [String] {
        var found: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var n: Int32 = 0
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            found.append(String(cString: value))
            n += 1
        }
        return found
    }
}

/// One font fontconfig found: its file, face, charset (what it covers, as Pango decides
/// coverage) and whether it has colour glyphs. Loading its face waits until a cluster needs it.
struct FontconfigFont: Sendable {
    let path: String
    let faceIndex: Int
    let family: String
    let isColor: Bool
    let charset: Charset

    /// nil for a font the package cannot load as one face: no file, no charset, or a named
    /// instance of a variable font (an index above 0xFFFF).
    init?(_ pattern: OpaquePointer) {
        var index: Int32 = 0
        var charset: OpaquePointer?
        var color: FcBool = 0
        guard let path = Fontconfig.strings(FC_FILE, of: pattern).first,
              FcPatternGetInteger(pattern, FC_INDEX, 0, &index) == FcResultMatch, index >> 16 == 0,
              FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return nil }
        _ = FcPatternGetBool(pattern, FC_COLOR, 0, &color)
        self.path = path
        self.faceIndex = Int(index)
        self.family = Fontconfig.strings(FC_FAMILY, of: pattern).first ?? ""
        self.isColor = color != 0
        self.charset = Charset(charset)
    }

    /// A retained `FcCharSet`: immutable, so reading it needs no lock.
    final class Charset: @unchecked Sendable {
        private let charset: OpaquePointer

        init(_ charset: OpaquePointer) { self.charset = FcCharSetCopy(charset) }
        deinit { FcCharSetDestroy(charset) }

        func contains(_ scalar: Unicode.Scalar) -> Bool { FcCharSetHasChar(charset, scalar.value) != 0 }
    }
}
