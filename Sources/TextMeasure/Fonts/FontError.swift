/// Why a font could not be loaded or used. Each case names its culprit (a path, family, tag, size or feature), but `.emptyStack`, which has none.
public enum FontError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at `path`.
    case fileNotFound(path: String)
    /// The file exists but could not be read (permissions, an I/O error).
    case unreadable(path: String, reason: String)
    /// The path names something other than a regular file: `kind` says what (`"a directory"`,
    /// `"a FIFO (named pipe)"`, `"a character device"`, `"a block device"`, `"a socket"`). It is
    /// refused before it is opened, so a FIFO with no writer never blocks.
    case notARegularFile(path: String, kind: String)
    /// The bytes are not an OpenType/TrueType font or collection. In-memory fonts name `"<memory>"`.
    case notAFont(path: String)
    /// The font's table directory points past the end of the data: the file was cut short.
    case truncated(path: String, table: String)
    /// A table that measurement needs (`cmap`, `head`, `hhea`, `hmtx`, `maxp`) is absent.
    case missingTable(path: String, table: String)
    /// A field that widths are computed from holds a value OpenType does not allow, or one that
    /// disagrees with another table (`hhea.numberOfHMetrics` of 0, an `hmtx` shorter than `hhea`
    /// and `maxp` say or with an advance above 32767, `head.unitsPerEm` outside 16...16384): the
    /// font would measure wrong.
    case malformed(path: String, table: String, field: String, problem: String)
    /// A collection (.ttc/.otc) has no face at `index`; it has `faceCount` faces.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// fontconfig has no installed font whose family is `family`, and its configuration
    /// substitutes none for it.
    case familyNotFound(family: String)
    /// The language is not a well-formed BCP 47 tag (`"zh-Hant"`, `"ja"`, `"sr-Latn-RS"`).
    case invalidLanguageTag(String)
    /// fontconfig refused a configuration or failed to load one.
    case fontconfig(problem: String)
    /// A font size must be above 0 and at most `maximumLength` (10⁹ pt).
    case invalidSize(Double)
    /// The string is not an OpenType feature setting HarfBuzz understands (`"kern"`, `"-liga"`, `"ss01=1"`).
    case invalidFeature(String)
    /// A font stack needs at least one font.
    case emptyStack
    /// The bundled fonts were not found in any of the searched folders.
    case bundledFontsNotFound(searched: [String])

    public var description: String {
        switch self {
        case .fileNotFound(let path): "font file not found: \(path)"
        case .unreadable(let path, let reason): "cannot read font file \(path): \(reason)"
        case .notARegularFile(let path, let kind): "not a font file: \(path) is \(kind), not a regular file"
        case .notAFont(let path): "not a font file (no OpenType/TrueType data): \(path)"
        case .truncated(let path, let table): "truncated font file \(path): table '\(table)' runs past the end"
        case .missingTable(let path, let table): "font \(path) lacks the required '\(table)' table"
        case .malformed(let path, let table, let field, let problem): "malformed font \(path): \(table).\(field): \(problem)"
        case .faceIndexOutOfRange(let path, let index, let count):
            "face index \(index) is out of range for \(path), which has \(count) face\(count == 1 ? "" : "s")"
        case .familyNotFound(let family): "no installed font family named \"\(family)\" (fontconfig)"
        case .invalidLanguageTag(let tag): "invalid language tag \"\(tag)\": not a well-formed BCP 47 tag (e.g. zh-Hant, ja, en-GB)"
        case .fontconfig(let problem): "fontconfig: \(problem)"
        case .invalidSize(let size): "invalid font size \(size): must be above 0 and at most 1e9"
        case .invalidFeature(let feature): "invalid OpenType feature setting \"\(feature)\""
        case .emptyStack: "a font stack needs at least one font"
        case .bundledFontsNotFound(let searched):
            "bundled fonts not found; searched: \(searched.joined(separator: ", ")) (set TEXTMEASURE_FONTS_DIR)"
        }
    }
}
