import CHarfBuzz
import Testing
@testable import TextMeasure

/// The table reader's typed lookups on a bundled font, against `hb-shape`.
@Suite struct PlanLookupsTests {
    /// Noto Sans Regular's ligatures of f, i and l in a Latin buffer with default features. By
    /// `hb-shape --no-positions --no-glyph-names NotoSans-Regular.ttf`: f = 73, i = 76, l = 79;
    /// "ff" = [1966], "fi" = [1967], "fl" = [1968], "ffi" = [1969], "ffl" = [1970]; "if" and
    /// "lf" stay two glyphs. So over the candidates {f, i, l} the only ligatures start with f,
    /// and "ffi" (and "ffl") are tried before "ff".
    @Test func notoSansLigaturesOfFAndIAndL() throws {
        let face = try Font.bundled(.notoSans).stack.fontSet.primary.face
        let lookups = try #require(PlanLookups(face: face, features: [], userFeatureTags: [], script: HB_SCRIPT_LATIN,
                                               characterGlyphs: [73, 76, 79], glyphCount: Int(hb_face_get_glyph_count(face))))
        var ligatures: [[UInt16]] = []
        var glyphs: [[UInt16]: UInt16] = [:]
        for case .ligature(let start, let components, let glyph, _) in lookups.summary.effects {
            ligatures.append([start] + components)
            glyphs[[start] + components] = glyph
        }
        #expect(glyphs == [[73, 73]: 1966, [73, 76]: 1967, [73, 79]: 1968, [73, 73, 76]: 1969, [73, 73, 79]: 1970])
        let ff = try #require(ligatures.firstIndex(of: [73, 73]))
        #expect(try #require(ligatures.firstIndex(of: [73, 73, 76])) < ff)
        #expect(try #require(ligatures.firstIndex(of: [73, 73, 79])) < ff)
    }
}
