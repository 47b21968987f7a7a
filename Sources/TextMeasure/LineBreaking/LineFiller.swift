/// The greedy fill of a prepared text at one width (see `PreparedText.layout(width:)` for the
/// rules), one step at a time: measure the next segment where the line has got to, then place
/// it, finish the line before it, or break inside it when it is wider than a line by itself.
///
/// The filler holds the state of the fill; the text it fills is an argument of each step, not a
/// stored property, so that filling does not copy (retain) the prepared text. Every step is
/// `mutating`, even the two that only read the filler: the compiler copies the filler for each
/// call of a non-mutating step from a mutating one. Both costs made a layout about 15 % slower.
struct LineFiller {
    /// A line found by the fill: UTF-8 offsets of its range and of its displayed end, its width
    /// and the faces its text uses.
    struct Line {
        var start: Int
        var end: Int
        var contentEnd: Int
        var width = 0.0
        var faces = FaceIndexSet()
        var isHyphenated = false
        /// The closing mark's trim that ends it (see `TextLine.endTrim`).
        var endTrim = 0.0

        /// An empty line starting at `offset`.
        init(at offset: Int) { (start, end, contentEnd) = (offset, offset, offset) }
    }

    /// The lines, and whether the fill stopped at `maxLines` before visible text (the last line
    /// is then to be cut). Hidden lines holding only whitespace belong to the last line.
    typealias Result = (lines: [Line], hidesText: Bool)

    /// A segment too wide for a line, being broken between grapheme clusters.
    private struct BrokenSegment {
        /// Its cluster boundaries (UTF-8 offsets), from its start to the end of its content.
        let boundaries: [Int]
        /// The widths of its clusters from one shaping, when that gives them.
        let clusters: ClusterWidths?
        /// Its mean cluster width, to guess how many clusters fill a line.
        let clusterWidth: Double
    }

    /// The next segment (or its rest) measured where the line has got to.
    private struct Candidate {
        /// Where the measured text starts: the segment's start, or where its rest starts.
        let from: Int
        let piece: PreparedText.Measured
        /// The line's width with it, and whether it ends the line with a hyphen.
        let width: Double
        let isHyphenated: Bool
        let fits: Bool
    }

    private let limit: Double
    private let maxLines: Int
    /// A line whose summed width ends this close to the limit is shaped whole. Below the limit
    /// the band guards against kerning or context across segments making the line wider than the
    /// sum; above it, it lets a line whose whole shaping is narrower keep the segment. Measured
    /// on the 48 paragraphs × 92 widths of the Pango comparison (35,253 lines), the whole line was
    /// never wider than the sum and at most 0.08 em narrower.
    private let below: Double, above: Double

    private var lines: [Line] = []
    /// The line being filled: `placed` segments (or a segment's rest), which take the pen to
    /// `pen`, their hanging whitespace included.
    private var line = Line(at: 0)
    private var pen = 0.0, placed = 0
    /// The segment to place next.
    private var next = 0
    /// The segment being broken between graphemes, and the boundary (an index into its
    /// `boundaries`) where its rest starts; nil when none is.
    private var broken = BrokenSegment(boundaries: [], clusters: nil, clusterWidth: 0)
    private var resume: Int?

    /// The lines of `text` filled to `limit`, stopping after `maxLines` lines when above zero.
    static func fill(_ text: PreparedText, width limit: Double, maxLines: Int) -> Result {
        var filler = LineFiller(limit: limit, maxLines: maxLines > 0 ? maxLines : .max,
                                below: 0.05 * text.stack.size, above: 0.03 * text.stack.size)
        return filler.fill(text)
    }

    /// Places the segments one by one, then the empty line that ends an empty text or one that
    /// ends with a hard break.
    private mutating func fill(_ text: PreparedText) -> Result {
        while next < text.segments.count {
            if lines.count == maxLines { return stop(text) }
            if let resume, breakLine(text, from: resume) { continue }
            let candidate = measureNext(text)
            if candidate.fits {
                place(text, candidate)
            } else if text.segments[next].endTrim > 0, let trimmed = endTrimmed(text, candidate) {
                line.endTrim = Double(text.segments[next].endTrim)
                place(text, trimmed)  // its closing mark ends the line (a hard break has ended it already)
                if placed > 0 { finishLine(at: text.segments[next - 1].end) }
            } else if placed > 0 {
                finishLine(at: candidate.from)
            } else if resume != nil || !startBreaking(text, candidate) {
                place(text, candidate)  // a line takes one cluster, fitting or not
            }
        }
        if placed > 0 {
            finishLine(at: text.segments.last?.end ?? 0)
        } else if lines.isEmpty || text.segments.last?.isHard == true {  // an empty last line
            if lines.count == maxLines { return stop(text) }
            finishLine(at: line.start)
        }
        return (lines, false)
    }

    /// Segment `next`, or the rest of it after a break inside it, measured after the text on
    /// the line, and the line's width with it.
    private mutating func measureNext(_ text: PreparedText) -> Candidate {
        let from = resume.map { broken.boundaries[$0] } ?? text.segments[next].start
        let piece = text.widths(ofSegment: next, from: from, at: pen, afterText: placed > 0)
        var hyphenated = text.segments[next].isSoftHyphen
        var width = pen + piece.content + (hyphenated ? text.hyphenWidth : 0)
        var fits = width <= limit
        // A soft hyphen that does not fit with its hyphen still fits where the line goes on:
        // when the next segment fits after it, no line breaks here and no hyphen shows.
        if !fits, hyphenated, pen + piece.content <= limit, next + 1 < text.segments.count, !text.segments[next + 1].hasTab,
           pen + piece.advance + text.segments[next + 1].contentWidth <= limit {
            width = pen + piece.content
            fits = true
            hyphenated = false
        }
        if placed > 0, width > limit - below, width <= limit + above {
            width = text.span(line.start..<text.segments[next].contentEnd, from: 0, suffix: hyphenated ? text.stack.hyphen : "",
                              previous: nil, cache: text.cache).content
            fits = width <= limit
        }
        return Candidate(from: from, piece: piece, width: width, isHyphenated: hyphenated, fits: fits)
    }

    /// The candidate that does not otherwise fit, with its closing mark trimmed (see
    /// `PreparedText.Segment.endTrim`), when that fits and the mark ends the line: no space
    /// follows it, or it is alone on the line (Chromium then trims it before the hanging spaces,
    /// rather than break the word). Asked once a line, out of the fill's loop.
    @inline(never)
    private mutating func endTrimmed(_ text: PreparedText, _ candidate: Candidate) -> Candidate? {
        let trim = Double(text.segments[next].endTrim)
        guard !candidate.isHyphenated, candidate.width - trim <= limit,
              placed == 0 || text.segments[next].contentEnd == text.segments[next].breakStart else { return nil }
        return Candidate(from: candidate.from, piece: candidate.piece, width: candidate.width - trim, isHyphenated: false, fits: true)
    }

    /// Puts the candidate on the line; a hard break after it finishes the line.
    private mutating func place(_ text: PreparedText, _ candidate: Candidate) {
        // The segment's fields are read in place: a copy of it would retain its references.
        let (contentEnd, isHard, end) = (text.segments[next].contentEnd, text.segments[next].isHard, text.segments[next].end)
        pen += candidate.piece.advance
        placed += 1
        line.contentEnd = contentEnd
        line.width = candidate.width
        line.isHyphenated = candidate.isHyphenated
        if contentEnd > candidate.from { line.faces.formUnion(candidate.piece.faces) }
        next += 1
        resume = nil
        if isHard { finishLine(at: end) }
    }

    /// Ends the line at `end` and starts the next one there.
    private mutating func finishLine(at end: Int) {
        line.end = end
        if line.faces.isEmpty { line.faces.insert(0) }
        lines.append(line)
        line = Line(at: end)
        pen = 0
        placed = 0
    }

    /// Starts breaking segment `next`, alone on the line and wider than it, between graphemes:
    /// finds its cluster boundaries once and ends the line after as many as fit. False when all
    /// of them fit (a single cluster, say): the segment is then placed whole.
    private mutating func startBreaking(_ text: PreparedText, _ candidate: Candidate) -> Bool {
        let segment = text.segments[next]
        let boundaries: [Int], clusters: ClusterWidths?
        if let widths = segment.clusters, let end = widths.boundaries.lastIndex(of: segment.contentEnd) {
            (boundaries, clusters) = (Array(widths.boundaries[...end]), widths)
        } else {
            boundaries = text.graphemeBoundaries(in: segment.start..<segment.contentEnd)
            clusters = text.clusterWidths(boundaries)
        }
        let clusterWidth = candidate.piece.content / Double(max(1, boundaries.count - 1))
        broken = BrokenSegment(boundaries: boundaries, clusters: clusters, clusterWidth: clusterWidth)
        return breakLine(text, from: 0)
    }

    /// Ends the line after the most clusters of the broken segment from boundary `first` on that
    /// fit (at least one), so each line costs its own length, not the rest's. False when all of
    /// them fit: the rest is then measured and placed as a segment.
    private mutating func breakLine(_ text: PreparedText, from first: Int) -> Bool {
        let suffix = text.segments[next].isSoftHyphen ? text.stack.hyphen : ""
        guard let split = fittingClusters(text, from: first, suffix: suffix) else { return false }
        let end = broken.boundaries[first + split.count]
        line.contentEnd = text.hangingWhitespaceStart(in: broken.boundaries[first]..<end)
        line.width = split.width
        line.faces.formUnion(split.faces)
        finishLine(at: end)
        resume = first + split.count
        return true
    }

    /// The longest run of whole grapheme clusters of the broken segment from boundary `first` (at
    /// least one, and any invisible clusters after them that still fit) whose exact width fits
    /// the limit, `suffix` counted when the run reaches the last boundary: its cluster count,
    /// width and faces; nil when all of them fit. Measures the candidate runs `largestFitting`
    /// asks for from a guess on, each from the segment's cluster widths where they can tell,
    /// else shaped: the cost follows the run's length, not the number of boundaries (two
    /// shapings of about a run when the guess is right and the widths cannot help,
    /// O(run × log run) at worst).
    private mutating func fittingClusters(_ text: PreparedText, from first: Int, suffix: String)
        -> (count: Int, width: Double, faces: FaceIndexSet)? {
        let (boundaries, clusters) = (broken.boundaries, broken.clusters)
        let total = boundaries.count - 1 - first
        guard total > 0 else { return nil }
        func prefix(_ count: Int) -> PreparedText.Measured {
            let last = first + count
            if last < boundaries.count - 1 || suffix.isEmpty, let units = clusters?.units(from: first, to: last) {
                let width = text.stack.points(Double(units))
                return (width, width, units > 0 ? FaceIndexSet(0) : FaceIndexSet())
            }
            return text.span(boundaries[first]..<boundaries[last], from: 0, suffix: last == boundaries.count - 1 ? suffix : "",
                             previous: nil)
        }
        // How many clusters of mean width fill a line (a Double, so a zero width or a huge limit cannot trap).
        let guess = Int(min(limit / broken.clusterWidth, Double(boundaries.count)))
        // The whole rest fits when it does with its closing mark trimmed (see `measureNext`).
        let endTrim = suffix.isEmpty ? Double(text.segments[next].endTrim) : 0
        var fitting: PreparedText.Measured?
        var count = PreparedText.largestFitting(above: 1, upTo: total, guess: guess) { count in
            let candidate = prefix(count)
            let fits = candidate.content - (count == total ? endTrim : 0) <= limit
            if fits { fitting = candidate }
            return fits
        }
        var best = fitting ?? prefix(1)  // a line takes one cluster, fitting or not
        // Invisible clusters (a soft hyphen, a joiner) stay with the one before them when they fit.
        while count < total,
              text.slice(boundaries[first + count]..<boundaries[first + count + 1]).unicodeScalars
                .allSatisfy(\.properties.isDefaultIgnorableCodePoint) {
            let longer = prefix(count + 1)
            guard longer.content <= max(limit, best.content) else { break }
            count += 1
            best = longer
        }
        return count == total ? nil : (count, best.content, best.faces)
    }

    /// Ends the fill at `maxLines`: the last line is to be cut when visible text follows it;
    /// else the hidden lines, whitespace only, belong to it.
    private mutating func stop(_ text: PreparedText) -> Result {
        if text.hasVisibleText(after: line.start) { return (lines, true) }
        lines[lines.count - 1].end = text.text.utf8.count
        return (lines, false)
    }
}
