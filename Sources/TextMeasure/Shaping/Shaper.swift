internal import CHarfBuzz

/// Shapes text with HarfBuzz and sums advances.
///
/// Widths come out in font units of the set's primary face (a run shaped with a fallback face of
/// another units-per-em is rescaled to the primary's): multiplied by size ÷ the primary's
/// units-per-em they give points — for one font exactly HarfBuzz's advances × size ÷ upem — and
/// the same number serves every size of a font set.
enum Shaper {
    /// The exact shaped width of `text` in primary font units, the part of it that its hanging
    /// whitespace takes, and the faces that shaped it. `previous` is the face of the text before
    /// it and `following` the first cluster after it, when it is part of a longer text (see
    /// `Itemizer.runs`); `direction` is the paragraph
    /// direction its bidi levels are resolved in; `mode` whether simple runs are summed or shaped. O(length).
    static func measure(of text: String, in set: FontSet, previous: Int? = nil, following: Itemizer.Following? = nil,
                        direction: TextDirection = .auto, mode: ShapingMode = .current) -> ShapedWidth {
        var bytes = text
        return bytes.withUTF8 { utf8 in
            let hangingStart = HangingWhitespace.start(in: utf8)
            if let run = primaryRunAlone(utf8, of: text, in: set, previous: previous, following: following,
                                         direction: direction, hangingStart: hangingStart) {
                let (units, hanging) = advance(utf8, run, in: set, hangingStart: hangingStart, mode: mode)
                return ShapedWidth(units: Double(units), hangingUnits: Double(hanging), faces: FaceIndexSet(0), lastFace: 0)
            }
            var measured = ShapedWidth(units: 0, hangingUnits: 0, faces: FaceIndexSet(), lastFace: previous ?? 0)
            for run in Itemizer.runs(of: text, in: set, previous: previous, following: following, direction: direction) {
                let (units, hanging) = advance(utf8, run, in: set, hangingStart: hangingStart, mode: mode)
                measured.units += set.toPrimaryUnits(units, from: run.faceIndex)
                measured.hangingUnits += set.toPrimaryUnits(hanging, from: run.faceIndex)
                measured.faces.insert(run.faceIndex)
                measured.lastFace = run.faceIndex
            }
            if measured.faces.isEmpty { measured.faces.insert(0) }
            return measured
        }
    }

    /// The width `measure(of:in:previous:following:direction:)` gives `text` when that is runs of
    /// the primary face that the simple-text path measures (see `SimpleTextAnalysis`), else
    /// nil: worked out from the face's advances and kerning, at less cost than a cache look-up.
    static func measureWithoutShaping(of text: String, in set: FontSet, previous: Int? = nil,
                                      following: Itemizer.Following? = nil, direction: TextDirection = .auto) -> ShapedWidth? {
        guard ShapingMode.current == .auto, set.language == nil else { return nil }  // no run would qualify: not itemized
        var bytes = text
        return bytes.withUTF8 { utf8 in
            let hangingStart = HangingWhitespace.start(in: utf8)
            if let run = primaryRunAlone(utf8, of: text, in: set, previous: previous, following: following,
                                         direction: direction, hangingStart: hangingStart) {
                guard let (units, hanging) = simpleAdvance(utf8, run, in: set, hangingStart: hangingStart, mode: .current) else { return nil }
                return ShapedWidth(units: Double(units), hangingUnits: Double(hanging), faces: FaceIndexSet(0), lastFace: 0)
            }
            // Candidates of the primary in several scripts (accented Latin, Greek, Cyrillic): the
            // runs `measure` itemizes them into, each summed.
            guard direction != .rightToLeft,
                  let runs = Itemizer.candidateRuns(of: text, in: set, previous: previous, following: following) else { return nil }
            var units = 0, hanging = 0
            for run in runs {
                guard let sum = simpleAdvance(utf8, run, in: set, hangingStart: hangingStart, mode: .current) else { return nil }
                units += sum.units
                hanging += sum.hanging
            }
            return ShapedWidth(units: Double(units), hangingUnits: Double(hanging), faces: FaceIndexSet(0), lastFace: 0)
        }
    }

    /// `text` (its UTF-8, `utf8`) as one run of the primary face, when it is one and neither the
    /// face before it nor the cluster after it can take its spaces (they could only be the
    /// primary's then); else nil, and it is itemized.
    private static func primaryRunAlone(_ utf8: UnsafeBufferPointer<UInt8>, of text: String, in set: FontSet, previous: Int?,
                                        following: Itemizer.Following?, direction: TextDirection, hangingStart: Int) -> ShapingRun? {
        guard let run = Itemizer.primaryRun(utf8, in: set, direction: direction),
              (previous ?? 0) == 0 || !Itemizer.startsWithSpace(text),
              (following?.face ?? 0) == 0 || hangingStart == utf8.count else { return nil }
        return run
    }

    /// How much narrower, in primary font units, the text from `start` of `utf8` is after the
    /// text before it on its line than at the line's start: its first character is a fullwidth
    /// opening mark that the mark before it trims (see `FullwidthPunctuation`), in a set that
    /// trims; else 0. Text measured alone starts a line; this is what it loses mid-line. O(1).
    static func trimmedStart(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int, in set: FontSet) -> Double {
        guard set.trimsFullwidthPunctuation, start > 0, start < utf8.count else { return 0 }
        let mark = start..<(start + SimpleTextAnalysis.decode(utf8, at: start).1)
        guard let face = trimmingFace(utf8, mark, in: set),
              set.punctuationTrims(face, utf8, mark).contains(where: { Int($0.start) == start }) else { return 0 }
        return set.toPrimaryUnits(advance(UnsafeBufferPointer(rebasing: utf8[mark]), 0..<mark.count, in: set, font: face).units
                                  - advance(utf8, mark, in: set, font: face).units, from: face)
    }

    /// How much narrower, in primary font units, the text of `utf8` up to `end` is at the end of
    /// a line that it does not otherwise fit: its last character is a fullwidth closing bracket
    /// or quote (not a full stop or comma), whose blank half Chromium trims there
    /// (`text-spacing-trim: normal` allows the end); else 0. O(1).
    static func trimmedEnd(_ utf8: UnsafeBufferPointer<UInt8>, before end: Int, in set: FontSet) -> Double {
        guard set.trimsFullwidthPunctuation, end > 0 else { return 0 }
        var last = end - 1
        while last > 0, utf8[last] & 0xC0 == 0x80 { last -= 1 }
        let (value, length) = SimpleTextAnalysis.decode(utf8, at: last)
        let mark = last..<(last + length)
        guard mark.upperBound == end, let face = trimmingFace(utf8, mark, in: set),
              FullwidthPunctuation.kind(of: value) == .close else { return 0 }  // not the full stops and commas
        let alone = UnsafeBufferPointer(rebasing: utf8[mark])
        let trimmed = shape(alone, 0..<length, in: set, font: face, trimmingAll: true)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(trimmed, &count) else { return 0 }
        let narrower = (0..<Int(count)).reduce(0) { $0 + Int(positions[$1].x_advance) }
        return set.toPrimaryUnits(advance(alone, 0..<length, in: set, font: face).units - narrower, from: face)
    }

    /// The font of `set` that draws the mark `range` of `utf8` (the first that has it), when it
    /// is a character Chromium may trim and that font trims.
    private static func trimmingFace(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in set: FontSet) -> Int? {
        guard FullwidthPunctuation.mayApply(utf8, range),
              let scalar = Unicode.Scalar(SimpleTextAnalysis.decode(utf8, at: range.lowerBound).0),
              let face = set.members.indices.first(where: { set.covers($0, scalar) && set.members[$0].face != nil }),
              set.trimsPunctuation(inFont: face) else { return nil }
        return face
    }

    /// This thread's buffer holding `range` of `utf8` shaped with font `index` of `set` in the
    /// set's language (HarfBuzz's `locl` forms; "und", the fonts' default language system, when
    /// it has none — never the process locale, so widths do not change with `LANG`), right to left when
    /// `level` (its UAX #9 embedding level) is odd, in `script` (else HarfBuzz's guess over the
    /// range, which itemization made single-script). The rest of `utf8` is passed as context
    /// (Arabic joining across a run boundary); the beginning/end-of-text flags are set where the
    /// run touches them.
    static func shape(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in set: FontSet, font index: Int,
                      level: UInt8 = 0, script: hb_script_t? = nil, trimmingAll: Bool = false) -> OpaquePointer {
        #if DEBUG
        probe?.count(range.count)
        #endif
        let buffer = filled(ShapingBuffer.cleared(), utf8, range, in: set, level: level, script: script)
        let trims = trimmingAll ? [hb_feature_t(tag: FullwidthPunctuation.halt, value: 1, start: 0, end: UInt32.max)]
            : set.punctuationTrims(index, utf8, range)
        let font = set.shapingFont(index)
        if trims.count > maximumFeatureRanges,
           haltMerged(into: buffer, trims, font: font, utf8, range, in: set, index: index, level: level, script: script) {
            return buffer
        }
        let features = trims.isEmpty ? set.features(index) : set.features(index) + trims
        #if DEBUG
        probe?.countRanges(trims.count { $0.start != 0 || $0.end != UInt32.max })
        #endif
        hb_shape(font, buffer, features, UInt32(features.count))
        return buffer
    }

    /// The most features limited to a range of the text that one shaping passes HarfBuzz, which
    /// sets each one's mask over the whole buffer: past it, `haltMerged` trims the marks.
    static let maximumFeatureRanges = 32

    /// `buffer` (filled, not shaped) shaped with font `index` of `set` as with `trims` (its
    /// `punctuationTrims`: `halt` ranges, and `chws` over all), in time linear in the glyphs
    /// whatever the number of ranges: shaped once without them and once, into this thread's
    /// second buffer, with `halt` on everywhere; each glyph of a trimmed cluster takes the
    /// second's position. `halt` is a single adjustment, so a glyph's position with it does not
    /// depend on whether its neighbours have it. False, `buffer` unshaped, when there are at
    /// most `maximumFeatureRanges` ranges, or when the two shapings do not give the same glyphs
    /// (a font whose `halt` substitutes; `buffer` is then refilled).
    private static func haltMerged(into buffer: OpaquePointer, _ trims: [hb_feature_t], font: OpaquePointer,
                                   _ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in set: FontSet, index: Int,
                                   level: UInt8, script: hb_script_t?) -> Bool {
        let isGlobal = { (feature: hb_feature_t) in feature.start == 0 && feature.end == UInt32.max }
        let ranged = trims.filter { !isGlobal($0) }.sorted { $0.start < $1.start }
        guard ranged.count > maximumFeatureRanges else { return false }
        let settings = set.features(index) + trims.filter(isGlobal)
        hb_shape(font, buffer, settings, UInt32(settings.count))
        let halted = filled(ShapingBuffer.cleared(scratch: true), utf8, range, in: set, level: level, script: script)
        let everywhere = settings + [hb_feature_t(tag: FullwidthPunctuation.halt, value: 1, start: 0, end: UInt32.max)]
        hb_shape(font, halted, everywhere, UInt32(everywhere.count))
        var count: UInt32 = 0, haltedCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count),
              let haltedInfos = hb_buffer_get_glyph_infos(halted, &haltedCount),
              let haltedPositions = hb_buffer_get_glyph_positions(halted, &haltedCount), count == haltedCount,
              (0..<Int(count)).allSatisfy({ infos[$0].codepoint == haltedInfos[$0].codepoint && infos[$0].cluster == haltedInfos[$0].cluster })
        else {
            hb_buffer_clear_contents(buffer)
            _ = filled(buffer, utf8, range, in: set, level: level, script: script)
            return false
        }
        for glyph in 0..<Int(count) {
            let cluster = infos[glyph].cluster  // in a trimmed mark's range, as HarfBuzz masks a feature's glyphs
            var low = 0, high = ranged.count
            while low < high {
                let middle = (low + high) / 2
                if ranged[middle].start <= cluster { low = middle + 1 } else { high = middle }
            }
            if low > 0, cluster < ranged[low - 1].end { positions[glyph] = haltedPositions[glyph] }
        }
        return true
    }

    /// `buffer` holding `range` of `utf8` (the rest as context) with the segment properties
    /// `shape` describes, not yet shaped.
    private static func filled(_ buffer: OpaquePointer, _ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                               in set: FontSet, level: UInt8, script: hb_script_t?) -> OpaquePointer {
        utf8.withMemoryRebound(to: CChar.self) {
            hb_buffer_add_utf8(buffer, $0.baseAddress, Int32($0.count), UInt32(range.lowerBound), Int32(range.count))
        }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == utf8.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_buffer_set_language(buffer, set.hbLanguage(for: script))
        hb_buffer_set_direction(buffer, level & 1 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, script) }
        hb_buffer_guess_segment_properties(buffer)
        return buffer
    }

    #if DEBUG
    /// Counts the UTF-8 bytes this task shapes, or measures by the simple-text path (debug builds
    /// only): tests bound the measuring work of an algorithm with it, where a timing would be noise.
    final class Probe: @unchecked Sendable {
        private(set) var bytes = 0
        /// How many stretches were shaped or measured.
        private(set) var stretches = 0
        /// The most features limited to a range that one shaping gave HarfBuzz (see `maximumFeatureRanges`).
        private(set) var mostFeatureRanges = 0
        func count(_ bytes: Int) {
            self.bytes += bytes
            stretches += 1
        }
        func countRanges(_ ranges: Int) { mostFeatureRanges = max(mostFeatureRanges, ranges) }
    }

    @TaskLocal static var probe: Probe?
    #endif

    /// `advance` of a run of `set`, shaped in its direction and script; or, in `ShapingMode.auto`,
    /// summed without shaping when the simple-text analysis of its face proves the sum equal
    /// (see `SimpleTextAnalysis`; the analysis is of text shaped without a language, "und").
    static func advance(_ utf8: UnsafeBufferPointer<UInt8>, _ run: ShapingRun, in set: FontSet,
                        hangingStart: Int = .max, mode: ShapingMode = .current) -> (units: Int, hanging: Int) {
        if let sum = simpleAdvance(utf8, run, in: set, hangingStart: hangingStart, mode: mode) { return sum }
        return advance(utf8, run.utf8Range, in: set, font: run.faceIndex, level: run.level, script: run.bufferScript,
                       hangingStart: hangingStart)
    }

    /// `advance` of `run` by the simple-text path: in `ShapingMode.auto`, for a left-to-right run
    /// of a set without a language, when the analysis of its face proves the sum equal to
    /// HarfBuzz's; else nil.
    private static func simpleAdvance(_ utf8: UnsafeBufferPointer<UInt8>, _ run: ShapingRun, in set: FontSet,
                                      hangingStart: Int, mode: ShapingMode) -> (units: Int, hanging: Int)? {
        guard mode == .auto, run.level == 0, set.language == nil, set.shapesWithSettingsAlone(run.faceIndex, utf8, run.utf8Range),
              let sum = set.simpleText(run.faceIndex).measure(utf8, run.utf8Range, script: run.bufferScript, hangingStart: hangingStart)
        else { return nil }
        #if DEBUG
        probe?.count(run.utf8Range.count)  // measured, if not shaped: the work tests bound
        #endif
        return sum
    }

    /// Sum of the `x_advance`s, in font units, of `range` of `utf8` shaped with font `index` of
    /// `set`, and the part of that sum from glyphs of clusters at or after `hangingStart` (see `shape`).
    static func advance(_ utf8: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, in set: FontSet, font index: Int,
                        level: UInt8 = 0, script: hb_script_t? = nil,
                        hangingStart: Int = .max) -> (units: Int, hanging: Int) {
        let buffer = shape(utf8, range, in: set, font: index, level: level, script: script)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return (0, 0) }
        var sum = 0
        for index in 0..<Int(count) { sum += Int(positions[index].x_advance) }
        if hangingStart >= range.upperBound { return (sum, 0) }
        if hangingStart <= range.lowerBound { return (sum, sum) }
        var hanging = 0
        let infos = hb_buffer_get_glyph_infos(buffer, nil)!
        for index in 0..<Int(count) where Int(infos[index].cluster) >= hangingStart {
            hanging += Int(positions[index].x_advance)
        }
        return (sum, hanging)
    }

    /// The width in primary font units of `text` from nominal advances: each scalar's cmap glyph in the first
    /// font that has it (else the primary's .notdef), no shaping — so no kerning, ligatures or
    /// mark positioning. Default-ignorable scalars (joiners, variation selectors) count zero.
    static func nominalUnits(of text: String, in set: FontSet) -> Double {
        let primary = set.primary
        var primaryUnits = 0
        var fallbackUnits = 0.0
        for scalar in text.unicodeScalars {
            if scalar.value < 128, primary.asciiAdvances[Int(scalar.value)] >= 0 {
                primaryUnits += Int(primary.asciiAdvances[Int(scalar.value)])
            } else if !scalar.properties.isDefaultIgnorableCodePoint {
                let index = set.members.indices.first { set.covers($0, scalar) && set.members[$0].face != nil }
                    ?? set.fallbackIndex(for: scalar) ?? 0
                fallbackUnits += set.toPrimaryUnits(Int(set.face(index).nominalAdvance(scalar)), from: index)
            }
        }
        return Double(primaryUnits) + fallbackUnits
    }
}
