internal import CHarfBuzz

extension FontStack {
    /// The exact shaped width of `text` in points: HarfBuzz advances in font units × size ÷
    /// units-per-em, summed over its runs (split by font, script and UAX #9 bidi level, the
    /// paragraph direction from its first strong character, as `glyphRuns(of:)` draws it); no
    /// hinting, no rounding.
    ///
    /// - Complexity: O(length) to shape; O(length) to hash when `cache` holds it (pass `nil` to
    ///   always shape).
    public func width(of text: String, cache: WidthCache? = .shared) -> Double {
        if text.isEmpty { return 0 }
        return points(measure(text, cache: cache).units)
    }

    /// `width(of:)` of a text already hashed (see `DistinctTexts`).
    func width(of exact: ExactText, cache: WidthCache?) -> Double {
        if exact.string.isEmpty { return 0 }
        return points((cache?.measure(of: exact, in: fontSet) ?? Shaper.measure(of: exact.string, in: fontSet)).units)
    }

    /// The width of the widest hard line of `text`: the stretches between hard breaks (LF, CR,
    /// CR LF, VT, FF, NEL, LS, PS), each as `width(of:)`; `width(of:)` of the text when it has
    /// none. A table cell's content width: a cell of three lines is as wide as its widest line,
    /// never its breaks measured as glyphs.
    ///
    /// - Complexity: O(length).
    public func contentWidth(of text: String, cache: WidthCache? = .shared) -> Double {
        widestLine(of: text, cache: cache) ?? width(of: text, cache: cache)
    }

    /// `contentWidth(of:)` of a text already hashed (see `DistinctTexts`).
    func contentWidth(of exact: ExactText, cache: WidthCache?) -> Double {
        widestLine(of: exact.string, cache: cache) ?? width(of: exact, cache: cache)
    }

    /// The width of the widest hard line of `text`, or nil when it has one line.
    private func widestLine(of text: String, cache: WidthCache?) -> Double? {
        guard HardBreak.containsOne(text) else { return nil }
        let lines = HardBreak.lines(of: text)
        guard lines.count > 1 else { return nil }
        return lines.reduce(0) { max($0, width(of: String($1), cache: cache)) }
    }

    /// `contentWidth(of:)` by nominal advances (see `nominalWidth(of:)`).
    package func nominalContentWidth(of text: String) -> Double {
        HardBreak.lines(of: text).reduce(0) { max($0, nominalWidth(of: String($1))) }
    }

    /// The hard lines of `text`: the stretches between hard breaks (see `contentWidth(of:)`).
    package static func hardLines(of text: String) -> [Substring] { HardBreak.lines(of: text) }

    /// The grapheme count of the hard line of `text` with the most graphemes: what an estimate
    /// of its content width counts (see `contentWidth(of:)`). O(length).
    package static func contentGraphemeCount(of text: String) -> Int {
        HardBreak.lines(of: text).reduce(0) { max($0, $1.count) }
    }

    /// The width of `text` in points from nominal advances: no shaping, so no kerning,
    /// ligatures or contextual forms. Several times faster than `width(of:)`, and exact for
    /// text that needs no shaping (monospace, most plain Latin without kerning pairs).
    ///
    /// - Complexity: O(length), or O(length × fonts) for text beyond the primary font's ASCII.
    public func nominalWidth(of text: String) -> Double {
        points(Shaper.nominalUnits(of: text, in: fontSet))
    }

    /// How the stack measures `text`: its runs in logical order, each with the index of the
    /// font in `fonts` that shapes it, its ISO 15924 script code, and its width in points. Runs
    /// end where the font, the script or the UAX #9 bidi level changes (see `glyphRuns(of:direction:)`).
    ///
    /// - Complexity: O(length × fonts) to itemize, plus O(length) to shape the runs (no cache).
    public func runs(of text: String) -> [FontRun] {
        var bytes = text
        return bytes.withUTF8 { utf8 in
            Itemizer.runs(of: text, in: fontSet).map { run in
                let face = fontSet.face(run.faceIndex)
                let units = Shaper.advance(utf8, run, in: fontSet).units
                let utf8View = text.utf8
                return FontRun(
                    range: utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.lowerBound)
                        ..< utf8View.index(utf8View.startIndex, offsetBy: run.utf8Range.upperBound),
                    fontIndex: run.faceIndex,
                    script: Self.isoCode(run.script),
                    width: Double(units) * size / Double(face.unitsPerEm))
            }
        }
    }

    /// The scalars of `text` that no font of the stack covers (each once, in order of first
    /// appearance). They measure as the .notdef glyph of the font their cluster went to.
    /// Default-ignorable scalars never count: they need no glyph.
    ///
    /// - Complexity: O(length × fonts).
    public func uncoveredScalars(in text: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        var seen = Set<Unicode.Scalar>()
        _ = Itemizer.runs(of: text, in: fontSet) { scalar in
            if seen.insert(scalar).inserted { found.append(scalar) }
        }
        return found
    }

    /// `text` shaped, through `cache` when there is one; `previous` is the face of the text
    /// before it and `following` the first cluster after it, when it is part of a longer text;
    /// `direction` that text's paragraph direction.
    func measure(_ text: String, previous: Int? = nil, following: Itemizer.Following? = nil,
                 direction: TextDirection = .auto, cache: WidthCache?) -> ShapedWidth {
        cache?.measure(of: text, in: fontSet, previous: previous, following: following, direction: direction)
            ?? Shaper.measure(of: text, in: fontSet, previous: previous, following: following, direction: direction)
    }

    /// `measure(_:previous:following:direction:cache:)` for the pieces lines are made of (a
    /// segment, a line): from the primary face's advances and kerning where the simple-text path
    /// applies, without the cache (the sum costs less than hashing the text and probing a shard
    /// under its lock), else through it.
    func measurePiece(_ text: String, previous: Int? = nil, following: Itemizer.Following? = nil,
                      direction: TextDirection = .auto, cache: WidthCache?) -> ShapedWidth {
        Shaper.measureWithoutShaping(of: text, in: fontSet, previous: previous, following: following, direction: direction)
            ?? measure(text, previous: previous, following: following, direction: direction, cache: cache)
    }

    /// `units` of the primary font in points at the stack's size.
    @inline(__always)
    /// A width below zero (a font whose kerning outweighs its advances) counts as 0: no width the
    /// package reports is negative.
    func points(_ units: Double) -> Double { max(0, units) * size / Double(fontSet.primary.unitsPerEm) }

    private static func isoCode(_ script: hb_script_t) -> String {
        let tag = hb_script_to_iso15924_tag(script)
        return String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }
}

/// A stretch of text measured with one font of a stack in one script.
public struct FontRun: Sendable, Hashable {
    /// Where the run lies in the measured string.
    public let range: Range<String.Index>
    /// The index of the font that shapes the run: in `FontStack.fonts`, or past them a font the
    /// stack's system fallback found; `FontStack.font(at:)` gives either.
    public let fontIndex: Int
    /// The ISO 15924 code of the run's script ("Latn", "Arab", "Zyyy" for common only).
    public let script: String
    /// The shaped width of the run in points.
    public let width: Double
}
