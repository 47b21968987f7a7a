import CellLayout
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
            let runs = placed(line.text, font: font, direction: direction, tabInterval: tabInterval)
            let width = runs.last.map { $0.x + $0.run.width } ?? 0
            let start: Double = switch (alignment, isRightToLeft) {
            case (.leading, false), (.trailing, true): content.minX
            case (.trailing, false), (.leading, true): content.maxX - width
            case (.center, _): content.minX + (content.width - width) / 2
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

    /// The runs of `line` with their distances from its start: the stretches between tabs, in
    /// order, each in visual order.
    private static func placed(_ line: String, font: FontStack, direction: TextDirection,
                               tabInterval: Double) -> [(x: Double, run: GlyphRun)] {
        var placed: [(x: Double, run: GlyphRun)] = []
        var pen = 0.0
        let pieces = line.utf8.contains(9) ? line.split(separator: "\t", omittingEmptySubsequences: false) : [line[...]]
        for (position, piece) in pieces.enumerated() {
            if position > 0 { pen = PreparedText.tabStop(after: pen, interval: tabInterval) }
            for run in font.glyphRuns(of: String(piece), direction: direction) {
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
