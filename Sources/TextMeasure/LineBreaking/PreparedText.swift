/// Text shaped once, ready to be laid out at any width.
///
/// `FontStack.prepare(_:)` splits the text at its line-break opportunities and shapes each
/// segment once (with fallback, through the width cache). `layout(width:)` is then arithmetic
/// over the segment widths, so laying the same text out at many widths (column resizing, row
/// heights) costs little. Only a line whose summed width comes within 0.15 em of the limit is
/// shaped whole, so kerning across segments can never make a line wider than the limit (nor
/// push a segment to the next line that truly fits).
public struct PreparedText: Sendable {
    /// The text as given.
    public let text: String
    /// The fonts it is measured with.
    public let stack: FontStack
    /// The segments between consecutive break opportunities, in order.
    let segments: [Segment]
    /// The distance between tab stops, in points.
    let tabInterval: Double
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
        /// Width of the content, and of content plus hanging whitespace, in points.
        var contentWidth: Double
        var advance: Double
        var faces: FaceMask
    }

    /// The width of the widest segment that no break opportunity divides (with its hyphen when
    /// it ends at a soft hyphen): the narrowest the text can be laid out without breaking inside
    /// a word. O(segments).
    public var minContentWidth: Double {
        var widest = 0.0
        for index in segments.indices {
            let segment = segments[index]
            let width = segment.hasTab ? span(segment.start..<segment.contentEnd, from: 0).content : segment.contentWidth
            widest = max(widest, width + (segment.isSoftHyphen ? hyphenWidth : 0))
        }
        return widest
    }

    /// The width of the widest hard line (the text between hard breaks) laid on one line: any
    /// width at least this keeps every hard line on one line. A hard line of several segments
    /// is shaped whole (through the cache), so this is exact. O(length).
    public var maxContentWidth: Double {
        var widest = 0.0
        var first = 0
        for index in segments.indices where segments[index].isHard || index == segments.count - 1 {
            let line = segments[first...index], last = segments[index]
            if line.count == 1, !last.hasTab {
                widest = max(widest, last.contentWidth)
            } else {
                let exact = span(segments[first].start..<last.contentEnd, from: 0, cache: cache).content
                let summed = line.contains { $0.hasTab } ? exact
                    : line.dropLast().reduce(last.contentWidth) { $0 + $1.advance }
                widest = max(widest, exact, summed)
            }
            first = index + 1
        }
        return widest
    }
}

extension FontStack {
    /// Splits `text` at its line-break opportunities (UAX #14, see `LineBreaker`) and shapes
    /// each segment once, through `cache`, ready for `layout(width:)` at any width.
    ///
    /// Tabs advance to the next multiple of `tabInterval` points from the line's start (default:
    /// the width of eight spaces of the primary font). O(length).
    public func prepare(_ text: String, tabInterval: Double? = nil, cache: WidthCache? = .shared) -> PreparedText {
        var segments: [PreparedText.Segment] = []
        var bytes = text
        bytes.withUTF8 { utf8 in
            let breaks = LineBreaker.opportunities(in: utf8)
            segments.reserveCapacity(breaks.count)
            var start = 0
            for (end, isHard) in breaks {
                let breakStart = isHard ? HardBreak.start(in: utf8, before: end, after: start) : end
                let piece = UnsafeBufferPointer(rebasing: utf8[start..<breakStart])
                let contentEnd = start + HangingWhitespace.start(in: piece)
                let hasTab = piece.contains(0x09)
                var segment = PreparedText.Segment(
                    start: start, contentEnd: contentEnd, breakStart: breakStart, end: end, isHard: isHard,
                    isSoftHyphen: contentEnd == breakStart && contentEnd - start >= 2
                        && utf8[contentEnd - 2] == 0xC2 && utf8[contentEnd - 1] == 0xAD,
                    hasTab: hasTab, contentWidth: 0, advance: 0, faces: FaceMask(0))
                if !hasTab, breakStart > start {
                    let measured = measure(String(decoding: piece, as: UTF8.self), cache: cache)
                    segment.advance = points(measured.units)
                    segment.contentWidth = points(measured.units - measured.hangingUnits)
                    segment.faces = measured.faces
                }
                segments.append(segment)
                start = end
            }
        }
        let interval = tabInterval ?? defaultTabInterval(cache)
        return PreparedText(text: text, stack: self, segments: segments, tabInterval: interval, cache: cache)
    }

    /// Eight spaces of the primary font.
    func defaultTabInterval(_ cache: WidthCache?) -> Double { 8 * width(of: " ", cache: cache) }
}

/// The characters that end a line by themselves (UAX #14 classes BK, CR, LF, NL).
enum HardBreak {
    static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Where the hard-break characters at the end of `utf8[start..<end]` start.
    static func start(in utf8: UnsafeBufferPointer<UInt8>, before end: Int, after start: Int) -> Int {
        var index = end
        while index > start {
            switch utf8[index - 1] {
            case 0x0A, 0x0B, 0x0C, 0x0D: index -= 1
            case 0x85 where index - 2 >= start && utf8[index - 2] == 0xC2: index -= 2  // NEL
            case 0xA8 where index - 3 >= start && utf8[index - 3] == 0xE2 && utf8[index - 2] == 0x80: index -= 3  // LS
            case 0xA9 where index - 3 >= start && utf8[index - 3] == 0xE2 && utf8[index - 2] == 0x80: index -= 3  // PS
            default: return index
            }
        }
        return index
    }
}
