import Foundation
import Testing
import TextMeasure
import TextMeasureTestSupport

/// The simple-text path (`ShapingMode.auto`) against `hb_shape` (`ShapingMode.harfbuzz`), in font
/// units, exactly: the whole width, the part hanging whitespace takes, and the glyph runs drawn
/// (ids, clusters, positions), for every bundled font
/// and three system fonts, with five feature settings, over the benchmark tables' cells, all
/// pairs of Latin-1 and Latin Extended-A, random strings of candidate characters and named cases.
///
/// The debug run checks a share of the benchmark cells and of the random strings for each font
/// (about 10 s in all); `SIMPLE_TEXT_FULL=1` checks every cell of every table with every font and
/// feature setting, and a million random strings (`Scripts/simple-text-exhaustive.sh`, optimized).
@Suite struct SimpleTextTests {
    static let full = ProcessInfo.processInfo.environment["SIMPLE_TEXT_FULL"] == "1"
    /// Installed fonts (fonts-dejavu-core, fonts-liberation2, fonts-inter), found by family
    /// through fontconfig wherever the system keeps them.
    static let systemFonts = ["DejaVu Sans", "Liberation Sans", "Inter"]
    static let featureSettings: [[String]] = [[], ["-liga"], ["tnum"], ["smcp"], ["onum"], ["-kern"]]

    struct Face: Sendable, CustomStringConvertible {
        let name: String
        let load: @Sendable ([FontFeature]) throws -> Font
        var description: String { name }
    }

    static let faces: [Face] = BundledFont.allCases.map { bundled in
        Face(name: bundled.fileName) { try Font.bundled(bundled, size: 14, features: $0) }
    } + systemFonts.map { family in
        Face(name: family) { try Font(family: family, size: 14, features: $0) }
    } + [Face(name: "simple-text-kern0.ttf") { try Font(path: Fixtures.directory + "/simple-text-kern0.ttf", features: $0) }]

    /// Checks `texts` with `stack`; returns how many took the path. Records each mismatch.
    @discardableResult
    static func check(_ texts: some Sequence<String>, _ stack: FontStack, _ label: String,
                      countingPath: Bool = false) -> (simple: Int, count: Int) {
        var simple = 0, count = 0, mismatches = 0
        for text in texts {
            count += 1
            let path = stack.units(of: text, mode: .auto), shaped = stack.units(of: text, mode: .harfbuzz)
            // The glyphs drawn: ids, clusters and positions, as HarfBuzz gives them.
            let drawn = stack.glyphRuns(of: text, direction: .auto, mode: .auto)
            let drawnShaped = stack.glyphRuns(of: text, direction: .auto, mode: .harfbuzz)
            if path != shaped || drawn != drawnShaped {
                mismatches += 1
                if mismatches <= 5 {
                    let glyphs: String = drawn == drawnShaped ? ""
                        : "; glyphs \(drawn.flatMap(\.glyphs)), hb_shape \(drawnShaped.flatMap(\.glyphs))"
                    let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }
                    Issue.record("\(label): \(text.debugDescription) \(scalars) path \(path), hb_shape \(shaped)\(glyphs)")
                }
            }
            if countingPath, stack.takesSimpleTextPath(text) { simple += 1 }
        }
        #expect(mismatches == 0, "\(label): \(mismatches) of \(count)")
        return (simple, count)
    }

    /// The benchmark tables' distinct cells, by table and column, in order of first appearance.
    static let tables: [(name: String, columns: [String], cells: [[String]])] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/Data").standardized.path
        return ["packages", "short", "multilingual"].compactMap { name in
            guard let data = FileManager.default.contents(atPath: "\(directory)/\(name).tsv") else { return nil }
            // Every row in full; else every 16th (a debug build splits 8 MB slowly).
            let rowStride = full ? 1 : 16
            var lines: [String] = []
            data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                var (start, row) = (0, 0)
                for index in 0..<bytes.count where bytes[index] == 10 {
                    if row == 0 || (row - 1) % rowStride == 0 {
                        lines.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                    }
                    (start, row) = (index + 1, row + 1)
                }
            }
            let header = lines[0].split(separator: "\t").map(String.init)
            var seen = Array(repeating: Set<String>(), count: header.count)
            var cells = Array(repeating: [String](), count: header.count)
            for line in lines.dropFirst() {
                for (column, cell) in line.split(separator: "\t", omittingEmptySubsequences: false).enumerated()
                where column < header.count && seen[column].insert(String(cell)).inserted {
                    cells[column].append(String(cell))
                }
            }
            return (name, header, cells)
        }
    }()

    @Test func benchmarkTablesAreThere() {
        #expect(Self.tables.map(\.name) == ["packages", "short", "multilingual"])
    }

    /// The distinct cells of every 16th row with Noto Sans and default features, every 31st of
    /// those with the other fonts and settings; with `SIMPLE_TEXT_FULL=1` every cell of every
    /// row, and the share that takes the path is printed per column.
    @Test(arguments: faces)
    func benchmarkCells(_ face: Face) throws {
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            let stride = Self.full || face.name == "NotoSans-Regular.ttf" && features.isEmpty ? 1 : 31
            for table in Self.tables {
                var coverage: [String] = []
                for (column, cells) in table.cells.enumerated() {
                    let sample = cells.enumerated().lazy.filter { $0.offset % stride == 0 }.map(\.element)
                    let (simple, count) = Self.check(sample, stack, "\(face) \(features) \(table.name).\(table.columns[column])",
                                                     countingPath: stride == 1)
                    coverage.append("\(table.columns[column]) \(count == 0 ? 0 : 1000 * simple / count / 10)%")
                }
                if stride == 1 { print("simple-text coverage, \(face) \(features), \(table.name): \(coverage.joined(separator: ", "))") }
            }
        }
    }

    /// The characters of Latin-1 and Latin Extended-A, with ASCII's printable ones.
    static let latin: [Character] = (Array(0x20...0x7E) + Array(0xA0...0x17F)).map { Character(Unicode.Scalar($0)!) }

    /// Pairs over Latin-1 and Latin Extended-A: every ASCII pair with the `kern`-table font, every
    /// 5th with Noto Sans (default features), every 257th with the others; all of them with
    /// `SIMPLE_TEXT_FULL=1`. And each character followed by a space, which hangs: its share of a
    /// `kern` pair counts with it.
    @Test(arguments: faces)
    func latinPairs(_ face: Face) throws {
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            let latin = face.name == "simple-text-kern0.ttf" ? Array(Self.latin.prefix(95)) : Self.latin  // it has ASCII only
            let stride = Self.full || features.isEmpty && face.name.hasPrefix("simple-text") ? 1
                : features.isEmpty && face.name == "NotoSans-Regular.ttf" ? 5 : 257
            let pairs = (0..<latin.count * latin.count).lazy.filter { $0 % stride == 0 }.map {
                String([latin[$0 / latin.count], latin[$0 % latin.count]])
            }
            Self.check(pairs, stack, "\(face) \(features) pairs")
            Self.check(Self.latin.lazy.map { "\($0) " }, stack, "\(face) \(features) hanging")
        }
    }

    /// Random strings of candidate characters (ASCII, Latin-1, Latin Extended-A, general
    /// punctuation), 1 to 24 long, with spaces inside and at the end.
    @Test(arguments: faces)
    func randomStrings(_ face: Face) throws {
        var generator = SplitMix(seed: UInt64(face.name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
        let alphabet = Self.latin + (0x2010...0x2027).map { Character(Unicode.Scalar($0)!) } + Array(repeating: " ", count: 20)
        let count = Self.full ? 1_000_000 / Self.faces.count / Self.featureSettings.count : 150
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            let texts = (0..<count).map { _ in
                String((0..<Int.random(in: 1...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            Self.check(texts, stack, "\(face) \(features) random")
        }
    }

    /// Letters of the three alphabets the path measures: Latin with precomposed diacritics
    /// (Latin-1, Extended-A and B, Vietnamese's Extended Additional), Greek with its tonos and
    /// dialytika, Cyrillic (Russian, Ukrainian, Serbian, Macedonian).
    static let alphabets: [[Character]] = [
        Array(0x41...0x5A) + Array(0x61...0x7A) + Array(0xC0...0x17F) + Array(0x1A0...0x1B0) + Array(0x1EA0...0x1EF9),
        Array(0x386...0x3CE).filter { $0 != 0x387 && $0 != 0x38B && $0 != 0x38D && $0 != 0x3A2 },
        Array(0x400...0x45F) + Array(0x490...0x491),
    ].map { $0.map { Character(Unicode.Scalar($0)!) } }

    /// Random strings of words, each in one of the three alphabets or of digits, between spaces,
    /// punctuation and brackets (which take the script of the text around them), 1 to 8 words:
    /// the path's sums against `hb_shape`'s runs, glyphs and all.
    @Test(arguments: faces)
    func alphabetStrings(_ face: Face) throws {
        var generator = SplitMix(seed: 0xA1FA ^ UInt64(face.name.utf8.count))
        let between = Array(" ,.;:-()[]«»\"'/–—…%&+") + [" ", " ", " ", " "]
        // SIMPLE_TEXT_ALPHABET_STRINGS sets how many strings each face and setting checks.
        let count = ProcessInfo.processInfo.environment["SIMPLE_TEXT_ALPHABET_STRINGS"].flatMap { Int($0) }
            ?? (Self.full ? 1_000_000 / Self.faces.count / Self.featureSettings.count : 150)
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            let texts = (0..<count).map { _ in
                var text = ""
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let letters = Int.random(in: 0...3, using: &generator) == 3 ? Array("0123456789")
                        : Self.alphabets.randomElement(using: &generator)!
                    text += String((0..<Int.random(in: 1...9, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
                    text.append(between.randomElement(using: &generator)!)
                }
                return text
            }
            Self.check(texts, stack, "\(face) \(features) alphabets")
        }
    }

    /// A stack with a language shapes with HarfBuzz, glyphs and all: Romanian's `locl` in Noto
    /// Sans turns Ş and ţ into their comma-below forms, which the language-neutral analysis would
    /// not. Expected: `hb-shape --language=ro`'s glyph ids for the same file.
    @Test func aStackWithALanguageDrawsItsLocalForms() throws {
        let path = try BundledFont.notoSans.path()
        let output = try #require(RenderingFixtures.output(of: "hb-shape", ["--no-glyph-names", "--no-positions",
                                                                              "--language=ro", path, "\u{015E}\u{0163}a"]))
        let expected = output.trimmingCharacters(in: CharacterSet(charactersIn: "[]\n")).split(separator: "|")
            .compactMap { UInt32($0.split(separator: "=")[0]) }
        let stack = try FontStack([try Font(path: path)], language: "ro")
        #expect(expected.count == 3)
        #expect(stack.glyphRuns(of: "\u{015E}\u{0163}a").flatMap(\.glyphs).map(\.id) == expected)
        #expect(!stack.takesSimpleTextPath("\u{015E}\u{0163}a"))
        #expect(try Font(path: path).stack.takesSimpleTextPath("\u{015E}\u{0163}a"))
    }

    static let named = ["ffi", "office", "ffl", "fff", "fffi", "ff i", "Tffi.", "fjord", "fi\u{00A0}", "AVATAR", "1/2", "1\u{2044}2", "12:30", "a->b", "--", "a\u{00A0}b",
                        "co\u{00AD}operate", "Wa Ty To", "fi ", "LT.", "P.", "'s", "AV  "]

    @Test(arguments: faces)
    func namedCases(_ face: Face) throws {
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            Self.check(Self.named, stack, "\(face) \(features) named")
            // A soft hyphen (a format character) and the fraction slash never take the path.
            #expect(!stack.takesSimpleTextPath("co\u{00AD}operate"))
            #expect(!stack.takesSimpleTextPath("1\u{2044}2"))
        }
    }

    /// What hb-shape (HarfBuzz 6.0, `--font-size=1000`) gives for Noto Sans: "office" is shaped
    /// with the "ffi" ligature, [o=0+605|f_f_i=1+946|c=4+480|e=5+564], and the path forms it;
    /// "AVATAR" is only kerned. The modifier tone letters ligate in another lookup (over glyphs
    /// of their own), [uni02E5_uni02E6_uni02E7=0+542|uni02E8_uni02E9=3+383|space=5+260|a=6+561|
    /// uni02E5_uni02E9_uni02E5=7+542], and their clusters are HarfBuzz's. With `-liga` no
    /// "ffi" forms: [o=0+605|f=1+344|f=2+344|i=3+258|c=4+480|e=5+564].
    @Test func notoSansPathChoices() throws {
        let noto = try Font.bundled(.notoSans, size: 1000)
        #expect(noto.stack.takesSimpleTextPath("office"))
        #expect(noto.stack.units(of: "office", mode: .auto).units == 605 + 946 + 480 + 564)
        #expect(noto.stack.takesSimpleTextPath("AVATAR"))
        // hb-shape: [A=0+599|V=1+560|A=2+569|T=3+486|A=4+639|R=5+622]
        #expect(noto.stack.units(of: "AVATAR", mode: .auto).units == 599 + 560 + 569 + 486 + 639 + 622)
        let tones = "\u{02E5}\u{02E6}\u{02E7}\u{02E8}\u{02E9} a\u{02E5}\u{02E9}\u{02E5}"
        #expect(noto.stack.takesSimpleTextPath(tones))
        #expect(noto.stack.units(of: tones, mode: .auto).units == 542 + 383 + 260 + 561 + 542)
        #expect(noto.stack.glyphRuns(of: tones, direction: .auto, mode: .auto).flatMap(\.glyphs).map(\.cluster)
            == [0, 6, 10, 11, 12])  // UTF-8 offsets of HarfBuzz's clusters 0, 3, 5, 6, 7
        let unligated = try Font.bundled(.notoSans, size: 1000, features: [FontFeature("-liga")])
        #expect(unligated.stack.takesSimpleTextPath("office"))
        #expect(unligated.stack.units(of: "office", mode: .auto).units == 605 + 344 + 344 + 258 + 480 + 564)
    }

    /// DejaVu Sans's mark attachment lookups skip ligatures, but no candidate is a mark, so they
    /// never fire in simple text, and its "ffi" forms on the path. hb-shape, in font units (2048
    /// an em): [o=0+1253|uniFB03=1+1980|c=4+1126|e=5+1260].
    @Test func ligaturesBesideLookupsThatSkipThem() throws {
        let dejaVu = try Font(family: Self.systemFonts[0])
        #expect(dejaVu.stack.takesSimpleTextPath("office"))
        #expect(dejaVu.stack.units(of: "office", mode: .auto).units == 1253 + 1980 + 1126 + 1260)
    }

    /// Random strings over the parts of Latin ligatures ("f", "i", "l", "j", "t"), characters
    /// kerned against them and spaces, and the modifier tone letters Noto Sans ligates: the
    /// ligatures the path forms, and the pairs around them, against `hb_shape`.
    @Test(arguments: faces)
    func ligatureStrings(_ face: Face) throws {
        var generator = SplitMix(seed: 0x11CA7E ^ UInt64(face.name.utf8.count))
        let alphabet = Array("fffffiiilljtTVYAo.,-' ") + (0x02E5...0x02E9).map { Character(Unicode.Scalar($0)!) }
        let count = Self.full ? 20_000 : 300
        for features in Self.featureSettings {
            let stack = try face.load(features.map { try FontFeature($0) }).stack
            let texts = (0..<count).map { _ in
                String((0..<Int.random(in: 1...16, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            Self.check(texts, stack, "\(face) \(features) ligatures")
        }
    }

    /// The `kern`-table font: HarfBuzz gives a pair's first glyph value >> 1 and the second the
    /// rest. hb-shape --font-size=1000 of "AVATo ": [A+563|V+449|A+564|T+507|o+518|space+222]:
    /// the `o space` pair of -77 leaves the space 260 - 38 = 222 wide, and that is what hangs.
    @Test func kernTableHalvesHang() throws {
        let font = try Font(path: Fixtures.directory + "/simple-text-kern0.ttf", size: 1000)
        #expect(font.stack.takesSimpleTextPath("AVATo "))
        let measured = font.stack.units(of: "AVATo ", mode: .auto)
        #expect(measured.hanging == 222)
        #expect(measured.units == 563 + 449 + 564 + 507 + 518 + 222)
    }

    /// A stack with a language shapes with that language's `locl` forms: the analysis (made for
    /// "und") does not apply, and its widths are HarfBuzz's.
    @Test func aLanguageGoesToHarfBuzz() throws {
        let noto = try Font.bundled(.notoSans)
        let turkish = try FontStack([noto], language: "tr")
        #expect(noto.stack.takesSimpleTextPath("AVATAR"))
        #expect(!turkish.takesSimpleTextPath("AVATAR"))
        Self.check(Self.named + ["fi", "İstanbul"], turkish, "tr")
    }

    /// Faces whose layout is not a sum over pairs: every text goes to HarfBuzz, with its width.
    @Test(arguments: ["simple-text-kern1.ttf", "simple-text-trak.ttf"])
    func wholeFaceFallsBack(_ file: String) throws {
        let stack = try Font(path: Fixtures.directory + "/" + file).stack
        for text in Self.named + ["abc", "Hello", "A"] { #expect(!stack.takesSimpleTextPath(text)) }
        Self.check(Self.named, stack, file)
    }
}
