internal import ICULineBreaks

/// Text shaped once, ready to be laid out at any width.
///
/// `FontStack.prepare(_:)` splits the text at its line-break opportunities and shapes each
/// segment once (with fallback, through the width cache). `layout(width:)` is then arithmetic
/// over the segment widths, so laying the same text out at many widths (column resizing, row
/// heights) costs little. Only a line whose summed width ends within 0.05 em below or 0.03 em
/// above the limit is shaped whole, and that width decides, so kerning across segments does not
/// make a line wider than the limit (see the "Wrapping text" article for the measured margins).
public struct PreparedText: Sendable {
    /// The text as given.
    public let text: String
    /// The fonts it is measured with.
    public let stack: FontStack
    /// The segments between consecutive break opportunities, in order.
    let segments: [Segment]
    /// The distance between tab stops, in points.
    let tabInterval: Double
    /// The direction every part of the text is measured with, so each part's bidi runs are
    /// resolved in the paragraph's direction: see `TextDirection.paragraph(of:)`.
    let direction: TextDirection
    let cache: WidthCache?

    /// The text between two break opportunities: content, then hanging whitespace, then (for a
    /// hard break) the line-ending characters. Offsets are in UTF-8 bytes.
    struct Segment: Sendable {
        var start: Int
        /// Where the hanging whitespace starts.
        var contentEnd: Int
        /// Where the hard-break characters start (`end` for a soft break).
        var breakStart: Int
        var end: Int
        var isHard: Bool
        /// The content ends with a soft hyphen (U+00AD) and no whitespace follows it: a line
        /// ending here shows a hyphen.
        var isSoftHyphen: Bool
        /// The content holds a tab, whose width depends on where the segment starts; the widths
        /// below are then unused.
        var hasTab: Bool
        /// How much narrower its content is at the end of a line it does not otherwise fit, in
        /// points: it ends with a fullwidth closing bracket, whose blank half Chromium trims there
        /// when the bracket ends the line (see `LineFiller`). A `Float` in the padding after the
        /// flags: the segment stays as large as it was (a layout reads every one).
        var endTrim: Float = 0
        /// Width of the content, and of content plus hanging whitespace, in points.
        var contentWidth: Double
        var advance: Double
        var faces: FaceIndexSet
        /// The face of the segment's last cluster: the context of the next segment's leading
        /// spaces, which keep the face of the text before them on a line.
        var lastFace: Int
        /// The widths above depend on that context: the segment starts with a space and follows
        /// text in a fallback face, or with a fullwidth opening mark that the mark before it
        /// trims (see `FullwidthPunctuation`). At a line's start it is measured again alone.
        var dependsOnContext: Bool
        /// The first cluster of the next segment on the same hard line, when the segment ends
        /// with spaces that it may take to its face (see `Itemizer.runs`): the advance above is
        /// measured with it, as it is in the whole line (the content width never depends on it).
        var following: Itemizer.Following?
        /// For a long segment one face shapes: the widths of its clusters, which gave the widths
        /// above and break it between graphemes without shaping it again.
        var clusters: ClusterWidths?
    }

    /// The widths of segment `index` from UTF-8 offset `start` (its start, or where its rest
    /// starts after a break inside it) set at pen position `pen`, after text on the same line
    /// or at the line's start: the widths `prepare` measured where they hold, else measured
    /// here, in the context of the text before it on the line (a line starts without context,
    /// as a renderer drawing it alone would shape it).
    func widths(ofSegment index: Int, from start: Int, at pen: Double, afterText: Bool) -> Measured {
        // The segment's fields are read in place: a copy of it would retain its references.
        if start == segments[index].start, !segments[index].hasTab, afterText || !segments[index].dependsOnContext {
            return (segments[index].contentWidth, segments[index].advance, segments[index].faces)
        }
        return span(start..<segments[index].breakStart, from: pen, previous: afterText ? context(beforeSegment: index) : nil,
                    following: segments[index].following, cache: cache)
    }

    /// The face of the text just before segment `index` on the same line (nil for the first
    /// segment), as itemizing the line whole would have it: the last face of the segment before.
    func context(beforeSegment index: Int) -> Int? { index > 0 ? segments[index - 1].lastFace : nil }

    /// The width of the widest segment that no break opportunity divides (with its hyphen when
    /// it ends at a soft hyphen), or `maxContentWidth` if that is less: the narrowest the text can
    /// be laid out without breaking inside a word.
    ///
    /// - Complexity: O(length).
    public var minContentWidth: Double {
        var widest = 0.0
        for index in segments.indices {
            let segment = segments[index]
            let width = segment.hasTab || segment.dependsOnContext
                ? span(segment.start..<segment.contentEnd, from: 0, previous: nil, cache: cache).content
                : segment.contentWidth
            widest = max(widest, width + (segment.isSoftHyphen ? hyphenWidth : 0))
        }
        return segments.contains(where: \.isSoftHyphen) ? min(widest, maxContentWidth) : widest
    }

    /// The width of the widest hard line (the text between hard breaks) laid on one line: any
    /// width at least this keeps every hard line on one line. It is the larger of the line
    /// shaped whole (through the cache) and the sum of its segments that layout adds up.
    ///
    /// - Complexity: O(length).
    public var maxContentWidth: Double {
        var widest = 0.0
        var first = 0, pen = 0.0
        for index in segments.indices {
            let segment = segments[index]
            let piece = widths(ofSegment: index, from: segment.start, at: pen, afterText: true)
            let end = pen + piece.content
            pen += piece.advance
            guard segment.isHard || index == segments.count - 1 else { continue }
            let exact = index == first && !segment.hasTab ? end
                : span(segments[first].start..<segment.contentEnd, from: 0, previous: nil, cache: cache).content
            widest = max(widest, exact, end)
            first = index + 1
            pen = 0
        }
        return widest
    }
}

extension FontStack {
    /// Splits `text` at its line-break opportunities (UAX #14 under the stack's `lineBreaks`
    /// rules, see `LineBreaker`) and measures
    /// each segment once, ready for `layout(width:)` at any width: from the face's advances and
    /// kerning where the simple-text path applies (see `ShapingMode`), else shaped through `cache`.
    ///
    /// Tabs advance to the next multiple of `tabInterval` points from the line's start (default:
    /// the width of eight spaces of the primary font). The interval is a length, clamped to
    /// `0...maximumLength` (NaN as 0); at 0 a tab takes no room.
    ///
    /// Segments and lines are measured with `direction`, resolved for the whole text (see
    /// `TextDirection.auto`): the paragraph direction to draw each line with through
    /// `glyphRuns(of:direction:)`.
    ///
    /// - Complexity: O(length).
    public func prepare(_ text: String, direction: TextDirection = .auto, tabInterval: Double? = nil,
                        cache: WidthCache? = .shared) -> PreparedText {
        var segments: [PreparedText.Segment] = []
        var bytes = text
        let direction = bytes.withUTF8 { direction.paragraph(of: $0) }
        bytes.withUTF8 { utf8 in
            // A break inside a grapheme cluster (UAX #14 allows one before a combining mark
            // that follows a space) is not taken: clusters are never split across lines.
            let breaks = LineBreakIterator.opportunities(in: utf8, tailoring: lineBreaks.tailoring).filter {
                $0.isHard || $0.offset == utf8.count || !Self.continuesCluster(utf8, at: $0.offset)
            }
            segments.reserveCapacity(breaks.count)
            var start = 0
            var previous: Int?
            // Whether the first cluster of a segment may take the spaces before it to its face.
            let spacesMayMove = fontSet.memberCount > 1 || fontSet.fallback != nil
            for (position, opportunity) in breaks.enumerated() {
                let (end, isHard) = (opportunity.offset, opportunity.isHard)
                let breakStart = isHard ? HardBreak.start(in: utf8, before: end, after: start) : end
                let piece = UnsafeBufferPointer(rebasing: utf8[start..<breakStart])
                let contentEnd = start + HangingWhitespace.start(in: piece)
                let hasTab = piece.contains(0x09)
                // A soft hyphen shows only where a line breaks at it: not at a hard break or the end.
                let isSoftHyphen = !isHard && end < utf8.count && contentEnd == breakStart && contentEnd - start >= 2
                    && utf8[contentEnd - 2] == 0xC2 && utf8[contentEnd - 1] == 0xAD
                var segment = PreparedText.Segment(
                    start: start, contentEnd: contentEnd, breakStart: breakStart, end: end, isHard: isHard,
                    isSoftHyphen: isSoftHyphen, hasTab: hasTab, contentWidth: 0, advance: 0, faces: FaceIndexSet(0),
                    lastFace: previous ?? 0, dependsOnContext: false, following: nil, clusters: nil)
                if spacesMayMove, !isHard, contentEnd < breakStart, position + 1 < breaks.count,
                   !spacesStay(after: contentEnd, in: utf8, direction: direction) {
                    let next = UnsafeBufferPointer(rebasing: utf8[end..<breaks[position + 1].offset])
                    segment.following = Itemizer.lead(of: Substring(String(decoding: next, as: UTF8.self)), in: fontSet)
                }
                if !hasTab, breakStart > start {
                    let text = String(decoding: piece, as: UTF8.self)
                    segment.dependsOnContext = previous != nil && Itemizer.startsWithSpace(text)
                    if !segment.dependsOnContext, segment.following == nil, piece.count >= ClusterWidths.preparedLength {
                        segment.clusters = ClusterWidths(piece, boundaries: Self.graphemeBoundaries(of: text, from: start),
                                                         in: fontSet, direction: direction)
                    }
                    let measured = segment.clusters.flatMap { $0.measured(contentEnd: contentEnd) }
                        ?? measurePiece(text, previous: segment.dependsOnContext ? previous : nil, following: segment.following,
                                        direction: direction, cache: cache)
                    segment.advance = points(measured.units)
                    segment.contentWidth = points(measured.units - measured.hangingUnits)
                    segment.faces = measured.faces
                    segment.lastFace = measured.lastFace
                    // Fullwidth punctuation Chromium trims (a lead byte of U+2018…U+FF60 first):
                    // an opening mark after another mark mid-line (so measured alone at a line's
                    // start), a closing bracket at a line's end.
                    if previous != nil, !segment.dependsOnContext, Self.mayBeMark(utf8[start]) {
                        let trim = points(Shaper.trimmedStart(utf8, at: start, in: fontSet))
                        if trim > 0 {
                            (segment.contentWidth, segment.advance) = (segment.contentWidth - trim, segment.advance - trim)
                            segment.dependsOnContext = true
                        }
                    }
                    if contentEnd - start >= 3, Self.mayBeMark(utf8[contentEnd - 3]) {
                        segment.endTrim = Float(points(Shaper.trimmedEnd(utf8, before: contentEnd, in: fontSet)))
                    }
                }
                previous = isHard ? nil : segment.lastFace  // each hard line starts a line: no context
                segments.append(segment)
                start = end
            }
        }
        return PreparedText(text: text, stack: self, segments: segments,
                            tabInterval: (tabInterval ?? defaultTabInterval(for: text, cache)).clampedLength,
                            direction: direction, cache: cache)
    }

    /// Whether the hanging spaces from `contentEnd` keep the face of the text before them
    /// whatever follows them, in the segment alone and at the end of any line: the text is all at
    /// bidi level 0 (`direction` resolved to `.auto`) and an ASCII letter that the primary face
    /// shapes ends the content. That letter is then in the spaces' item (one script, level 0)
    /// and has the best rank (face 0, no fontset of another order for Latin), so no following
    /// cluster can take them (see `Itemizer.runs`): the segment's width does not depend on it,
    /// and it is neither looked for nor made part of the width cache's key. O(1).
    private func spacesStay(after contentEnd: Int, in utf8: UnsafeBufferPointer<UInt8>, direction: TextDirection) -> Bool {
        // The letter's byte before it ASCII too: the letter is a cluster of its own (no prepended mark).
        guard direction == .auto, contentEnd > 0, contentEnd == 1 || utf8[contentEnd - 2] < 0x80 else { return false }
        let last = utf8[contentEnd - 1]
        guard (0x41...0x5A).contains(last) || (0x61...0x7A).contains(last) else { return false }
        return Itemizer.isSingleRun(UnsafeBufferPointer(rebasing: utf8[(contentEnd - 1)..<contentEnd]), in: fontSet)
    }

    /// Whether `lead` may start a fullwidth mark Chromium trims (U+2018…U+301F, U+FF08…U+FF60). O(1).
    @inline(__always)
    private static func mayBeMark(_ lead: UInt8) -> Bool { lead == 0xE2 || lead == 0xE3 || lead == 0xEF }

    /// Whether the scalar at `offset` extends the grapheme cluster before it: a combining mark,
    /// ZWJ, variation selector or emoji modifier (Grapheme_Cluster_Break Extend, SpacingMark, ZWJ).
    private static func continuesCluster(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard utf8[offset] >= 0x80 else { return false }
        var decoder = UTF8()
        var bytes = utf8[offset...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.value == 0x200D || scalar.properties.isEmojiModifier
                || (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
        }
    }

    /// The UTF-8 offsets of the grapheme cluster boundaries of `text`, which starts at offset
    /// `start`: both ends included. O(length).
    static func graphemeBoundaries(of text: some StringProtocol, from start: Int) -> [Int] {
        var offsets = [start]
        var offset = start
        for character in text {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }

    /// Eight spaces of the primary font, for a text that holds a tab; 0 (unused) for one that
    /// does not, which then costs no lookup of the space's width.
    package func defaultTabInterval(for text: String, _ cache: WidthCache?) -> Double {
        text.utf8.contains(9) ? 8 * width(of: " ", cache: cache) : 0
    }
}

/// The characters that end a line by themselves (UAX #14 classes BK, CR, LF, NL).
enum HardBreak {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// The hard lines of `text`: the stretches between hard breaks (CR LF is one break), one
    /// line when it has none, and an empty last line after a final break. O(length).
    static func lines(of text: String) -> [Substring] {
        guard containsOne(text) else { return [text[...]] }
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard contains(scalar) else {
                index = scalars.index(after: index)
                continue
            }
            lines.append(text[start..<index])
            index = scalars.index(after: index)
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        lines.append(text[start...])
        return lines
    }

    /// Whether `text` has a hard break: LF, VT, FF or CR, or NEL, LS or PS (C2 85, E2 80 A8/A9
    /// in UTF-8). O(length), read in place, no allocation.
    @inline(__always)
    static func containsOne(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(containsOne) ?? Array(text.utf8).withUnsafeBufferPointer(containsOne)
    }

    static func containsOne(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < utf8.count {
            switch utf8[index] {
            case 0x0A...0x0D: return true
            case 0xC2 where index + 1 < utf8.count && utf8[index + 1] == 0x85: return true
            case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && utf8[index + 2] | 1 == 0xA9: return true
            default: index += 1
            }
        }
        return false
    }

    /// Where the hard-break characters at the end of `utf8[start..<end]` start (CR LF is two).
    static func start(in utf8: UnsafeBufferPointer<UInt8>, before end: Int, after start: Int) -> Int {
        var index = end
        while index > start {
            let length = LineBreakIterator.hardBreakLength(utf8, before: index)
            guard length > 0, index - length >= start else { break }
            index -= length
        }
        return index
    }
}
