import CellLayout
import DataTables
import TextMeasure

/// Laid-out lines of a cell turned into glyph runs in place.
enum CellText {
    /// The runs of `lines` (laid out in `font`) set in `content`: from its top, line under line
    /// at the layout's heights, each line aligned per `alignment` in the direction of `text`
    /// (the whole cell's text, whose first strong character decides it).
    ///
    /// A line is shaped as `width(of:)` measures it; a tab advances to the layout's next tab
    /// stop (the default interval, which `prepare` and `singleLine` measure with).
    static func items(_ lines: [TextLine], of text: String, font: FontStack, in content: Rect,
                      alignment: ColumnAlignment, cache: WidthCache?) -> [TextItem] {
        items(lines, direction: TextDirection.resolved(for: text), tabInterval: font.defaultTabInterval(for: text, cache),
              font: font, in: content, alignment: alignment)
    }

    /// `items(_:of:font:in:alignment:cache:)` for lines of a text whose direction and tab
    /// interval are known.
    static func items(_ lines: some Sequence<TextLine>, direction: TextDirection, tabInterval: Double, font: FontStack,
                      in content: Rect, alignment: ColumnAlignment) -> [TextItem] {
        let isRightToLeft = direction == .rightToLeft
        var items: [TextItem] = []
        var top = content.minY
        for line in lines {
            let runs = placed(line.text, endTrim: line.endTrim, font: font, direction: direction, tabInterval: tabInterval)
            let width = runs.last.map { $0.x + $0.run.width } ?? 0
            let start: Double = switch (alignment, isRightToLeft) {
            case (.leading, false), (.trailing, true): content.minX
            case (.trailing, false), (.leading, true), (.decimal, false): content.maxX - width
            case (.center, _): content.minX + (content.width - width) / 2
            case (.decimal, true): content.minX
            }
            let baseline = top + line.baseline
            for (x, run) in runs {
                items.append(TextItem(origin: Point(x: start + x, y: baseline), run: run,
                                      frame: Rect(x: start + x, y: top, width: run.width, height: line.height), color: .black))
            }
            top += line.height
        }
        return items
    }

    /// The runs of a one-line cell `text` in a decimal-aligned column whose texts reach
    /// `extent.trailing` right of the separator line, set in `content`: the line at
    /// `content.maxX − extent.trailing`, the text left of it (for a number, `leadingText`; else all
    /// of it) ending there and the text right of it (`trailingText`) starting there, each side
    /// shaped alone as ``DecimalExtent`` measured it. The runs' texts are slices of `text`.
    static func decimalItems(_ text: String, line: TextLine, reading: NumberReading, extent: DecimalExtent, font: FontStack,
                             in content: Rect) -> [TextItem] {
        let separatorX = content.maxX - extent.trailing
        let split = reading.number?.alignmentIndex ?? text.endIndex
        let leading = sliceRuns(of: text, text.startIndex..<split, font: font)
        let trailing = sliceRuns(of: text, split..<text.endIndex, font: font)
        var items: [TextItem] = []
        var x = separatorX - leading.reduce(0) { $0 + $1.width }
        for run in leading + trailing {
            items.append(TextItem(origin: Point(x: x, y: content.minY + line.baseline), run: run,
                                  frame: Rect(x: x, y: content.minY, width: run.width, height: line.height), color: .black))
            x += run.width
        }
        return items
    }

    /// `side` of `text` shaped alone, left to right, its runs' texts slices of `text`.
    private static func sliceRuns(of text: String, _ side: Range<String.Index>, font: FontStack) -> [GlyphRun] {
        let piece = String(text[side])
        let base = text.utf8.distance(from: text.startIndex, to: side.lowerBound)
        func index(_ offset: String.Index) -> String.Index {
            text.utf8.index(text.startIndex, offsetBy: base + piece.utf8.distance(from: piece.startIndex, to: offset))
        }
        return font.glyphRuns(of: piece, direction: .leftToRight).map { run in
            var run = run
            run.text = text[index(run.text.startIndex)..<index(run.text.endIndex)]
            return run
        }
    }

    /// The runs of `line` with their distances from its start: the stretches between tabs, in
    /// order, each in visual order; its last character `endTrim` narrower (`TextLine.endTrim`).
    private static func placed(_ line: String, endTrim: Double, font: FontStack, direction: TextDirection,
                               tabInterval: Double) -> [(x: Double, run: GlyphRun)] {
        var placed: [(x: Double, run: GlyphRun)] = []
        var pen = 0.0
        let pieces = line.utf8.contains(9) ? line.split(separator: "\t", omittingEmptySubsequences: false) : [line[...]]
        for (position, piece) in pieces.enumerated() {
            if position > 0 { pen = PreparedText.tabStop(after: pen, interval: tabInterval) }
            let text = String(piece)
            var runs = font.glyphRuns(of: text, direction: direction)
            if position == pieces.count - 1 { runs = FontStack.trimmingEnd(of: runs, by: endTrim) }
            for var run in runs {
                // The run's text as a slice of the line, so that a line's runs share it and the
                // text between them (its tabs) stays known (`LayoutDocumentBuilder`).
                if pieces.count > 1, run.text.base.utf8.count == text.utf8.count {
                    let offset = text.utf8.distance(from: text.startIndex, to: run.text.startIndex)
                    let start = line.utf8.index(piece.startIndex, offsetBy: offset)
                    run.text = line[start..<line.utf8.index(start, offsetBy: run.text.utf8.count)]
                }
                placed.append((pen, run))
                pen += run.width
            }
        }
        return placed
    }

    #if DEBUG
    /// Counts the text cells this task lays out into lines for drawing, by row (debug builds
    /// only): tests bound the layout work of pagination with it, where a timing would be noise.
    final class Probe: @unchecked Sendable {
        private(set) var rows: [Int: Int] = [:]
        func count(row: Int) { rows[row, default: 0] += 1 }
    }

    @TaskLocal static var probe: Probe?
    #endif

    /// The runs of every text node of a compound cell placed with its top-left corner at
    /// `content`'s, each node's lines from its own top, leading-aligned.
    static func items(_ placement: CellPlacement, in content: Rect, cache: WidthCache?) -> [TextItem] {
        var items: [TextItem] = []
        if let layout = placement.text, let string = placement.string, let font = placement.font {
            let frame = Rect(x: content.minX + placement.x, y: content.minY + placement.y,
                             width: placement.width, height: placement.height)
            items += Self.items(layout.lines, of: string, font: font, in: frame, alignment: .leading, cache: cache)
        }
        for child in placement.children { items += Self.items(child, in: content, cache: cache) }
        return items
    }
}
