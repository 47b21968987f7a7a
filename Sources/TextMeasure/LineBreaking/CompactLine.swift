/// A line of a layout in a few bytes (24), to be made a `TextLine` again without preparing the
/// text (`FontStack.lines(of:kept:)`): see `PreparedText.compactLines(atWidth:)`.
package struct CompactLine: Sendable, Hashable {
    let width: Double
    /// UTF-8 offsets of the end of its range and of its displayed text.
    let end: UInt32
    let contentEnd: UInt32
    /// The faces it uses, a bit each.
    let faces: UInt32
    let isHyphenated: Bool
}

extension PreparedText {
    /// `height(atWidth:)` with the lines of `layout(width:)` kept in a few bytes each, from the
    /// same fill, for `FontStack.lines(of:kept:)` to give back without preparing the text again
    /// (a table measures a row, then draws it). The lines are nil when one uses a font past the
    /// 32nd of the stack or the text is 2 GiB or longer.
    package func compactLines(atWidth width: Double) -> (height: Double, lines: [CompactLine]?) {
        let filled = LineFiller.fill(self, width: Self.limit(width), maxLines: 0).lines
        let height = height(of: filled, .font)
        guard text.utf8.count < 1 << 31 else { return (height, nil) }
        var lines: [CompactLine] = []
        lines.reserveCapacity(filled.count)
        for line in filled {
            guard let faces = line.faces.compact else { return (height, nil) }
            lines.append(CompactLine(width: line.width, end: UInt32(line.end), contentEnd: UInt32(line.contentEnd),
                                  faces: faces, isHyphenated: line.isHyphenated))
        }
        return (height, lines)
    }
}

extension FontStack {
    /// The lines of `text` that `prepare(text).compactLines(atWidth:)` kept: its
    /// `layout(width:)` lines at that width, the same values, without preparing the text
    /// again; nil when `kept` does not end at the end of `text` (lines of another text). O(lines).
    package func lines(of text: String, kept: ArraySlice<CompactLine>) -> [TextLine]? {
        guard let last = kept.last, last.end == text.utf8.count else { return nil }
        var start = 0
        return kept.map { kept in
            var line = LineFiller.Line(at: start)
            (line.end, line.contentEnd) = (Int(kept.end), Int(kept.contentEnd))
            (line.width, line.faces, line.isHyphenated) = (kept.width, FaceIndexSet(compact: kept.faces), kept.isHyphenated)
            start = line.end
            return textLine(line, of: text, .font)
        }
    }
}
