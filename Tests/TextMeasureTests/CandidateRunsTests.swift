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
