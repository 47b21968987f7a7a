import ArgumentParser
import TableSpreadsheet
import TextMeasure

/// The font options every subcommand shares.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp(
        "A font file; repeat for a fallback stack, primary first (default: the bundled fonts).",
        valueName: "path"))
    var fontPaths: [String] = []

    @Option(name: .customLong("bold-font"), help: ArgumentHelp(
        "A bold font file for bold text (headers, bold cells); repeat for several, with the --font files after them as fallbacks (default: the bundled bold faces, or the --family's bold face; none for --font alone: bold text is drawn regular).",
        valueName: "path"))
    var boldFontPaths: [String] = []

    @Option(name: .customLong("face-index"), help: ArgumentHelp(
        "Face index in a .ttc/.otc collection; one value for every --font, or one per --font.",
        valueName: "n"))
    var faceIndices: [Int] = []

    @Option(name: .customLong("family"), help: ArgumentHelp(
        "Installed font families, resolved by fontconfig as Pango resolves them (\"Inter, sans-serif\"); repeat or separate with commas.",
        valueName: "names"))
    var familyLists: [String] = []

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "The text's language, a BCP 47 tag (ja, zh-Hant, ko): it picks the font for Han characters and the font's local forms.",
        valueName: "tag"))
    var language: String?

    @Option(name: .customLong("fallback"), help: ArgumentHelp(
        "Where text no font of the stack covers goes: none (.notdef; the same numbers everywhere) or system (the installed fonts, through fontconfig).",
        valueName: "none|system"))
    var fallback: FallbackChoice = .none

    @Option(name: .customLong("size"), help: ArgumentHelp(
        "Font size in px (points on paper); default 14 px on a screen (PNG, SVG, HTML), 10 pt on paper (PDF), 11 pt in .xlsx.",
        valueName: "px"))
    var givenSize: Double?

    /// `--size`, else the medium's default.
    func size(on medium: Medium) -> Double { givenSize ?? medium.fontSize }

    @Option(help: ArgumentHelp("OpenType features, comma-separated (e.g. -liga,tnum).", valueName: "list"))
    var features: String?

    enum FallbackChoice: String, ExpressibleByArgument, CaseIterable {
        case none, system
    }

    /// The families of every `--family`, in order.
    var families: [String] {
        familyLists.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
        if let givenSize { try LengthOption.check(givenSize, "--size", positive: true) }
        if faceIndices.count > 1, faceIndices.count != fontPaths.count {
            throw ValidationError("give one --face-index for all fonts or one per --font (\(fontPaths.count) fonts, \(faceIndices.count) indices)")
        }
        if !familyLists.isEmpty, families.isEmpty { throw ValidationError("--family needs a family name") }
        if !families.isEmpty, !fontPaths.isEmpty { throw ValidationError("give --font or --family, not both") }
        if !boldFontPaths.isEmpty, fontPaths.isEmpty {
            throw ValidationError("--bold-font goes with --font (the bundled fonts and --family find their bold faces themselves)")
        }
    }

    /// The stack the options describe, at the medium's default size unless --size gives one.
    func stack(on medium: Medium = .screen) throws -> FontStack {
        try stack(size: size(on: medium), fallback: self.fallback == .system ? .system : .none)
    }

    /// The font a workbook's cells are written in: Calibri (measured with Carlito) unless
    /// --font or --family name another, at --size points (default 11), falling back to the
    /// system's fonts as a spreadsheet does.
    func spreadsheetFont() throws -> SpreadsheetFont {
        if families.isEmpty, fontPaths.isEmpty, features == nil {
            return try SpreadsheetFont.calibri(size: givenSize ?? 11)
        }
        return try SpreadsheetFont.family(of: try stack(size: givenSize ?? 11, fallback: .system))
    }

    private func stack(size: Double, fallback: FontFallback) throws -> FontStack {
        let features = try (self.features ?? "").split(separator: ",").map { try FontFeature(String($0)) }
        if !families.isEmpty {
            return try FontStack(families: families, size: size, features: features, language: language, fallback: fallback)
        }
        if fontPaths.isEmpty {
            let bundled = try FontStack.bundled(size: size)
            func stack(_ fonts: [Font]) throws -> FontStack {
                try FontStack(fonts.map { $0.withFeatures(features) }, language: language, fallback: fallback)
            }
            return try stack(bundled.fonts).withBold(stack(bundled.weight(.bold).fonts))
        }
        let fonts = try fontPaths.enumerated().map { position, path in
            let index = faceIndices.count > 1 ? faceIndices[position] : (faceIndices.first ?? 0)
            return try Font(path: path, faceIndex: index, size: size, features: features)
        }
        let stack = try FontStack(fonts, language: language, fallback: fallback)
        guard !boldFontPaths.isEmpty else { return stack }
        let bold = try boldFontPaths.map { try Font(path: $0, size: size, features: features) }
        return stack.withBold(try FontStack(bold + fonts, language: language, fallback: fallback))
    }
}
