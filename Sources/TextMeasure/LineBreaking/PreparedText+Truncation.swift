extension PreparedText {
    /// The last allowed line of a layout that needs more lines, cut per `truncation`: its text
    /// is taken from `start` to the end of the text. The head is the rest of the hard line that
    /// starts at `start`; the tail is the last hard line with visible text.
    func truncatedLine(from start: Int, width limit: Double, truncation: Truncation, ellipsis: String)
        -> (text: String, width: Double, faces: FaceIndexSet) {
        var head: Range<Int>?, tail: Range<Int>?
        var lineStart = 0
        for segment in segments where segment.isHard || segment.end == segments.last?.end {
            let lower = max(lineStart, start)
            if segment.end > start, segment.breakStart > lower {
                let line = lower..<segment.breakStart
                if head == nil { head = line }
                if slice(line).unicodeScalars.contains(where: { !HangingWhitespace.contains($0) && $0 != "\t" }) {
                    tail = line
                }
            }
            lineStart = segment.end
        }
        let headRange = head ?? start..<start
        let tailRange = tail ?? headRange
        return cut(head: headRange, tail: tailRange.lowerBound..<hangingWhitespaceStart(in: tailRange),
                   width: limit, truncation: truncation, ellipsis: ellipsis)
    }

    /// The most grapheme clusters of `head` (from its start) and of `tail` (from its end) that
    /// fit `limit` around `ellipsis`, as `truncation` places them; when `head` and `tail` are the
    /// same stretch, at least one cluster of it is left out. Whitespace next to the ellipsis is
    /// dropped ("John…", not "John …"). Searches the number of clusters kept up from none
    /// (`largestFitting`), shaping each candidate whole (through the cache, so cutting the same
    /// text to the same width again is lookups): O(length) to find the clusters, and
    /// O(kept × log kept) shaping. Just the ellipsis if nothing fits
    /// with it, and an empty line if the ellipsis alone does not fit.
    func cut(head: Range<Int>, tail: Range<Int>, width limit: Double, truncation: Truncation, ellipsis: String)
        -> (text: String, width: Double, faces: FaceIndexSet) {
        let headBounds = truncation == .start ? [head.lowerBound] : graphemeBoundaries(in: head)
        let tailBounds = truncation == .end ? [tail.upperBound] : graphemeBoundaries(in: tail)
        let available = (headBounds.count - 1) + (tailBounds.count - 1)
        let most = head == tail && truncation == .middle ? available / 2 - 1 : available
        func candidate(keeping count: Int) -> String {
            var headCount = 0, tailCount = 0
            switch truncation {
            case .end: headCount = count
            case .start: tailCount = count
            case .middle:
                headCount = min((count + 1) / 2, headBounds.count - 1)
                tailCount = min(count - headCount, tailBounds.count - 1)
                headCount = count - tailCount
            }
            let kept = slice(head.lowerBound..<headBounds[headCount]).trimmingHangingWhitespace(atEnd: true)
            let tailKept = slice(tailBounds[tailBounds.count - 1 - tailCount]..<tail.upperBound)
                .trimmingHangingWhitespace(atEnd: false)
            return kept + ellipsis + tailKept
        }
        var best: (text: String, measured: Measured)?
        // -1: not even the ellipsis fits. `best` is set at each count that fits, the last of which is the answer.
        _ = Self.largestFitting(above: -1, upTo: max(most, 0)) { count in
            let text = candidate(keeping: count)
            let measured = measure(line: text, from: 0, previous: nil, cache: cache)  // the line starts here
            if measured.content <= limit { best = (text, measured) }
            return measured.content <= limit
        }
        guard let best else { return ("", 0, FaceIndexSet(0)) }
        return (best.text, best.measured.content, best.measured.faces)
    }
}

extension FontStack {
    /// `text` laid out as one line, as a single-line label shows it: whole when it fits
    /// `width`, else the most of it that fits with `ellipsis` where `truncation` says, cut
    /// between grapheme clusters and measured whole, so the result truly fits. A hard break
    /// (LF, CR, CR LF, VT, FF, NEL, LS, PS) is no line here: it is shown and measured as one
    /// space, as a browser shows it in `white-space: nowrap` (Pango's single-paragraph mode
    /// draws a symbol for it, for editing), never as a glyph of its own. The line is as tall as
    /// the fonts the whole text uses, cut or not.
    ///
    /// - Complexity: One shaping (one cache lookup) when the text fits; O(length × log length)
    ///   shaping, through `cache`, when it is cut.
    public func singleLine(_ text: String, width: Double, truncation: Truncation = .end, ellipsis: String = "…",
                           lineHeight: LineHeight = .font, cache: WidthCache? = .shared) -> TextLayout {
        var shown = HardBreak.containsOne(text) ? HardBreak.lines(of: text).joined(separator: " ") : text
        let prepared = PreparedText(text: shown, stack: self, segments: [], tabInterval: defaultTabInterval(for: shown, cache),
                                    direction: shown.withUTF8 { TextDirection.auto.paragraph(of: $0) }, cache: cache)
        let limit = PreparedText.limit(width)
        let whole = prepared.measure(line: shown, from: 0, previous: nil, cache: cache)
        let (height, baseline) = lineMetrics(of: whole.faces.isEmpty ? FaceIndexSet(0) : whole.faces, lineHeight)
        let contentEnd = prepared.hangingWhitespaceStart(in: 0..<shown.utf8.count)
        let line: TextLine
        if whole.content <= limit {
            line = TextLine(range: text.startIndex..<text.endIndex, displayed: shown[..<prepared.index(contentEnd)], suffix: "",
                            width: whole.content, height: height, baseline: baseline, isHyphenated: false, isTruncated: false)
        } else {
            let cut = prepared.cut(head: 0..<contentEnd, tail: 0..<contentEnd, width: limit, truncation: truncation,
                                   ellipsis: ellipsis)
            line = TextLine(range: text.startIndex..<text.endIndex, displayed: Substring(cut.text), suffix: "",
                            width: cut.width, height: height, baseline: baseline, isHyphenated: false, isTruncated: true)
        }
        return TextLayout(lines: [line], maxWidth: width >= 0 ? width : 0)
    }

    /// `text` if it fits `width` on one line, else the most of it that fits with `ellipsis`
    /// where `truncation` says ("John Sm…"): the line of `singleLine(_:width:)`.
    ///
    /// - Complexity: O(length) when the text fits; O(length × log length) shaping when it is cut.
    public func truncate(_ text: String, toWidth width: Double, truncation: Truncation = .end,
                         ellipsis: String = "…", cache: WidthCache? = .shared) -> String {
        let line = singleLine(text, width: width, truncation: truncation, ellipsis: ellipsis, cache: cache).lines[0]
        return line.isTruncated ? line.text : text
    }
}

extension String {
    /// This string without the hanging whitespace at its end (or start).
    func trimmingHangingWhitespace(atEnd: Bool) -> String {
        let scalars = unicodeScalars
        if atEnd {
            guard let last = scalars.lastIndex(where: { !HangingWhitespace.contains($0) }) else { return "" }
            return String(scalars[...last])
        }
        guard let first = scalars.firstIndex(where: { !HangingWhitespace.contains($0) }) else { return "" }
        return String(scalars[first...])
    }
}
