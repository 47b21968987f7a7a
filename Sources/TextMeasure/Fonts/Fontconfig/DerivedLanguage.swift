internal import CHarfBuzz

/// The language a run of one script is shaped in, as Pango derives it
/// (`compute_derived_language` in `pango/itemize.c`): the text's language when that language is
/// written in the run's script, else a sample language of the script (Japanese for kana in
/// Chinese text, English for Latin in Japanese text), else none ("xx": the fonts' default
/// language system). A language is written in the scripts of its fontconfig orthography;
/// one fontconfig does not know is taken to be written in every script, as Pango takes it.
enum DerivedLanguage {
    /// The language for a run of `script` in text of `language` (fontconfig's spelling).
    /// Han in Korean text keeps the language (its Korean forms, as Chromium shapes Hanja),
    /// where Pango shapes it without one.
    static func of(_ language: String, script: hb_script_t) -> String {
        if script == HB_SCRIPT_HAN, language == "ko" || language.hasPrefix("ko-") { return language }
        guard isReal(script), let scripts = scripts(of: language), !scripts.contains(script.rawValue) else { return language }
        return sampleLanguages[script.rawValue] ?? "xx"
    }

    /// Whether `script` names a writing system (not Common, Inherited or Unknown).
    private static func isReal(_ script: hb_script_t) -> Bool {
        script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN && script != HB_SCRIPT_INVALID
    }

    /// The scripts of the characters of fontconfig's orthography for `language` (or for its
    /// primary subtag, `en` for `en-gb`), or nil when fontconfig has none. Computed once a language.
    static func scripts(of language: String) -> Set<UInt32>? {
        if let known = cache.withLock({ $0[language] }) { return known }
        let primary = language.split(separator: "-").first.map(String.init) ?? language
        let scripts = Fontconfig.orthography(of: language).map(scripts(in:))
            ?? Fontconfig.orthography(of: primary).map(scripts(in:))
        cache.withLock { $0[language] = .some(scripts) }
        return scripts
    }

    private static func scripts(in scalars: [UInt32]) -> Set<UInt32> {
        let functions = hb_unicode_funcs_get_default()
        var scripts = Set<UInt32>()
        for scalar in scalars {
            let script = hb_unicode_script(functions, scalar)
            if isReal(script) { scripts.insert(script.rawValue) }
        }
        return scripts
    }

    private static let cache = Lock<[String: Set<UInt32>?]>([:])

    /// A language written in each script, as Pango's `pango_script_get_sample_language` gives
    /// them (Han, Bopomofo and scripts of no one language have none).
    private static let sampleLanguages: [UInt32: String] = {
        let pairs: [(hb_script_t, String)] = [
            (HB_SCRIPT_ARABIC, "ar"), (HB_SCRIPT_ARMENIAN, "hy"), (HB_SCRIPT_BENGALI, "bn"), (HB_SCRIPT_CHEROKEE, "chr"),
            (HB_SCRIPT_COPTIC, "cop"), (HB_SCRIPT_CYRILLIC, "ru"), (HB_SCRIPT_DEVANAGARI, "hi"), (HB_SCRIPT_ETHIOPIC, "am"),
            (HB_SCRIPT_GEORGIAN, "ka"), (HB_SCRIPT_GREEK, "el"), (HB_SCRIPT_GUJARATI, "gu"), (HB_SCRIPT_GURMUKHI, "pa"),
            (HB_SCRIPT_HANGUL, "ko"), (HB_SCRIPT_HEBREW, "he"), (HB_SCRIPT_HIRAGANA, "ja"), (HB_SCRIPT_KANNADA, "kn"),
            (HB_SCRIPT_KATAKANA, "ja"), (HB_SCRIPT_KHMER, "km"), (HB_SCRIPT_LAO, "lo"), (HB_SCRIPT_LATIN, "en"),
            (HB_SCRIPT_MALAYALAM, "ml"), (HB_SCRIPT_MONGOLIAN, "mn"), (HB_SCRIPT_MYANMAR, "my"), (HB_SCRIPT_ORIYA, "or"),
            (HB_SCRIPT_SINHALA, "si"), (HB_SCRIPT_SYRIAC, "syr"), (HB_SCRIPT_TAMIL, "ta"), (HB_SCRIPT_TELUGU, "te"),
            (HB_SCRIPT_THAANA, "dv"), (HB_SCRIPT_THAI, "th"), (HB_SCRIPT_TIBETAN, "bo"), (HB_SCRIPT_CANADIAN_SYLLABICS, "iu"),
            (HB_SCRIPT_TAGALOG, "tl"), (HB_SCRIPT_HANUNOO, "hnn"), (HB_SCRIPT_BUHID, "bku"), (HB_SCRIPT_TAGBANWA, "tbw"),
            (HB_SCRIPT_UGARITIC, "uga"), (HB_SCRIPT_BUGINESE, "bug"), (HB_SCRIPT_SYLOTI_NAGRI, "syl"),
            (HB_SCRIPT_OLD_PERSIAN, "peo"), (HB_SCRIPT_NKO, "nqo"),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0.rawValue, $0.1) })
    }()
}
