extension PreparedText {
    /// The text broken into lines no wider than `width` points (greedy fill).
    ///
    /// Each line takes segments while they fit. Whitespace at a line's end hangs: it never
    /// causes a break and never counts toward the width. A hard break always ends the line. A
    /// segment wider than a line by itself breaks between grapheme clusters (as CSS
    /// `overflow-wrap: anywhere`); a line holding one grapheme may be wider than `width`. A text
    /// that ends with a hard break ends with an empty line.
    ///
    /// With `maxLines` above zero and more lines needed, the last line allowed shows the text cut
    /// per `truncation` with `ellipsis` (see `Truncation`); hidden lines holding only whitespace
    /// are dropped without an ellipsis. A width that is negative or NaN counts as zero; a line
    /// at most 1e-9 pt wider than `width` (floating-point rounding) counts as fitting.
    ///
    /// - Complexity: O(segments) arithmetic, plus shaping a line whole when its summed width ends
    ///   within 0.05 em below (0.03 em above) `width`, and shaping prefixes when a segment must
    ///   break between graphemes: O(line × log line) for each line of it, so a word many lines
    ///   long costs time linear in its length. A last line cut by `maxLines` adds O(length) to
    ///   find its clusters and O(kept × log kept) shaping.
    public func layout(width: Double, maxLines: Int = 0, truncation: Truncation = .end, ellipsis: String = "…",
                       lineHeight: LineHeight = .font) -> TextLayout {
        let limit = Self.limit(width)
        let fill = fill(width: limit, maxLines: maxLines)
        var lines = fill.boxes.map { line($0, lineHeight) }
        if fill.hidden == .blank, let last = lines.last {  // the dropped blank lines belong to the last
            lines[lines.count - 1] = TextLine(
                range: last.range.lowerBound..<text.endIndex, displayed: last.displayed, suffix: last.suffix, width: last.width,
                height: last.height, baseline: last.baseline, isHyphenated: last.isHyphenated, isTruncated: false)
        }
        if fill.hidden == .visible, let last = fill.boxes.last {
            let cut = truncatedLine(from: last.start, width: limit, truncation: truncation, ellipsis: ellipsis)
            let (height, baseline) = metrics(of: last.faces, lineHeight)  // the height of the line it replaces
            lines[lines.count - 1] = TextLine(
                range: index(last.start)..<text.endIndex, displayed: Substring(cut.text), suffix: "", width: cut.width,
                height: height, baseline: baseline, isHyphenated: false, isTruncated: true)
        }
        return TextLayout(lines: lines, maxWidth: width >= 0 ? width : 0)
    }

    /// The line `box` stands for.
    fileprivate func line(_ box: LineBox, _ lineHeight: LineHeight) -> TextLine {
        let (height, baseline) = metrics(of: box.faces, lineHeight)
        return TextLine(range: index(box.start)..<index(box.end), displayed: text[index(box.start)..<index(box.contentEnd)],
                        suffix: box.isHyphenated ? hyphen : "", width: box.width,
                        height: height, baseline: baseline, isHyphenated: box.isHyphenated, isTruncated: false)
    }

    /// `height(atWidth:)` with the lines of `layout(width:)` kept in a few bytes each, from the
    /// same fill, for `FontStack.lines(of:kept:)` to give back without preparing the text again
    /// (a table measures a row, then draws it). The lines are nil when one uses a font past the
    /// 32nd of the stack or the text is 2 GiB or longer.
    package func keptLines(atWidth width: Double) -> (height: Double, lines: [KeptLine]?) {
        let boxes = fill(width: Self.limit(width), maxLines: 0).boxes
        let height = height(of: boxes, .font)
        guard text.utf8.count < 1 << 31 else { return (height, nil) }
        var lines: [KeptLine] = []
        lines.reserveCapacity(boxes.count)
        for box in boxes {
            guard let faces = box.faces.compact else { return (height, nil) }
            lines.append(KeptLine(width: box.width, end: UInt32(box.end), contentEnd: UInt32(box.contentEnd),
                                  faces: faces, isHyphenated: box.isHyphenated))
        }
        return (height, lines)
    }

    /// How many lines the text takes at `width` (as `layout(width:).lineCount`, without building
    /// the lines' strings).
    ///
    /// - Complexity: the line fill of `layout(width:…)`, without building the lines' strings or
    ///   cutting a last line.
    public func lineCount(atWidth width: Double, maxLines: Int = 0) -> Int {
        fill(width: Self.limit(width), maxLines: maxLines).boxes.count
    }

    /// The height of the text laid out at `width` (as `layout(width:…).height`, without building
    /// the lines' strings).
    ///
    /// - Complexity: the line fill of `layout(width:…)`, without building the lines' strings or
    ///   cutting a last line.
    public func height(atWidth width: Double, maxLines: Int = 0, lineHeight: LineHeight = .font) -> Double {
        height(of: fill(width: Self.limit(width), maxLines: maxLines).boxes, lineHeight)
    }

    /// The lines' heights added up.
    private func height(of boxes: [LineBox], _ lineHeight: LineHeight) -> Double {
        boxes.reduce(0) { $0 + metrics(of: $1.faces, lineHeight).height }
    }

    /// The width lines are filled to. A width computed by adding and subtracting lengths (a
    /// cell's insets and spacing) can land an ulp below the text's width it stands for, so a line
    /// up to 1e-9 pt wider than `width` still fits.
    static func limit(_ width: Double) -> Double { (width >= 0 ? width : 0) + 1e-9 }

    /// A line found by the greedy fill: UTF-8 offsets of its range and of its displayed end.
    struct LineBox {
        var start: Int
        var end: Int
        var contentEnd: Int
        var width: Double
        var faces: FaceIndexSet
        var isHyphenated: Bool
    }

    /// What a fill stopped by `maxLines` left out.
    enum Hidden { case nothing, blank, visible }

    /// Greedy fill at `limit`; stops after `maxLines` lines (when above zero) and says what was
    /// left over.
    func fill(width limit: Double, maxLines: Int) -> (boxes: [LineBox], hidden: Hidden) {
        // A line whose summed width ends this close to the limit is shaped whole. Below the limit
        // the band guards against kerning or context across segments making the line wider than
        // the sum; above it, it lets a line whose whole shaping is narrower keep the segment.
        // Measured on the 48 paragraphs × 92 widths of the Pango comparison (35,253 lines), the
        // whole line was never wider than the sum and at most 0.08 em narrower.
        let below = 0.05 * stack.size, above = 0.03 * stack.size
        let lineLimit = maxLines > 0 ? maxLines : .max
        var boxes: [LineBox] = []
        var line = LineBox(start: 0, end: 0, contentEnd: 0, width: 0, faces: FaceIndexSet(), isHyphenated: false)
        var pen = 0.0, placed = 0
        var index = 0
        // A segment wider than a line is broken between graphemes: its cluster boundaries are
        // found once, and `resume` is the boundary (an index into them) where its rest starts.
        // `clusterWidth`, its mean cluster width, guesses how many clusters fill a line; `clusters`
        // gives the width of most candidate lines without shaping them.
        var boundaries: [Int] = []
        var clusterWidth = 0.0
        var clusters: ClusterWidths?
        var resume: Int?
        /// How many clusters of mean width fill a line (a Double, so a zero width or a huge limit cannot trap).
        var lineGuess: Int { Int(min(limit / clusterWidth, Double(boundaries.count))) }

        func finish(at end: Int) {
            line.end = end
            if line.faces.isEmpty { line.faces.insert(0) }
            boxes.append(line)
            line = LineBox(start: end, end: end, contentEnd: end, width: 0, faces: FaceIndexSet(), isHyphenated: false)
            pen = 0
            placed = 0
        }

        /// Ends the line after the first `split.count` clusters from `resume` (or the segment's start).
        func breakLine(at split: (count: Int, width: Double, faces: FaceIndexSet)) {
            let first = resume ?? 0
            let end = boundaries[first + split.count]
            line.contentEnd = hangingWhitespaceStart(in: boundaries[first]..<end)
            line.width = split.width
            line.faces.formUnion(split.faces)
            finish(at: end)
            resume = first + split.count
        }

        while index < segments.count {
            if boxes.count == lineLimit { return (boxes, hasVisibleText(after: line.start) ? .visible : .blank) }
            let segment = segments[index]
            let from = resume.map { boundaries[$0] } ?? segment.start
            let suffix = segment.isSoftHyphen ? self.hyphen : ""
            // The rest of a broken segment takes its own line: find how much of it fits before
            // measuring it whole, so each line costs its own length, not the rest's.
            if let first = resume,
               let split = graphemePrefix(boundaries, from: first, widths: clusters, fitting: limit, suffix: suffix, guess: lineGuess) {
                breakLine(at: split)
                continue
            }
            // Text on a line is measured in the context of the text before it on the line; a line
            // starts without context, as a renderer drawing it alone would shape it.
            let piece = resume != nil ? span(from..<segment.breakStart, from: 0, previous: nil, following: segment.following)
                : segment.hasTab ? span(from..<segment.breakStart, from: pen, previous: placed > 0 ? context(beforeSegment: index) : nil,
                                        following: segment.following)
                : placed == 0 ? widthsAlone(index)
                : (content: segment.contentWidth, advance: segment.advance, faces: segment.faces)
            var hyphenated = segment.isSoftHyphen
            var end = pen + piece.content + (hyphenated ? hyphenWidth : 0)
            var fits = end <= limit
            // A soft hyphen that does not fit with its hyphen still fits where the line goes on:
            // when the next segment fits after it, no line breaks here and no hyphen shows.
            if !fits, hyphenated, pen + piece.content <= limit, index + 1 < segments.count, !segments[index + 1].hasTab,
               pen + piece.advance + segments[index + 1].contentWidth <= limit {
                end = pen + piece.content
                fits = true
                hyphenated = false
            }
            if placed > 0, end > limit - below, end <= limit + above {
                end = span(line.start..<segment.contentEnd, from: 0, suffix: hyphenated ? self.hyphen : "",
                           previous: nil, cache: cache).content
                fits = end <= limit
            }
            if !fits, placed > 0 {
                finish(at: from)
                continue
            }
            if !fits, resume == nil {
                if let widths = segment.clusters, let end = widths.boundaries.lastIndex(of: segment.contentEnd) {
                    boundaries = Array(widths.boundaries[...end])
                    clusters = widths
                } else {
                    boundaries = graphemeBoundaries(in: segment.start..<segment.contentEnd)
                    clusters = clusterWidths(boundaries)
                }
                clusterWidth = piece.content / Double(max(1, boundaries.count - 1))
                if let split = graphemePrefix(boundaries, from: 0, widths: clusters, fitting: limit, suffix: suffix, guess: lineGuess) {
                    breakLine(at: split)
                    continue
                }
            }
            pen += piece.advance
            placed += 1
            line.contentEnd = segment.contentEnd
            line.width = end
            line.isHyphenated = hyphenated
            if segment.contentEnd > from { line.faces.formUnion(piece.faces) }
            index += 1
            resume = nil
            if segment.isHard {
                line.contentEnd = segment.contentEnd
                finish(at: segment.end)
            }
        }
        if placed > 0 {
            finish(at: segments.last?.end ?? 0)
        } else if boxes.isEmpty || segments.last?.isHard == true {
            if boxes.count == lineLimit { return (boxes, .blank) }
            finish(at: line.start)
        }
        return (boxes, .nothing)
    }

    /// The longest run of whole grapheme clusters from boundary `first` (at least one, and any
    /// invisible clusters after them that still fit) whose exact width fits `limit`, `suffix`
    /// counted when the run reaches the last boundary: its cluster count, width and faces; nil
    /// when all of them fit. Measures the candidate runs `largestFitting` asks for from `guess`
    /// clusters on, each from `widths` where it can, else shaped: the cost follows the run's
    /// length, not the number of boundaries (two shapings of about a run when the guess is right
    /// and `widths` cannot help, O(run × log run) at worst).
    private func graphemePrefix(_ boundaries: [Int], from first: Int, widths: ClusterWidths?, fitting limit: Double,
                                suffix: String, guess: Int) -> (count: Int, width: Double, faces: FaceIndexSet)? {
        let total = boundaries.count - 1 - first
        guard total > 0 else { return nil }
        func prefix(_ count: Int) -> Measured {
            let last = first + count
            if last < boundaries.count - 1 || suffix.isEmpty, let units = widths?.units(from: first, to: last) {
                let width = stack.points(Double(units))
                return (width, width, units > 0 ? FaceIndexSet(0) : FaceIndexSet())
            }
            return span(boundaries[first]..<boundaries[last], from: 0, suffix: last == boundaries.count - 1 ? suffix : "", previous: nil)
        }
        var fitting: Measured?
        var count = Self.largestFitting(above: 1, upTo: total, guess: guess) { count in
            let candidate = prefix(count)
            if candidate.content <= limit { fitting = candidate }
            return candidate.content <= limit
        }
        var best = fitting ?? prefix(1)  // a line takes one cluster, fitting or not
        // Invisible clusters (a soft hyphen, a joiner) stay with the one before them when they fit.
        while count < total,
              slice(boundaries[first + count]..<boundaries[first + count + 1]).unicodeScalars
                .allSatisfy(\.properties.isDefaultIgnorableCodePoint) {
            let longer = prefix(count + 1)
            guard longer.content <= max(limit, best.content) else { break }
            count += 1
            best = longer
        }
        return count == total ? nil : (count, best.content, best.faces)
    }

    /// The widths of the clusters between `boundaries` (a segment's content) from one shaping,
    /// when one face shapes it all (see `ClusterWidths`).
    private func clusterWidths(_ boundaries: [Int]) -> ClusterWidths? {
        var bytes = text
        return bytes.withUTF8 {
            ClusterWidths(UnsafeBufferPointer(rebasing: $0[boundaries[0]..<boundaries[boundaries.count - 1]]),
                          boundaries: boundaries, in: stack.fontSet, direction: direction)
        }
    }

    /// The largest count in `lower...upper` that `fits`, for a `fits` that holds up to some
    /// count and not after it; `lower` itself is never asked. Starts at `guess` (else just above
    /// `lower`) and doubles its step away from it until the answer is bracketed, then bisects:
    /// O(log |answer − guess|) calls, so a good guess costs two, however large `upper` is.
    static func largestFitting(above lower: Int, upTo upper: Int, guess: Int? = nil, _ fits: (Int) -> Bool) -> Int {
        var low = lower, high = upper  // the answer is in low...high
        var step = 1
        if let guess, low < high, guess > low + 1 {  // down from a guess that does not fit
            let first = min(guess, high)
            if fits(first) {
                low = first
            } else {
                high = first - 1
                while low < high {
                    let probe = max(high - step + 1, low + 1)
                    if fits(probe) {
                        low = probe
                        break
                    }
                    high = probe - 1
                    step *= 2
                }
                step = 1
            }
        }
        while low < high {  // up from `low`
            let probe = min(low + step, high)
            guard fits(probe) else {
                high = probe - 1
                break
            }
            low = probe
            step *= 2
        }
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The UTF-8 offsets of the grapheme cluster boundaries in `range`, both ends included.
    func graphemeBoundaries(in range: Range<Int>) -> [Int] {
        FontStack.graphemeBoundaries(of: text[index(range.lowerBound)..<index(range.upperBound)], from: range.lowerBound)
    }

    /// Whether anything but whitespace and line breaks follows `offset`.
    private func hasVisibleText(after offset: Int) -> Bool {
        text.unicodeScalars[index(offset)...].contains {
            !(HangingWhitespace.contains($0) || $0 == "\t" || HardBreak.contains($0))
        }
    }

    /// Where the whitespace hanging at the end of `text[range]` starts.
    func hangingWhitespaceStart(in range: Range<Int>) -> Int {
        var bytes = text
        return bytes.withUTF8 { range.lowerBound + HangingWhitespace.start(in: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The `String.Index` of a UTF-8 offset.
    func index(_ offset: Int) -> String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }

    /// `text[range]` as a string.
    func slice(_ range: Range<Int>) -> String { String(text[index(range.lowerBound)..<index(range.upperBound)]) }

    /// The exact width of `text[range]` then `suffix`, set from pen position `x`: see
    /// `measure(line:from:)`.
    func span(_ range: Range<Int>, from x: Double, suffix: String = "", previous: Int?, following: Itemizer.Following? = nil,
              cache: WidthCache? = nil) -> Measured {
        measure(line: slice(range) + suffix, from: x, previous: previous, following: following, cache: cache)
    }

    /// Where a tab at pen position `pen` takes the pen: the next multiple of `interval` (past
    /// what a Double counts in intervals, the pen itself); at an interval of 0, nowhere.
    package static func tabStop(after pen: Double, interval: Double) -> Double {
        guard interval > 0 else { return pen }
        let stops = (pen / interval).rounded(.down) + 1
        return stops.isFinite ? max(pen, stops * interval) : pen
    }

    /// A width measured from a pen position, and the faces used.
    typealias Measured = (content: Double, advance: Double, faces: FaceIndexSet)

    /// The exact width of `line` set from pen position `x`, after text whose last face was
    /// `previous`, before the cluster `following`: the stretches between tabs each shaped whole,
    /// each tab advancing to the next tab stop. `content` excludes whitespace hanging at the end;
    /// `advance` includes it; both are measured from `x`.
    func measure(line: String, from x: Double, previous: Int?, following: Itemizer.Following? = nil,
                 cache: WidthCache? = nil) -> Measured {
        var pen = x, hanging = 0.0
        var faces = FaceIndexSet()
        var previous = previous
        let pieces = line.utf8.split(separator: 0x09, omittingEmptySubsequences: false)
        for (position, piece) in pieces.enumerated() {
            if position > 0 { pen = Self.tabStop(after: pen, interval: tabInterval) }
            hanging = 0
            guard !piece.isEmpty else { continue }
            let measured = stack.measure(String(Substring(piece)), previous: previous,
                                         following: position == pieces.count - 1 ? following : nil, direction: direction, cache: cache)
            previous = measured.lastFace
            pen += stack.points(measured.units)
            hanging = stack.points(measured.hangingUnits)
            if measured.units > measured.hangingUnits { faces.formUnion(measured.faces) }
        }
        return (pen - hanging - x, pen - x, faces)
    }

    /// The hyphen a line ending at a soft hyphen shows: U+2010 when a font of the stack has it,
    /// else "-".
    var hyphen: String {
        stack.fontSet.members.contains { $0.covers("\u{2010}") } ? "\u{2010}" : "-"
    }

    var hyphenWidth: Double { stack.width(of: hyphen, cache: cache) }

    /// Height and baseline of a line whose text uses `faces`.
    func metrics(of faces: FaceIndexSet, _ lineHeight: LineHeight) -> (height: Double, baseline: Double) {
        var ascent = 0.0, descent = 0.0, gap = 0.0
        faces.forEach { index in
            let metrics = stack.fontSet.face(index).unscaledMetrics.scaled(to: stack.size)
            ascent = max(ascent, metrics.ascender)
            descent = max(descent, -metrics.descender)
            gap = max(gap, metrics.lineGap)
        }
        let natural = ascent + descent + gap
        let height = switch lineHeight {
        case .font: natural.clampedLength
        case .multiple(let factor): (natural * factor).clampedLength
        case .points(let points): points.clampedLength
        }
        return (height, (height - ascent - descent) / 2 + ascent)
    }
}

/// A line of a layout in a few bytes (24): see `PreparedText.keptLines(atWidth:)`.
package struct KeptLine: Sendable, Hashable {
    let width: Double
    /// UTF-8 offsets of the end of its range and of its displayed text.
    let end: UInt32
    let contentEnd: UInt32
    /// The faces it uses, a bit each.
    let faces: UInt32
    let isHyphenated: Bool
}

extension FontStack {
    /// The lines of `text` that `prepare(text).keptLines(atWidth:)` kept: its
    /// `layout(width:)` lines at that width, the same values, without preparing the text
    /// again; nil when `kept` does not end at the end of `text` (lines of another text). O(lines).
    package func lines(of text: String, kept: ArraySlice<KeptLine>) -> [TextLine]? {
        guard let last = kept.last, last.end == text.utf8.count else { return nil }
        let shell = PreparedText(text: text, stack: self, segments: [], tabInterval: 0, direction: .auto, cache: nil)
        var start = 0
        return kept.map { kept in
            let box = PreparedText.LineBox(start: start, end: Int(kept.end), contentEnd: Int(kept.contentEnd),
                                           width: kept.width, faces: FaceIndexSet(compact: kept.faces), isHyphenated: kept.isHyphenated)
            start = box.end
            return shell.line(box, .font)
        }
    }
}
