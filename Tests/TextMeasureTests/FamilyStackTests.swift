import Foundation
import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// Family stacks, languages and system fallback, in the private configuration
/// `Fixtures/fontconfig/fonts.conf` (four bundled fonts, Noto Sans CJK from fonts-noto-cjk and
/// DejaVu Sans, and a few rules), so nothing depends on the machine's own fontconfig set-up.
/// Expectations come from fontconfig's own `fc-match` and `fc-list` over the same file.
@Suite struct FamilyStackTests {
    static let configurationFile = Fixtures.fontconfigFile
    static let configuration = Result { try FontConfiguration(file: configurationFile) }

    func configuration() throws -> FontConfiguration { try Self.configuration.get() }

    /// `fc-match` (or `fc-list`) with `FONTCONFIG_FILE` set to the private configuration:
    /// one line per font, `family|file|index` (the first family name).
    static func fontconfigTool(_ tool: String, _ arguments: [String]) throws -> [String] {
        let output = RenderingFixtures.output(of: tool, arguments + ["--format", "%{family[0]}|%{file}|%{index}\\n"],
                                              environment: ["FONTCONFIG_FILE": configurationFile])
        return try #require(output, "\(tool) failed").split(separator: "\n").map(String.init)
    }

    /// `fc-match -s` (the trimmed sort) for `families` and a fontconfig language.
    static func sorted(_ families: [String], language: String) throws -> [String] {
        let pattern = families.map { $0.replacingOccurrences(of: "-", with: "\\-") }.joined(separator: ",")
        return try fontconfigTool("fc-match", ["-s", "\(pattern):lang=\(language)"])
    }

    /// "family|path|index" with the path's symbolic links resolved, as a loaded `Font` reports
    /// its file (the configuration's fonts are links to the system's and the bundled files).
    static func resolvingLinks(_ described: String) -> String {
        var parts = described.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return described }
        parts[1] = URL(fileURLWithPath: parts[1]).resolvingSymlinksInPath().path
        return parts.joined(separator: "|")
    }

    static func describe(_ stack: FontStack) -> [String] {
        stack.fontSet.members.map { member in
            let font = member.candidate!
            return "\(font.family)|\(font.path)|\(font.faceIndex)"
        }
    }

    // MARK: - Resolution order

    @Test(arguments: [
        (["Noto Sans", "sans-serif"], "ja"), (["Noto Sans", "sans-serif"], "zh-tw"),
        (["DejaVu Sans"], "en"), (["Helvetica", "Noto Sans Hebrew"], "he"), (["sans-serif"], "ko"),
    ])
    func resolvesInFcMatchSortOrder(families: [String], language: String) throws {
        let stack = try FontStack(families: families, size: 16, language: language, configuration: configuration())
        #expect(Self.describe(stack) == (try Self.sorted(families, language: language)))
    }

    @Test func firstFamilyComesFirstAndAliasesFollowTheirRules() throws {
        let stack = try FontStack(families: ["Helvetica", "Noto Sans"], configuration: configuration())
        // Helvetica is not installed; the configuration accepts DejaVu Sans for it (binding same).
        #expect(stack.familyNames.prefix(2) == ["DejaVu Sans", "Noto Sans"])
    }

    // MARK: - Language

    /// U+9AA8 骨 is drawn differently in Japanese, simplified and traditional Chinese.
    /// Expected: the first font of `fc-match -s` for the language that `fc-list :charset=9aa8` lists.
    @Test(arguments: [("zh-Hant", "zh-tw"), ("zh-Hans", "zh-cn"), ("ja", "ja"), ("ko", "ko"), ("zh-Hant-HK", "zh-hk")])
    func hanCharacterTakesTheLanguagesFace(tag: String, fontconfigLanguage: String) throws {
        let families = ["Noto Sans", "sans-serif"]
        let stack = try FontStack(families: families, size: 16, language: tag, configuration: configuration())
        let covering = Set(try Self.fontconfigTool("fc-list", [":charset=9aa8"]))
        let expected = try #require(try Self.sorted(families, language: fontconfigLanguage).first(where: covering.contains))
        let runs = stack.runs(of: "骨")
        try #require(runs.count == 1)
        let font = stack.fontSet.font(runs[0].fontIndex).candidate!
        #expect("\(font.family)|\(font.path)|\(font.faceIndex)" == expected)
    }

    @Test func theFourHanFacesDiffer() throws {
        let faces = try ["zh-Hant", "zh-Hans", "ja", "ko"].map { tag in
            let stack = try FontStack(families: ["sans-serif"], size: 16, language: tag, configuration: configuration())
            return stack.fontSet.font(stack.runs(of: "骨")[0].fontIndex).candidate!.faceIndex
        }
        #expect(Set(faces).count == 4)
    }

    /// HarfBuzz gets the language: Noto Sans CJK's `locl` for Japanese swaps in its JP glyph of
    /// 骨 (the face index alone would not), as `hb-shape --language` shows.
    @Test(arguments: ["ja", "zh-Hant", "zh-Hans", "ko"])
    func languageReachesHarfBuzz(tag: String) throws {
        let font = try Font(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", faceIndex: 2, size: 16)
        let stack = try FontStack([font], language: tag)
        let glyph = try #require(stack.glyphRuns(of: "骨").first?.glyphs.first?.id)
        #expect(glyph == (try Self.hbShapeGlyph("骨", font: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                                                faceIndex: 2, language: tag)))
    }

    static func hbShapeGlyph(_ text: String, font: String, faceIndex: Int, language: String) throws -> UInt32 {
        let output = RenderingFixtures.output(of: "hb-shape", [
            "--face-index=\(faceIndex)", "--language=\(language)", "--no-glyph-names", "--no-positions", "--no-clusters", font, text,
        ])
        let glyph = try #require(output, "hb-shape failed").trimmingCharacters(in: CharacterSet(charactersIn: "[]\n"))
        return try #require(UInt32(glyph))
    }

    // MARK: - Fallback per cluster and lazy loading

    /// Each cluster alone goes to the first font of `fc-match -s` whose charset (`fc-list
    /// :charset=…`) has all of its scalars — the Hebrew letter with its points included.
    @Test(arguments: ["A", "שָׁ", "ש", "ب", "ก", "骨", "ア", "€", "Ω"])
    func eachClusterTakesTheFirstFontWhoseCharsetCoversIt(cluster: String) throws {
        let families = ["Noto Sans Thai", "sans-serif"]
        let stack = try FontStack(families: families, size: 16, language: "en", configuration: configuration())
        var covering: Set<String>?
        for scalar in cluster.unicodeScalars {
            let fonts = Set(try Self.fontconfigTool("fc-list", [":charset=" + String(scalar.value, radix: 16)]))
            covering = covering.map { $0.intersection(fonts) } ?? fonts
        }
        let expected = try #require(try Self.sorted(families, language: "en").first { covering!.contains($0) })
        let runs = stack.runs(of: cluster)
        try #require(runs.count == 1)
        let font = stack.fontSet.font(runs[0].fontIndex).candidate!
        #expect("\(font.family)|\(font.path)|\(font.faceIndex)" == expected)
    }

    @Test func facesLoadOnlyWhenAClusterNeedsThem() throws {
        // A language of its own, so no other test's stack shares this one's font set.
        let stack = try FontStack(families: ["Noto Sans", "Noto Sans Hebrew"], size: 16, language: "en-x-lazy",
                                  configuration: configuration())
        #expect(stack.loadedFontIndices == [0])
        _ = stack.width(of: "Hello, world", cache: nil)
        #expect(stack.loadedFontIndices == [0])
        _ = stack.width(of: "שלום", cache: nil)
        #expect(stack.familyNames.prefix(2) == ["Noto Sans", "Noto Sans Hebrew"])
        #expect(stack.loadedFontIndices == [0, 1])
    }

    /// A fontconfig sort runs to hundreds of fonts: a line set in the stack's 65th font takes
    /// that font's height (before, fonts from the 64th on shared the 64th's metrics).
    @Test func lineHeightOfAFontPastTheSixtyFourth() throws {
        let hebrew = try Fixtures.bundled("NotoSansHebrew-Regular.ttf", size: 20)
        let latin = try Fixtures.bundled("NotoSansMono-Regular.ttf", size: 20)
        try #require(hebrew.metrics.lineHeight != latin.metrics.lineHeight)
        let stack = try FontStack(Array(repeating: hebrew, count: 64) + [latin])
        #expect(stack.runs(of: "Hello").map(\.fontIndex) == [64])
        let layout = stack.prepare("Hello").layout(width: 1000)
        #expect(layout.lines.map(\.height) == [latin.metrics.lineHeight])
    }

    // MARK: - System fallback

    @Test func systemFallbackFindsWhatNoStackFontCovers() throws {
        let hebrew = try Fixtures.bundled("NotoSansHebrew-Regular.ttf", size: 16)
        let none = try FontStack([hebrew])
        let system = try FontStack([hebrew], fallback: .fonts(of: configuration()))
        let text = "שלום 骨"
        #expect(none.uncoveredScalars(in: text) == ["骨"])
        #expect(system.uncoveredScalars(in: text).isEmpty)
        // A scalar no font of the configuration has stays uncovered.
        #expect(system.uncoveredScalars(in: "\u{13000}") == ["\u{13000}"])
        // 骨 goes to fontconfig's first font for it with no family asked for (lang und):
        let run = try #require(system.runs(of: text).last)
        let covering = Set(try Self.fontconfigTool("fc-list", [":charset=9aa8"]))
        let expected = try #require(try Self.fontconfigTool("fc-match", ["-s", ":lang=und"]).first(where: covering.contains))
        let font = system.font(at: run.fontIndex)
        #expect("\(font.familyName)|\(font.path!)|\(font.faceIndex)" == Self.resolvingLinks(expected))
        #expect(run.width == 16)
    }

    /// 鬱 (U+9B31) is not in the bundled CJK subset (Fonts/cjk-codepoints.txt): the bundled
    /// stack leaves it uncovered unless asked to fall back, and then finds it in Noto Sans CJK.
    @Test func bundledStackFallsBackOnlyWhenAsked() throws {
        let bundled = try FontStack.bundled(size: 16)
        #expect(bundled.uncoveredScalars(in: "憂鬱") == ["鬱"])
        let fallback = try FontStack(bundled.fonts, language: "ja", fallback: .fonts(of: configuration()))
        #expect(fallback.uncoveredScalars(in: "憂鬱").isEmpty)
        let runs = fallback.runs(of: "憂鬱")
        #expect(runs.map(\.fontIndex).first == bundled.fonts.firstIndex { $0.familyName == "Noto Sans CJK SC" })
        let covering = Set(try Self.fontconfigTool("fc-list", [":charset=9b31"]))
        let expected = try #require(try Self.fontconfigTool("fc-match", ["-s", ":lang=ja"]).first(where: covering.contains))
        let font = fallback.font(at: runs.last!.fontIndex)
        #expect("\(font.familyName)|\(font.path!)|\(font.faceIndex)" == Self.resolvingLinks(expected))
        #expect(runs.map(\.width) == [16, 16])
    }

    // MARK: - Errors

    @Test func unknownFamilyIsNamed() throws {
        #expect(throws: FontError.familyNotFound(family: "No Such Family 7319")) {
            try FontStack(families: ["Noto Sans", "No Such Family 7319"], configuration: configuration())
        }
    }

    @Test(arguments: ["zh_Hant", "en-", "", "a", "toolongtag", "en-GB-GB-x", "de-a-b", "x"])
    func malformedLanguageTagIsNamed(tag: String) throws {
        #expect(throws: FontError.invalidLanguageTag(tag)) {
            try FontStack(families: ["Noto Sans"], language: tag, configuration: configuration())
        }
    }

    @Test(arguments: ["zh-Hant", "zh-Hant-HK", "sr-Latn-RS", "de-CH-1901", "en-US-x-twain", "x-private", "zh-yue-HK", "es-419", "en-a-bbb-c-ddd"])
    func wellFormedLanguageTagsAreAccepted(tag: String) throws {
        #expect(try FontStack(families: ["Noto Sans"], language: tag, configuration: configuration()).language == tag)
    }

    @Test func privateConfigurationFromFontFiles() throws {
        let fonts = Fixtures.directory + "/fontconfig/fonts/"
        let configuration = try FontConfiguration(fontFiles: [fonts + "DejaVuSans.ttf", fonts + "NotoSansHebrew-Regular.ttf"])
        let stack = try FontStack(families: ["Noto Sans Hebrew"], configuration: configuration)
        #expect(stack.familyNames == ["Noto Sans Hebrew", "DejaVu Sans"])
        #expect(throws: FontError.familyNotFound(family: "Noto Sans")) {
            try FontStack(families: ["Noto Sans"], configuration: configuration)
        }
        #expect(throws: FontError.fileNotFound(path: fonts + "missing.ttf")) {
            try FontConfiguration(fontFiles: [fonts + "missing.ttf"])
        }
        #expect(throws: FontError.notAFont(path: Self.configurationFile)) {
            try FontConfiguration(fontFiles: [Self.configurationFile])
        }
        #expect(throws: FontError.fileNotFound(path: fonts + "missing.conf")) {
            try FontConfiguration(file: fonts + "missing.conf")
        }
        #expect(throws: FontError.fontconfig(problem: "the configuration rules were refused (not a valid <fontconfig> document)")) {
            try FontConfiguration(fontFiles: [], rules: "<fontconfig><alias>")
        }
    }
}
