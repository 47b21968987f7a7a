import Testing
@testable import TextMeasure
import TextMeasureTestSupport

/// The runs simple text is itemized into without walking its grapheme clusters
/// (`Itemizer.candidateRuns`) against the runs found cluster by cluster (`itemizedRuns`), on
/// random text of the three alphabets, digits, spaces, brackets and quotes (each taking the
/// script around it, or its opening bracket's), in single fonts and in the bundled stack, with
/// a face before and after the text.
@Suite struct CandidateRunsTests {
    static let between = Array(" ,.;:-()[]{}«»\"'‹›“”‘’/–—…%&+ ") + ["\u{A0}"]

    static func texts(_ count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        let pieces = SimpleTextTests.alphabets + [Array("0123456789"), between]
        return (0..<count).map { _ in
            String((0..<Int.random(in: 1...30, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!.randomElement(using: &generator)!
            })
        }
    }

    @Test(arguments: SimpleTextTests.faces)
    func sameRunsAsClusters(_ face: SimpleTextTests.Face) throws {
        let set = try face.load([]).stack.fontSet
        var taken = 0
        for text in Self.texts(2_000, seed: 0xC1A5 ^ UInt64(face.name.utf8.count)) {
            if Itemizer.candidateRuns(of: text, in: set, previous: nil, following: nil) != nil { taken += 1 }
            #expect(Itemizer.runs(of: text, in: set) == Itemizer.itemizedRuns(of: text, in: set), "\(text.debugDescription)")
        }
        // Noto Sans has every letter of the three alphabets: most texts take the path there.
        if face.name == "NotoSans-Regular.ttf" { #expect(taken > 1_000, "\(taken) of 2,000 took the candidates' path") }
    }

    /// In a stack of several faces, a face before or after the text may take its spaces: then
    /// the cluster walk decides.
    @Test func sameRunsInTheBundledStack() throws {
        let set = try FontStack.bundled(size: 14).fontSet
        let following = Itemizer.Following(face: 1, rank: 1, script: arabicScript)
        for text in Self.texts(2_000, seed: 0x57AC) {
            for (previous, next) in [(nil, nil), (1, nil), (nil, following), (0, Itemizer.Following(face: 0, rank: 0, script: 0))] {
                #expect(Itemizer.runs(of: text, in: set, previous: previous, following: next)
                        == Itemizer.itemizedRuns(of: text, in: set, previous: previous, following: next), "\(text.debugDescription)")
            }
        }
    }
}

/// HarfBuzz's tag for Arabic ('Arab'), as `Itemizer.Following` holds scripts.
private let arabicScript: UInt32 = 0x4172_6162

/// The runs of a set of one face found in one pass over the scalars (`Itemizer.oneFaceRuns`)
/// against the grapheme-cluster walk (`itemizedRuns`), on random text of many scripts with
/// marks, viramas, jamo, emoji sequences, bidi controls, brackets and line ends, in both
/// paragraph directions.
@Suite struct OneFaceRunsTests {
    static let pieces: [[String]] = [
        ["a", "é", "Z", "ß", "ф", "λ"], ["\u{301}", "\u{308}", "\u{327}"], ["ب", "ت", "\u{64E}", "\u{651}", "٣", "،"],
        ["ש", "ל", "\u{5B8}", "\u{5BC}"], ["क", "\u{94D}", "ष", "ि", "ं"], ["ก", "\u{E31}", "\u{E33}", "่"],
        ["한", "\u{1100}", "\u{1161}", "\u{11A8}"], ["中", "文", "、", "。"], ["👍", "\u{1F3FD}", "\u{200D}", "🇫", "🇷", "\u{FE0F}"],
        ["0", "1", "9", "%", "."], ["(", ")", "[", "]", "«", "»", "「", "」"], [" ", "\u{A0}", "\t", "\r\n", "\n"],
        ["\u{200F}", "\u{200E}", "\u{202B}", "\u{202C}", "\u{2067}", "\u{2069}"],
    ]

    @Test(arguments: [TextDirection.auto, .rightToLeft])
    func sameRunsAsClusters(_ direction: TextDirection) throws {
        let set = try Font.bundled(.notoSans).stack.fontSet
        var generator = SplitMix(seed: direction == .auto ? 0x0F1 : 0x0F2)
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!.randomElement(using: &generator)!
            }.joined()
            #expect(Itemizer.oneFaceRuns(of: text, direction: direction) == Itemizer.itemizedRuns(of: text, in: set, direction: direction),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

