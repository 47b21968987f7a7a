import ArgumentParser
import TextMeasure

/// The font options every subcommand shares.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("font"), help: ArgumentHelp(
        "A font file; repeat for a fallback stack, primary first (default: the bundled fonts).",
        valueName: "path"))
    var fontPaths: [String] = []

    @Option(name: .customLong("face-index"), help: ArgumentHelp(
        "Face index in a .ttc/.otc collection; one value for every --font, or one per --font.",
        valueName: "n"))
    var faceIndices: [Int] = []

    @Option(help: ArgumentHelp("Font size in px.", valueName: "px"))
    var size: Double = 14

    @Option(help: ArgumentHelp("OpenType features, comma-separated (e.g. -liga,tnum).", valueName: "list"))
    var features: String?

    func validate() throws {
        try LengthOption.check(size, "--size", positive: true)
        if faceIndices.count > 1, faceIndices.count != fontPaths.count {
            throw ValidationError("give one --face-index for all fonts or one per --font (\(fontPaths.count) fonts, \(faceIndices.count) indices)")
        }
    }

    /// The stack the options describe.
    func stack() throws -> FontStack {
        let features = try (self.features ?? "").split(separator: ",").map { try FontFeature(String($0)) }
        if fontPaths.isEmpty {
            let bundled = try FontStack.bundled(size: size)
            return try FontStack(bundled.fonts.map { $0.withFeatures(features) })
        }
        let fonts = try fontPaths.enumerated().map { position, path in
            let index = faceIndices.count > 1 ? faceIndices[position] : (faceIndices.first ?? 0)
            return try Font(path: path, faceIndex: index, size: size, features: features)
        }
        return try FontStack(fonts)
    }
}
