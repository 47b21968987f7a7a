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
        let fill = LineFiller.fill(self, width: limit, maxLines: maxLines)
        var lines = fill.lines.map { stack.textLine($0, of: text, lineHeight) }
        if fill.hidesText, let last = fill.lines.last {
            let cut = truncatedLine(from: last.start, width: limit, truncation: truncation, ellipsis: ellipsis)
            let (height, baseline) = stack.lineMetrics(of: last.faces, lineHeight)  // the height of the line it replaces
            lines[lines.count - 1] = TextLine(
                range: index(last.start)..<text.endIndex, displayed: Substring(cut.text), suffix: "", width: cut.width,
                height: height, baseline: baseline, isHyphenated: false, isTruncated: true)
        }
        return TextLayout(lines: lines, maxWidth: width >= 0 ? width : 0)
    }

    /// How many lines the text takes at `width` (as `layout(width:).lineCount`, without building
    /// the lines' strings).
    ///
    /// - Complexity: the line fill of `layout(width:…)`, without building the lines' strings or
    ///   cutting a last line.
    public func lineCount(atWidth width: Double, maxLines: Int = 0) -> Int {
        LineFiller.fill(self, width: Self.limit(width), maxLines: maxLines).lines.count
    }

    /// The height of the text laid out at `width` (as `layout(width:…).height`, without building
    /// the lines' strings).
    ///
    /// - Complexity: the line fill of `layout(width:…)`, without building the lines' strings or
    ///   cutting a last line.
    public func height(atWidth width: Double, maxLines: Int = 0, lineHeight: LineHeight = .font) -> Double {
        height(of: LineFiller.fill(self, width: Self.limit(width), maxLines: maxLines).lines, lineHeight)
    }

    /// The lines' heights added up.
    func height(of lines: [LineFiller.Line], _ lineHeight: LineHeight) -> Double {
        lines.reduce(0) { $0 + stack.lineMetrics(of: $1.faces, lineHeight).height }
    }

    /// The width lines are filled to. A width computed by adding and subtracting lengths (a
    /// cell's insets and spacing) can land an ulp below the text's width it stands for, so a line
    /// up to 1e-9 pt wider than `width` still fits.
    static func limit(_ width: Double) -> Double { (width >= 0 ? width : 0) + 1e-9 }

    /// The widths of the clusters between `boundaries` (a segment's content) from one shaping,
    /// when one face shapes it all (see `ClusterWidths`).
    func clusterWidths(_ boundaries: [Int]) -> ClusterWidths? {
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
    func hasVisibleText(after offset: Int) -> Bool {
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
            let measured = stack.measurePiece(String(Substring(piece)), previous: previous,
                                         following: position == pieces.count - 1 ? following : nil, direction: direction, cache: cache)
            previous = measured.lastFace
            pen += stack.points(measured.units)
            hanging = stack.points(measured.hangingUnits)
            if measured.units > measured.hangingUnits { faces.formUnion(measured.faces) }
        }
        return (pen - hanging - x, pen - x, faces)
    }

    var hyphenWidth: Double { stack.width(of: stack.hyphen, cache: cache) }
}

extension FontStack {
    /// The hyphen a line ending at a soft hyphen shows: U+2010 when a font of the stack has it,
    /// else "-".
    var hyphen: String {
        fontSet.members.contains { $0.covers("\u{2010}") } ? "\u{2010}" : "-"
    }

    /// Height and baseline of a line whose text uses `faces`.
    func lineMetrics(of faces: FaceIndexSet, _ lineHeight: LineHeight) -> (height: Double, baseline: Double) {
        var ascent = 0.0, descent = 0.0, gap = 0.0
        faces.forEach { index in
            let metrics = fontSet.face(index).unscaledMetrics.scaled(to: size)
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

    /// The laid-out line that filled line `line` of `text` stands for.
    func textLine(_ line: LineFiller.Line, of text: String, _ lineHeight: LineHeight) -> TextLine {
        let (height, baseline) = lineMetrics(of: line.faces, lineHeight)
        let index = { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
        return TextLine(range: index(line.start)..<index(line.end), displayed: text[index(line.start)..<index(line.contentEnd)],
                        suffix: line.isHyphenated ? hyphen : "", width: line.width,
                        height: height, baseline: baseline, isHyphenated: line.isHyphenated, isTruncated: false,
                        endTrim: line.endTrim)
    }
}
