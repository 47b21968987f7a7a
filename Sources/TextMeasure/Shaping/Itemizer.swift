internal import CHarfBuzz
internal import ICULineBreaks

/// A maximal stretch of text that one face shapes in one script at one bidi embedding level.
struct ShapingRun: Equatable {
    var utf8Range: Range<Int>
    var faceIndex: Int
    /// The run's script; `HB_SCRIPT_COMMON` when it holds only common and inherited characters;
    /// `HB_SCRIPT_INVALID` for HarfBuzz to guess (the primary run, see `Itemizer.primaryRun`).
    var script: hb_script_t
    /// The UAX #9 embedding level: odd levels are shaped right to left.
    var level: UInt8 = 0

    /// The script to set on the buffer, or nil to let HarfBuzz guess it.
    var bufferScript: hb_script_t? { script == HB_SCRIPT_INVALID ? nil : script }
}

/// Splits text into shaping runs: by grapheme cluster and font coverage, then by script and by
/// bidi embedding level.
enum Itemizer {
    private nonisolated(unsafe) static let unicodeFunctions = hb_unicode_funcs_get_default()

    /// Whether `utf8` is one run of the primary face: ASCII the primary covers entirely
    /// (or, for a single-face set, any ASCII). The common case costs one pass over the bytes.
    static func isSingleRun(_ utf8: UnsafeBufferPointer<UInt8>, in set: FontSet) -> Bool {
        if set.memberCount == 1, set.fallback == nil { return utf8.allSatisfy { $0 < 0x80 } }
        guard !set.members[0].coverageIsCharset else { return utf8.allSatisfy { $0 < 0x80 && set.covers(0, Unicode.Scalar($0)) } }
        let advances = set.primary.asciiAdvances
        return utf8.allSatisfy { $0 < 0x80 && advances[Int($0)] >= 0 }
    }

    /// `utf8` as one left-to-right run of the primary face, its script left to HarfBuzz, when
    /// `isSingleRun` says it is one and the paragraph is not right to left; else nil (itemize it).
    /// Measuring and drawing take this path alike, so a drawn line has the glyphs it was measured with.
    static func primaryRun(_ utf8: UnsafeBufferPointer<UInt8>, in set: FontSet, direction: TextDirection) -> ShapingRun? {
        guard direction != .rightToLeft, isSingleRun(utf8, in: set) else { return nil }
        return ShapingRun(utf8Range: 0..<utf8.count, faceIndex: 0, script: HB_SCRIPT_INVALID)
    }

    /// The runs of `text`, in logical order, covering it without gaps. O(length × faces).
    ///
    /// Each grapheme cluster goes to the first face that covers all of its scalars other than
    /// default-ignorables; emoji presentation sequences try colour faces first; a cluster of
    /// common characters (spaces, punctuation, digits) stays with the previous cluster's face
    /// when that face covers it and is not a colour face; a cluster no
    /// face covers goes to the system fallback font found for its first scalar (when the set
    /// has system fallback), else to the face covering its first scalar, else the primary, and
    /// its uncovered scalars are passed to `uncovered`. Coverage is a face's cmap, or a
    /// fontconfig font's charset (see `FaceSlot`). Common and inherited characters join the
    /// script run around them (leading ones join the first script that follows).
    ///
    /// `previous` is the face of the text just before this one, when it is measured as part of a
    /// longer text (a segment of a paragraph): leading common clusters stay with it as they would
    /// in the whole text.
    ///
    /// Runs also end where the UAX #9 embedding level of the text as one paragraph of
    /// `direction` changes (see `BidiLevels`; a cluster takes the level of its first scalar), as
    /// Pango and Chromium shape it. A run of common characters set apart only by its level
    /// (European digits in Arabic text) keeps the script of the text around it.
    static func runs(of text: String, in set: FontSet, previous: Int? = nil, direction: TextDirection = .auto,
                     uncovered: ((Unicode.Scalar) -> Void)? = nil) -> [ShapingRun] {
        let levels = bidiLevels(of: text, direction: direction)
        var levelIndex = 0
        var runs: [ShapingRun] = []
        var start = text.startIndex
        var lower = 0
        while start < text.endIndex {
            let end = text.index(after: start)
            let upper = lower + text.utf8.distance(from: start, to: end)
            let cluster = text.unicodeScalars[start..<end]
            let script = script(of: cluster)
            let faceIndex = face(for: cluster, script: script, in: set, previous: runs.last?.faceIndex ?? previous, uncovered: uncovered)
            var level: UInt8 = 0
            if let levels {
                while levels[levelIndex].range.upperBound <= lower { levelIndex += 1 }
                level = levels[levelIndex].level
            }
            if let last = runs.last, last.faceIndex == faceIndex, last.level == level,
               script == HB_SCRIPT_COMMON || last.script == HB_SCRIPT_COMMON || last.script == script {
                runs[runs.count - 1].utf8Range = last.utf8Range.lowerBound..<upper
                if last.script == HB_SCRIPT_COMMON { runs[runs.count - 1].script = script }
            } else {
                let inherited = runs.last.flatMap { $0.faceIndex == faceIndex && script == HB_SCRIPT_COMMON ? $0.script : nil }
                runs.append(ShapingRun(utf8Range: lower..<upper, faceIndex: faceIndex, script: inherited ?? script, level: level))
            }
            start = end
            lower = upper
        }
        // Leading common runs set apart by their level take the script of the run that follows
        // (only a level change splits a common run from a run of its face).
        for index in runs.indices.dropLast().reversed()
        where runs[index].script == HB_SCRIPT_COMMON && runs[index + 1].faceIndex == runs[index].faceIndex {
            runs[index].script = runs[index + 1].script
        }
        return runs
    }

    /// The level runs of `text` as one paragraph of `direction`, or nil when it is all at level 0
    /// (found by one pass over its bytes, without ICU).
    private static func bidiLevels(of text: String, direction: TextDirection) -> [BidiLevels.Run]? {
        var bytes = text
        return bytes.withUTF8 { utf8 in
            guard direction == .rightToLeft || BidiLevels.mayRiseAboveZero(utf8) else { return nil }
            return BidiLevels.runs(in: utf8, rightToLeft: direction.isRightToLeft)
        }
    }

    /// Whether the first scalar of `text` is Common or Inherited (a digit, a space, punctuation):
    /// then the face of the text before it may decide its face.
    static func startsWithCommon(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        if first.isASCII { return !(first.properties.isAlphabetic) }
        let script = hb_unicode_script(unicodeFunctions, first.value)
        return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
    }

    /// Whether `utf8` holds a scalar of a script other than Common, Inherited or Unknown, one
    /// that decides the script HarfBuzz guesses for a buffer.
    static func hasStrongScript(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if utf8.allSatisfy({ $0 < 0x80 }) { return utf8.contains { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) } }
        return script(of: String(decoding: utf8, as: UTF8.self).unicodeScalars[...]) != HB_SCRIPT_COMMON
    }

    /// The first script of the cluster that is not Common, Inherited or Unknown; else Common.
    private static func script(of cluster: Substring.UnicodeScalarView) -> hb_script_t {
        for scalar in cluster {
            let script = hb_unicode_script(unicodeFunctions, scalar.value)
            if script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN { return script }
        }
        return HB_SCRIPT_COMMON
    }

    private static func face(for cluster: Substring.UnicodeScalarView, script: hb_script_t, in set: FontSet,
                             previous: Int?, uncovered: ((Unicode.Scalar) -> Void)?) -> Int {
        /// Whether the font covers every scalar of the cluster and, when it is loaded on
        /// demand, its face loads (it is loaded here, when a cluster first needs it).
        func coversAll(_ index: Int) -> Bool {
            cluster.allSatisfy { isIgnorable($0) || set.covers(index, $0) } && set.members[index].face != nil
        }
        guard let base = cluster.first(where: { !isIgnorable($0) }) else { return previous ?? 0 }
        if set.memberCount == 1, set.fallback == nil, uncovered == nil { return 0 }
        let emoji = prefersEmoji(cluster)
        if emoji, let index = set.colorFaceIndices.first(where: coversAll) { return index }
        // Spaces and punctuation stay in the run they punctuate when its font has them, so an
        // Arabic or Thai sentence is one run, not words split by the primary font's spaces.
        if !emoji, script == HB_SCRIPT_COMMON, let previous, !set.slot(previous).isColor,
           cluster.allSatisfy({ isIgnorable($0) || set.slot(previous).covers($0) }) {
            return previous
        }
        if let index = set.members.indices.first(where: coversAll) { return index }

        // System fallback: the font found for the cluster's first scalar.
        if let index = set.fallbackIndex(for: base) {
            let slot = set.slot(index)
            if let uncovered {
                for scalar in cluster where !isIgnorable(scalar) && !slot.covers(scalar) { uncovered(scalar) }
            }
            return index
        }
        let index = set.members.indices.first { set.covers($0, base) && set.members[$0].face != nil } ?? 0
        if let uncovered {
            for scalar in cluster where !isIgnorable(scalar) && !set.covers(index, scalar) { uncovered(scalar) }
        }
        return index
    }

    /// Default-ignorable scalars (joiners, variation selectors, tags…) need no glyph of their own:
    /// HarfBuzz hides them, so they never decide the font.
    @inline(__always)
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 && scalar.properties.isDefaultIgnorableCodePoint
    }

    /// Whether a cluster asks for emoji presentation: VS16, a keycap, a ZWJ sequence, a flag
    /// (regional indicators or tag sequence), a skin-tone modifier, or a base whose default
    /// presentation is emoji — unless VS15 asks for text.
    static func prefersEmoji(_ cluster: Substring.UnicodeScalarView) -> Bool {
        var prefers = false
        for (position, scalar) in cluster.enumerated() {
            switch scalar.value {
            case 0xFE0E: return false
            case 0xFE0F, 0x20E3, 0x200D, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: prefers = true
            default: if position == 0, scalar.properties.isEmojiPresentation { prefers = true }
            }
        }
        return prefers
    }
}
