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
        // Latin that a family stack finds in another language's fontset (see `FontSet.faceOrder(for:)`).
        if set.familyQuery != nil, set.faceOrder(for: HB_SCRIPT_LATIN) != nil { return false }
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
    /// Fonts are chosen as Pango's itemizer chooses them (`pango/itemize.c`):
    /// - Each grapheme cluster goes to the first face that covers all of its scalars other than
    ///   default-ignorables, digits and punctuation included; emoji presentation sequences try
    ///   colour faces first. A cluster no face covers goes to the system fallback font found for
    ///   its first scalar (when the set has system fallback), else to the face covering its first
    ///   scalar, else the primary, and its uncovered scalars are passed to `uncovered`.
    /// - A space separator of a set whose `spaces` are `.first` (a `.chromium` stack's) goes to
    ///   the first of the set's fonts, in their own order, that has it, as Chromium takes each
    ///   character from the first font of the list that has it.
    /// - Any other space (see `isSpace`) never chooses a face. Within an item run (one script, one bidi
    ///   level, emoji or not) it takes the face of the cluster before it, or the face of the
    ///   cluster after it when that face comes earlier in the set (is less of a fallback) or
    ///   nothing comes before it; a run of spaces alone takes the first face with a space.
    /// Coverage is a face's cmap, or a fontconfig font's charset (see `FallbackFont`).
    ///
    /// Common and inherited characters take the script of the text before them (leading ones,
    /// the first script that follows), as Pango's script runs do; each run is shaped in that
    /// script. `previous` is the face of the text just before this one, when it is measured as
    /// part of a longer text (a segment of a paragraph): leading spaces stay with it as they
    /// would in the whole text; `following`, the first cluster after it (see `lead(of:in:)`),
    /// which trailing spaces move to as they would in the whole text.
    ///
    /// Runs also end where the UAX #9 embedding level of the text as one paragraph of
    /// `direction` changes (see `BidiLevels`; a cluster takes the level of its first scalar), as
    /// Pango and Chromium shape it.
    static func runs(of text: String, in set: FontSet, previous: Int? = nil, following: Following? = nil,
                     direction: TextDirection = .auto, uncovered: ((Unicode.Scalar) -> Void)? = nil) -> [ShapingRun] {
        if direction != .rightToLeft, let runs = candidateRuns(of: text, in: set, previous: previous, following: following) {
            return runs
        }
        if set.memberCount == 1, set.fallback == nil, uncovered == nil { return oneFaceRuns(of: text, direction: direction) }
        return itemizedRuns(of: text, in: set, previous: previous, following: following, direction: direction, uncovered: uncovered)
    }

    /// `runs(of:in:previous:following:direction:uncovered:)` found cluster by cluster, whatever
    /// the text (`candidateRuns` finds the same runs of simple text faster).
    static func itemizedRuns(of text: String, in set: FontSet, previous: Int? = nil, following: Following? = nil,
                             direction: TextDirection = .auto, uncovered: ((Unicode.Scalar) -> Void)? = nil) -> [ShapingRun] {
        var clusters = clusters(of: text, direction: direction)
        resolveScripts(&clusters)
        chooseFaces(&clusters, of: text, in: set, uncovered: uncovered)
        placeSpaces(&clusters, in: set, previous: previous, following: following)
        var runs: [ShapingRun] = []
        for cluster in clusters {
            let face = cluster.face ?? 0
            if let last = runs.last, last.faceIndex == face, last.level == cluster.level, last.script == cluster.resolvedScript {
                runs[runs.count - 1].utf8Range = last.utf8Range.lowerBound..<cluster.utf8Range.upperBound
            } else {
                runs.append(ShapingRun(utf8Range: cluster.utf8Range, faceIndex: face, script: cluster.resolvedScript,
                                       level: cluster.level))
            }
        }
        return runs
    }

    /// The runs of `text` when every character of it is a simple-text candidate of the primary
    /// face (see `SimpleTextAnalysis`) and the primary takes them all: a set of one face, or one
    /// whose primary is a face of its own (not found by family) and whose neighbours' faces
    /// cannot take its spaces. Else nil, and the text is itemized cluster by cluster.
    ///
    /// What `runs` would give, found at a fraction of the cost: a candidate is a grapheme
    /// cluster of its own (no mark, joiner, control, Hangul jamo or prepended character is one),
    /// the primary covers it, it asks for no emoji presentation in a set with colour faces, and
    /// its text stays at bidi level 0 (no candidate is right to left; a text that might rise, by
    /// `BidiLevels.mayRiseAboveZero`, is itemized). So only the scripts split it, resolved as
    /// `resolveScripts` resolves them. O(length).
    static func candidateRuns(of text: String, in set: FontSet, previous: Int?, following: Following?) -> [ShapingRun]? {
        let oneFace = set.memberCount == 1 && set.fallback == nil
        guard oneFace || set.familyQuery == nil && !set.members[0].coverageIsCharset && set.font(0).covers(" ") else { return nil }
        let analysis = set.simpleText(0)
        guard analysis.isUsable else { return nil }
        if !oneFace {
            guard (previous ?? 0) == 0 || !startsWithSpace(text), (following?.face ?? 0) == 0 || !endsWithSpace(text) else { return nil }
        }
        let emojiMatters = !oneFace && !set.colorFaceIndices.isEmpty
        var bytes = text
        return bytes.withUTF8 { utf8 -> [ShapingRun]? in
            guard !BidiLevels.mayRiseAboveZero(utf8) else { return nil }
            var letters: [Letter] = []
            letters.reserveCapacity(utf8.count)
            var index = 0
            while index < utf8.count {
                let (value, length) = SimpleTextAnalysis.decode(utf8, at: index)
                guard value < SimpleTextAnalysis.scalarLimit, let candidate = analysis.characters[Int(value)] else { return nil }
                let scalar = Unicode.Scalar(value)!
                if emojiMatters, UnicodeTraits.isEmojiPresentation(scalar) { return nil }
                letters.append(Letter(utf8Range: index..<(index + length), script: candidate.script,
                                      resolvedScript: candidate.script, bracket: candidate.isCommon ? bracket(scalar) : nil))
                index += length
            }
            resolveScripts(&letters)
            return primaryRuns(letters)
        }
    }

    /// The runs of `text` in a set of one face (and no fallback): every cluster takes the face,
    /// so only scripts and levels split the text. What `itemizedRuns` finds, from one pass over
    /// the text's scalars: grapheme clusters by the standard library's own rules
    /// (`Unicode._CharacterRecognizer`, what `String` iterates characters with), without a
    /// `String.Index` a cluster. O(length).
    static func oneFaceRuns(of text: String, direction: TextDirection) -> [ShapingRun] {
        let levels = bidiLevels(of: text, direction: direction)
        var bytes = text
        return bytes.withUTF8 { utf8 in
            var clusters: [Letter] = []
            clusters.reserveCapacity(utf8.count)  // a cluster a byte at most: one allocation, not one a doubling
            var recognizer = Unicode._CharacterRecognizer()
            var levelIndex = 0
            var index = 0
            while index < utf8.count {
                let (value, length) = SimpleTextAnalysis.decode(utf8, at: index)
                let scalar = Unicode.Scalar(value).unsafelyUnwrapped  // valid UTF-8: `String` holds it
                var script = hb_unicode_script(unicodeFunctions, value)
                if script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { script = HB_SCRIPT_COMMON }
                if recognizer.hasBreak(before: scalar) || clusters.isEmpty {
                    var level: UInt8 = 0
                    if let levels {
                        while levels[levelIndex].range.upperBound <= index { levelIndex += 1 }
                        level = levels[levelIndex].level
                    }
                    clusters.append(Letter(utf8Range: index..<(index + length), script: script, resolvedScript: script,
                                           bracket: script == HB_SCRIPT_COMMON ? bracket(scalar) : nil, level: level))
                } else {
                    // A cluster of several scalars: the first script of one of them, and no bracket.
                    let last = clusters.count - 1
                    clusters[last].utf8Range = clusters[last].utf8Range.lowerBound..<(index + length)
                    clusters[last].bracket = nil
                    if clusters[last].script == HB_SCRIPT_COMMON {
                        (clusters[last].script, clusters[last].resolvedScript) = (script, script)
                    }
                }
                index += length
            }
            resolveScripts(&clusters)
            return primaryRuns(clusters)
        }
    }

    /// `letters` (clusters of the primary face, scripts resolved) joined into runs where the
    /// script and the level go on.
    private static func primaryRuns(_ letters: [Letter]) -> [ShapingRun] {
        guard let first = letters.first else { return [] }
        var runs: [ShapingRun] = []
        runs.reserveCapacity(4)
        // The run being extended stays out of the array until it ends: no subscript a letter.
        var run = ShapingRun(utf8Range: first.utf8Range, faceIndex: 0, script: first.resolvedScript, level: first.level)
        for letter in letters.dropFirst() {
            if run.level == letter.level, run.script == letter.resolvedScript {
                run.utf8Range = run.utf8Range.lowerBound..<letter.utf8Range.upperBound
            } else {
                runs.append(run)
                run = ShapingRun(utf8Range: letter.utf8Range, faceIndex: 0, script: letter.resolvedScript, level: letter.level)
            }
        }
        runs.append(run)
        return runs
    }

    /// What resolving scripts needs of a cluster (see `resolveScripts`).
    private protocol ScriptItem {
        /// The first script of the item that is not Common, Inherited or Unknown; else Common.
        var script: hb_script_t { get }
        /// Its index among Pango's paired characters (see `brackets`), for a one-scalar bracket.
        var bracket: Int? { get }
        var resolvedScript: hb_script_t { get set }
    }

    /// A cluster known by its bytes alone (see `candidateRuns`, `oneFaceRuns`).
    private struct Letter: ScriptItem {
        var utf8Range: Range<Int>
        var script: hb_script_t
        var resolvedScript: hb_script_t
        var bracket: Int?
        var level: UInt8 = 0
    }

    /// A grapheme cluster on its way into a run.
    private struct Cluster: ScriptItem {
        var utf8Range: Range<Int>
        /// The same range of the text.
        var range: Range<String.Index>
        /// The first script of the cluster that is not Common, Inherited or Unknown; else Common.
        var script: hb_script_t
        /// The script of the item run it belongs to: `script`, or for a common cluster the
        /// script of the text around it (see `resolveScripts`).
        var resolvedScript: hb_script_t
        var level: UInt8
        var isEmoji: Bool
        /// Its index among Pango's paired characters (see `brackets`), for a one-scalar bracket.
        var bracket: Int?
        /// The face, or nil for a space until `placeSpaces` gives it one.
        var face: Int?
        /// Where the face stands in the fontset of the cluster's run, when that is not the
        /// set's own order (see `FontSet.faceOrder(for:)`); spaces go to the better ranked face.
        var rank: Int?

        /// Whether an item run (Pango's: one script, one level, emoji or text) ends between
        /// `self` and `next`.
        func endsRun(before next: Cluster) -> Bool {
            next.level != level || next.isEmoji != isEmoji || next.resolvedScript != resolvedScript
        }
    }

    /// The clusters of `text`, each with its script and level, and no face yet.
    private static func clusters(of text: String, direction: TextDirection) -> [Cluster] {
        let levels = bidiLevels(of: text, direction: direction)
        var levelIndex = 0
        var clusters: [Cluster] = []
        var start = text.startIndex
        var lower = 0
        while start < text.endIndex {
            let end = text.index(after: start)
            let upper = lower + text.utf8.distance(from: start, to: end)
            let scalars = text.unicodeScalars[start..<end]
            let script = script(of: scalars)
            let emoji = prefersEmoji(scalars)
            var level: UInt8 = 0
            if let levels {
                while levels[levelIndex].range.upperBound <= lower { levelIndex += 1 }
                level = levels[levelIndex].level
            }
            let bracket = scalars.count == 1 && script == HB_SCRIPT_COMMON ? bracket(scalars.first!) : nil
            clusters.append(Cluster(utf8Range: lower..<upper, range: start..<end, script: script, resolvedScript: script, level: level,
                                    isEmoji: emoji, bracket: bracket, face: nil))
            start = end
            lower = upper
        }
        return clusters
    }

    /// Gives each cluster but the spaces its face: the first of the set's fonts, in the order of
    /// the fontset of its run's language (see `FontSet.faceOrder(for:)`), that covers it. A set
    /// whose spaces are `.first` gives a space separator the first of its fonts, in their own
    /// order, that has it.
    private static func chooseFaces(_ clusters: inout [Cluster], of text: String, in set: FontSet,
                                    uncovered: ((Unicode.Scalar) -> Void)?) {
        var script = HB_SCRIPT_INVALID, order: [Int]? = nil
        for index in clusters.indices {
            let scalars = text.unicodeScalars[clusters[index].range]
            if isSpace(scalars) {
                // Chromium's spaces: the first font, in the stack's own order, that has the space.
                guard set.spaces == .first, let first = scalars.first, first == " " || first.properties.generalCategory == .spaceSeparator
                else { continue }
                clusters[index].face = face(for: scalars, emoji: false, in: set, order: nil, uncovered: uncovered)
                clusters[index].rank = clusters[index].face
                continue
            }
            if clusters[index].resolvedScript != script {
                script = clusters[index].resolvedScript
                order = set.faceOrder(for: script)
            }
            clusters[index].face = face(for: scalars, emoji: clusters[index].isEmoji, in: set, order: order, uncovered: uncovered)
            clusters[index].rank = order?.firstIndex(of: clusters[index].face!)
        }
    }

    /// Gives each cluster the script of its item run, as Pango's script iterator does
    /// (`pango/pango-script.c`): common clusters take the script of the run they are in, leading
    /// ones the first script that follows, and a closing bracket the script of the run its
    /// opening bracket was in (Pango's paired characters, a stack at most 128 deep).
    private static func resolveScripts<Item: ScriptItem>(_ clusters: inout [Item]) {
        var stack: [(pair: Int, script: hb_script_t)] = []
        var runScript = HB_SCRIPT_COMMON, runStart = 0
        var fixed = -1  // stack entries up to this one have the run's final script
        var index = 0
        while index < clusters.count {
            var script = clusters[index].script
            let pair = script == HB_SCRIPT_COMMON ? clusters[index].bracket : nil
            if let pair {
                if pair % 2 == 0 {
                    if stack.count >= 128 { stack.removeAll(); fixed = -1 }
                    stack.append((pair, runScript))
                } else if !stack.isEmpty {
                    while let top = stack.last, top.pair != pair - 1 { stack.removeLast() }
                    fixed = min(fixed, stack.count - 1)
                    if let top = stack.last { script = top.script }
                }
            }
            guard runScript == HB_SCRIPT_COMMON || script == HB_SCRIPT_COMMON || script == runScript else {
                for run in runStart..<index { clusters[run].resolvedScript = runScript }
                (runScript, runStart, fixed) = (HB_SCRIPT_COMMON, index, stack.count - 1)
                continue  // the cluster starts the next run
            }
            if runScript == HB_SCRIPT_COMMON, script != HB_SCRIPT_COMMON {
                runScript = script
                while fixed < stack.count - 1 { fixed += 1; stack[fixed].script = script }
            }
            if let pair, pair % 2 == 1, !stack.isEmpty {
                stack.removeLast()
                fixed = min(fixed, stack.count - 1)
            }
            index += 1
        }
        for run in runStart..<clusters.count { clusters[run].resolvedScript = runScript }
    }

    /// Pango's paired characters: an opening one at an even index, its closing one after it.
    private static let brackets: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB, 0x0F3A, 0x0F3B, 0x0F3C, 0x0F3D,
        0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0x2045, 0x2046, 0x207D, 0x207E, 0x208D, 0x208E,
        0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA, 0x27EB, 0x27EC, 0x27ED, 0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986,
        0x2987, 0x2988, 0x2989, 0x298A, 0x298B, 0x298C, 0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992, 0x2993, 0x2994,
        0x2995, 0x2996, 0x2997, 0x2998, 0x29FC, 0x29FD, 0x2E02, 0x2E03, 0x2E04, 0x2E05, 0x2E09, 0x2E0A, 0x2E0C, 0x2E0D,
        0x2E1C, 0x2E1D, 0x2E20, 0x2E21, 0x2E22, 0x2E23, 0x2E24, 0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009,
        0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017, 0x3018, 0x3019,
        0x301A, 0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D,
        0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]

    /// The index of `scalar` among `brackets`, or nil. O(log 128).
    private static func bracket(_ scalar: Unicode.Scalar) -> Int? {
        var (lower, upper) = (0, brackets.count - 1)
        while lower <= upper {
            let middle = (lower + upper) / 2
            if scalar.value < brackets[middle] { upper = middle - 1 } else if scalar.value > brackets[middle] { lower = middle + 1 } else { return middle }
        }
        return nil
    }

    /// Gives each space a face by Pango's rules (see `runs(of:in:previous:direction:uncovered:)`).
    /// Faces are ranked by index: the stack's own in order, then system fallback fonts.
    private static func placeSpaces(_ clusters: inout [Cluster], in set: FontSet, previous: Int?, following: Following?) {
        var before = previous.map { (face: $0, rank: $0) }  // the last non-space cluster of the current run
        var spaces: Range<Int>?  // the spaces waiting for a face
        func place(_ face: Int?) {  // nil: the first font with a space
            guard let range = spaces else { return }
            let order = set.faceOrder(for: clusters[range.lowerBound].resolvedScript) ?? Array(set.members.indices)
            let face = face ?? order.first { set.font($0).covers(" ") && set.font($0).face != nil } ?? 0
            for index in range { clusters[index].face = face }
            spaces = nil
        }
        for index in clusters.indices {
            if index > 0, clusters[index - 1].endsRun(before: clusters[index]) {
                place(before?.face)
                before = nil
            }
            guard let face = clusters[index].face else {
                spaces = (spaces?.lowerBound ?? index)..<(index + 1)
                continue
            }
            let rank = clusters[index].rank ?? face
            place(before.map { rank < $0.rank ? face : $0.face } ?? face)
            before = (face, rank)
        }
        // The text after this one goes on the item when its first cluster is of no other script.
        if let following, let last = clusters.last, following.script == HB_SCRIPT_COMMON.rawValue
            || following.script == last.resolvedScript.rawValue || last.resolvedScript == HB_SCRIPT_COMMON {
            place(before.map { following.rank < $0.rank ? following.face : $0.face } ?? following.face)
        }
        place(before?.face)
    }

    /// The first cluster of a text that is not a space, as the text before it sees it: its
    /// face, the face's rank in its run's fontset, and its script (see `runs(of:in:previous:following:direction:uncovered:)`).
    struct Following: Hashable, Sendable {
        let face: Int
        let rank: Int
        let script: UInt32
    }

    /// The first cluster of `text` that is not a space, or nil when it has none. O(its length).
    static func lead(of text: Substring, in set: FontSet) -> Following? {
        guard let start = text.firstIndex(where: { !isSpace($0.unicodeScalars[...]) }) else { return nil }
        let cluster = String(text[start...].prefix(1))
        var clusters = clusters(of: cluster, direction: .auto)
        resolveScripts(&clusters)
        chooseFaces(&clusters, of: cluster, in: set, uncovered: nil)
        guard let first = clusters.first, let face = first.face else { return nil }
        return Following(face: face, rank: first.rank ?? face, script: first.script.rawValue)
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

    /// Whether `text` starts with a space (see `isSpace`): then the face of the text before it
    /// may decide its face.
    static func startsWithSpace(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return isSpace(first.unicodeScalars[...])
    }

    /// Whether `text` ends with a space (see `isSpace`): then the text after it may decide its face.
    static func endsWithSpace(_ text: String) -> Bool {
        guard let last = text.last else { return false }
        return isSpace(last.unicodeScalars[...])
    }

    /// Whether a cluster is one that Pango's itemizer never chooses a font for
    /// (`consider_as_space`): a control, format (other than the visible ones of the Arabic
    /// blocks), line or paragraph separator, space separator other than U+1680, or variation
    /// selector; or one made of default-ignorables only.
    static func isSpace(_ cluster: Substring.UnicodeScalarView) -> Bool {
        guard let first = cluster.first else { return false }
        // Controls count only when they are white space (tab, line ends, NEL): NUL and the like
        // choose a font as other characters do, so their width never depends on the text around
        // them (Pango gives them no font of their own either way; they draw nothing).
        if first.isASCII { return (0x09...0x0D).contains(first.value) || first.value == 0x20 }
        guard UnicodeTraits.mayBeSpaceOrFormat(first) else { return cluster.allSatisfy(isIgnorable) }
        switch first.properties.generalCategory {
        case .control: return first.value == 0x85
        case .surrogate, .lineSeparator, .paragraphSeparator: return true
        case .format: if !(0x600...0x6FF).contains(first.value) && first.value != 0x70F && first.value != 0x8E2 { return true }
        case .spaceSeparator: if first.value != 0x1680 { return true }
        default: if (0xFE00...0xFE0F).contains(first.value) || (0xE0100...0xE01EF).contains(first.value) { return true }
        }
        return cluster.allSatisfy(isIgnorable)
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

    private static func face(for cluster: Substring.UnicodeScalarView, emoji: Bool, in set: FontSet, order: [Int]?,
                             uncovered: ((Unicode.Scalar) -> Void)?) -> Int {
        guard let base = cluster.first(where: { !isIgnorable($0) }) else { return 0 }
        /// Whether the font covers every scalar of the cluster and, when it is loaded on
        /// demand, its face loads (it is loaded here, when a cluster first needs it).
        func coversAll(_ index: Int) -> Bool {
            let font = set.font(index)
            // The base first: most faces tried lack it, and asking needs no Unicode property.
            return font.covers(base) && cluster.allSatisfy { $0 == base || font.covers($0) || isIgnorable($0) }
                && font.face != nil
        }
        if set.memberCount == 1, set.fallback == nil, uncovered == nil { return 0 }
        if emoji, let index = set.colorFaceIndices.first(where: coversAll) { return index }
        if let index = order?.first(where: coversAll) ?? set.members.indices.first(where: coversAll) { return index }

        // System fallback: the font found for the cluster's first scalar.
        if let index = set.fallbackIndex(for: base) {
            let font = set.font(index)
            if let uncovered {
                for scalar in cluster where !isIgnorable(scalar) && !font.covers(scalar) { uncovered(scalar) }
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
        UnicodeTraits.isDefaultIgnorable(scalar)
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
            default: if position == 0, UnicodeTraits.isEmojiPresentation(scalar) { prefers = true }
            }
        }
        return prefers
    }
}
