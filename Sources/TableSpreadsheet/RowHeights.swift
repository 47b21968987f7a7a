import DataTables
import TextMeasure

/// The heights of rows whose wrapped cells take more than one line, as LibreOffice Calc lays
/// such a cell out (its optimal row height; see the article "Spreadsheets").
enum RowHeights {
    /// Per row (0: the first below the header) taller than `defaultHeight` points (a wrapped cell
    /// of several lines, or one line of a taller font: Japanese, Arabic), its height in points:
    /// the tallest cell's lines, each as tall as the fonts drawn in it (`ScreenText.lineHeight(of:)`
    /// of their `ScriptClass`es), plus `SpreadsheetMetrics.rowPadding`; at most Excel's
    /// 409 pt (`SpreadsheetMetrics.maximumRowHeight`; the rest of such a cell is reached by
    /// scrolling in it, as in Excel). Lines are broken as `lines(of:room:in:)` breaks them, in
    /// the column's width as LibreOffice reads it (`SpreadsheetColumnWidth.libreOfficePixels`).
    ///
    /// - Complexity: O(cells): each cell of a wrapping column broken into lines, each other cell
    ///   with a character outside ASCII scanned for its script classes.
    static func heights<Row>(rows: [Row], columns: [DataTableColumn<Row>], font: SpreadsheetFont,
                             widths: [SpreadsheetColumnWidth], wraps: [Bool]) throws(SpreadsheetError) -> [Int: Double] {
        let screen = try ScreenText(font.regular)
        let room = widths.map(room(in:))
        let usual = defaultHeight(in: screen) * SpreadsheetMetrics.pixelsPerPoint
        var heights: [Int: Double] = [:]
        for (index, row) in rows.enumerated() {
            var tallest = 0.0
            for column in columns.indices {
                let text = columns[column].text(row)
                guard !text.isEmpty else { continue }
                if wraps[column] {
                    tallest = Swift.max(tallest, height(of: text, room: room[column], in: screen))
                } else if text.utf8.contains(where: { $0 >= 0x80 }) {  // ASCII is Western, one usual line
                    tallest = Swift.max(tallest, screen.lineHeight(of: ScriptClass.laidOut(text)))
                }
            }
            if tallest + SpreadsheetMetrics.rowPadding > usual + 0.01 { heights[index] = points(tallest) }
        }
        return heights
    }

    /// The height in points of a row of one line holding `texts` (the header's titles, the
    /// title): its tallest text's line, as tall as the fonts of its script classes, plus
    /// `SpreadsheetMetrics.rowPadding`.
    ///
    /// - Complexity: O(total length of `texts`).
    static func oneLine(_ texts: [String], in screen: ScreenText) -> Double {
        points(texts.lazy.map { screen.lineHeight(of: ScriptClass.laidOut($0)) }.max() ?? screen.lineHeight(of: [ScriptClass.western]))
    }

    /// The height in points of a row whose lines take `pixels`: with `SpreadsheetMetrics.rowPadding`,
    /// at most Excel's 409 pt.
    private static func points(_ pixels: Double) -> Double {
        Swift.min((pixels + SpreadsheetMetrics.rowPadding) / SpreadsheetMetrics.pixelsPerPoint, SpreadsheetMetrics.maximumRowHeight)
    }

    /// The room in px for the lines of a wrapped cell in a column `width` wide, as LibreOffice reads it.
    private static func room(in width: SpreadsheetColumnWidth) -> Double {
        Swift.max(1, (width.libreOfficePixels - SpreadsheetMetrics.wrapMargin) / SpreadsheetMetrics.wrapScale)
    }

    /// The worksheet's default row height in points: one line of the Western font plus
    /// `SpreadsheetMetrics.rowPadding` (Calibri 11: 15 + 5 px, 15 pt, Excel's own default).
    static func defaultHeight(in screen: ScreenText) -> Double {
        points(screen.lineHeight(of: [ScriptClass.western]))
    }

    /// `heights` with every row of `spans` given one: its own cells' (wrapped, or one line, each
    /// line as tall as the fonts of its text), the spanning cells left out, plus
    /// `SpreadsheetMetrics.rowPadding`; and the rows of a span taller, in equal shares, by what
    /// the spanning cell's lines need beyond them (as a spreadsheet does not size rows for a
    /// merged cell). At most 409 pt a row.
    ///
    /// - Complexity: O(cells of the spans' rows).
    static func spanned<Row>(_ heights: [Int: Double], spans: [DataTableRowSpan], rows: [Row], columns: [DataTableColumn<Row>],
                             font: SpreadsheetFont, widths: [SpreadsheetColumnWidth], wraps: [Bool]) throws(SpreadsheetError) -> [Int: Double] {
        guard !spans.isEmpty else { return heights }
        let screen = try ScreenText(font.regular)
        var heights = heights
        var covered: Set<Int> = []  // row × columns + column of a spanning cell
        for span in spans { for row in span.row..<(span.row + span.count) { covered.insert(row * columns.count + span.column) } }
        func cellHeight(_ text: String, column: Int) -> Double {
            guard !text.isEmpty else { return 0 }
            return height(of: text, room: wraps[column] ? room(in: widths[column]) : nil, in: screen)
        }
        for span in spans {
            var total = 0.0
            for row in span.row..<(span.row + span.count) {
                // The row's own cells: `heights` counted the spanned column's text in every row.
                let tallest = columns.indices.lazy.filter { !covered.contains(row * columns.count + $0) }
                    .map { column in cellHeight(columns[column].text(rows[row]), column: column) }.max() ?? 0
                heights[row] = points(Swift.max(tallest, screen.lineHeight(of: [ScriptClass.western])))
                total += heights[row]!
            }
            let needed = points(cellHeight(columns[span.column].text(rows[span.row]), column: span.column))
            if needed > total {
                let share = (needed - total) / Double(span.count)
                for row in span.row..<(span.row + span.count) { heights[row] = Swift.min(heights[row]! + share, SpreadsheetMetrics.maximumRowHeight) }
            }
        }
        return heights
    }

    /// The height in px of `text` broken into lines in `room` px (nil: not broken), its classes
    /// laid out once for the breaking and the lines' heights.
    ///
    /// - Complexity: as `lines(of:room:in:classes:)`.
    static func height(of text: String, room: Double?, in screen: ScreenText) -> Double {
        let classes = ScriptClass.laidOut(text)
        let broken = room.map { Self.lines(of: text, room: $0, in: screen, classes: classes) } ?? [text.startIndex..<text.endIndex]
        return height(of: broken, in: text, classes: classes, screen: screen)
    }

    /// The height in px of `text` broken into `lines`, its scalars of `classes`: each line as tall
    /// as the fonts of its characters' classes.
    ///
    /// - Complexity: O(length).
    private static func height(of lines: [Range<String.Index>], in text: String, classes: [ScriptClass], screen: ScreenText) -> Double {
        let scalars = text.unicodeScalars
        var offset = 0, position = scalars.startIndex, height = 0.0
        for line in lines {
            offset += scalars.distance(from: position, to: line.lowerBound)
            let count = scalars.distance(from: line.lowerBound, to: line.upperBound)
            height += screen.lineHeight(of: classes[offset..<(offset + count)])
            (offset, position) = (offset + count, line.upperBound)
        }
        return height
    }

    /// The lines of `text` in `room` px as LibreOffice Calc breaks a wrapped cell
    /// (`CalcLineBreaks`): each paragraph (lines end at LF, CR or CRLF) greedily, each line
    /// ending where the character that no longer fits says: after it when it is a space; before
    /// it, or before its word of Hangul, when the text before it is Asian (Calc asks the break
    /// iterator of the script that ends there); else at the opportunity of LibreOffice's rules
    /// right before it, unless that one follows a "/", or else at the last one before that (one
    /// after "/" moved back to the white space before its path, within 66 UTF-16 units); and
    /// before it when the line has no opportunity. A line fits while the advances of its
    /// characters as LibreOffice places them (`ScreenText.advances(of:classes:)`: each run of one
    /// class of the whole text shaped whole) add up to at most `room`. Each line is its range in
    /// `text` (a paragraph's last line with its line end). `classes`:
    /// `ScriptClass.laidOut(text)`, when the caller has them.
    ///
    /// - Complexity: O(length): the text is shaped once; the character that does not fit is
    ///   found by halving a line's scalars.
    static func lines(of text: String, room: Double, in screen: ScreenText, classes laidOut: [ScriptClass]? = nil) -> [Range<String.Index>] {
        // ASCII is Western throughout: measured without its classes.
        let classes = text.utf8.allSatisfy { $0 < 0x80 } ? nil : laidOut ?? ScriptClass.laidOut(text)
        // A text of one line that fits is one line (most cells of a table).
        if !text.contains(where: \.isNewline), screen.width(of: text[...], classes: classes?[...]) <= room { return [text.startIndex..<text.endIndex] }
        let scalars = Array(text.unicodeScalars)
        let indices = Array(text.unicodeScalars.indices) + [text.endIndex]
        // Where each scalar ends, from the start of the text: a line's width is a difference of two.
        let (advances, startsCluster) = screen.advances(of: scalars, classes: classes)
        var ends = [0.0]
        ends.reserveCapacity(scalars.count + 1)
        for advance in advances { ends.append(ends[ends.count - 1] + advance) }
        /// The first scalar from `start` on in `start..<end` whose line no longer fits, or nil.
        func overflow(from start: Int, to end: Int) -> Int? {
            guard start < end else { return nil }
            // A line that starts within a cluster (after a break between an emoji and its skin tone)
            // has the cluster's rest shaped on its own, as Calc lays out a line's text from its start.
            let first = startsCluster[start] ? start : (start + 1..<end).first { startsCluster[$0] } ?? end
            let head = first == start ? 0 : screen.width(of: Substring(text.unicodeScalars[indices[start]..<indices[first]]), classes: classes?[start..<first])
            if head > room { return start }
            let limit = ends[first] - head + room
            guard ends[end] > limit else { return nil }
            var (low, high) = (first, end - 1)  // the first scalar past `limit` is in low...high
            while low < high {
                let middle = (low + high) / 2
                if ends[middle + 1] > limit { high = middle } else { low = middle + 1 }
            }
            return low
        }
        var lines: [Range<Int>] = []
        var (paragraphStart, offset) = (0, 0)
        for character in text {
            let next = offset + character.unicodeScalars.count
            defer { offset = next }
            guard character.isNewline else { continue }
            lines += Self.lines(of: scalars, paragraph: paragraphStart..<offset, classes: classes, overflow: overflow)
            lines[lines.count - 1] = lines[lines.count - 1].lowerBound..<next
            paragraphStart = next
        }
        if paragraphStart < scalars.count || lines.isEmpty {
            lines += Self.lines(of: scalars, paragraph: paragraphStart..<scalars.count, classes: classes, overflow: overflow)
        }
        return lines.map { indices[$0.lowerBound]..<indices[$0.upperBound] }
    }

    /// The lines of the paragraph `paragraph` of `scalars` (see `lines(of:room:in:classes:)`);
    /// `overflow(from:to:)` finds a line's first scalar that does not fit. One empty line when
    /// the paragraph is empty.
    ///
    /// - Complexity: O(length) and the calls of `overflow`.
    private static func lines(of scalars: [Unicode.Scalar], paragraph: Range<Int>, classes: [ScriptClass]?,
                              overflow: (Int, Int) -> Int?) -> [Range<Int>] {
        let text = scalars[paragraph]
        // Made when a line first needs them: each is the paragraph's length, so that no line
        // searches back through the lines before it (a word of Hangul or of letters many lines long).
        var opportunities: (breaks: [Bool], before: [Int])?
        var wordStarts: [Int]?
        var lines: [Range<Int>] = []
        var start = paragraph.lowerBound
        while let over = overflow(start, paragraph.upperBound) {
            var end: Int
            if scalars[over] == " " {
                end = over + 1  // a space that does not fit ends its line
            } else if classes?[over > paragraph.lowerBound ? over - 1 : over] == .asian {
                end = over
                if isHangul(scalars[over]) {  // a word of Hangul is kept whole, unless it starts the paragraph
                    let starts = wordStarts ?? hangulWordStarts(text)
                    wordStarts = starts
                    let word = starts[over - paragraph.lowerBound]
                    if word > paragraph.lowerBound { end = word }
                }
            } else {
                let (breaks, before) = opportunities ?? Self.opportunities(in: text)
                opportunities = (breaks, before)
                // The opportunity right before the character is taken unless it follows a slash, or
                // the character is past the Basic Multilingual Plane (Calc overflows at its second
                // UTF-16 unit, which ICU moves back to its first). Otherwise the one before that.
                if over > paragraph.lowerBound, breaks[over - paragraph.lowerBound], scalars[over - 1] != "/", scalars[over].utf16.count == 1 {
                    end = over
                } else {
                    end = before[over - paragraph.lowerBound]
                }
                if end > paragraph.lowerBound, scalars[end - 1] == "/" {
                    // After a slash, the white space before the path, when it is less than 66 UTF-16 units back.
                    var (position, distance) = (end - 1, 1)
                    while position > paragraph.lowerBound, distance < 66 {
                        position -= 1
                        distance += scalars[position].utf16.count
                        if isBreakingWhiteSpace(scalars[position]) { end = position + 1; break }
                    }
                }
            }
            if end <= start { end = Swift.max(over, start + 1) }  // no opportunity in the line: cut
            lines.append(start..<end)
            start = end
        }
        if start < paragraph.upperBound || lines.isEmpty { lines.append(start..<paragraph.upperBound) }
        return lines
    }

    /// The break opportunities of `text` (`CalcLineBreaks`), and for each of its scalars the last
    /// opportunity before it, not at the text's start (the start when there is none). O(length).
    private static func opportunities(in text: ArraySlice<Unicode.Scalar>) -> (breaks: [Bool], before: [Int]) {
        let breaks = CalcLineBreaks.opportunities(in: Array(text))
        var before: [Int] = [], last = text.startIndex
        before.reserveCapacity(text.count)
        for position in text.indices {
            before.append(last)
            if position > text.startIndex, breaks[position - text.startIndex] { last = position }
        }
        return (breaks, before)
    }

    /// For each scalar of `text`, where the word of Hangul before it starts: right after the last
    /// scalar before it that is not Hangul (the text's start when there is none). O(length).
    private static func hangulWordStarts(_ text: ArraySlice<Unicode.Scalar>) -> [Int] {
        var starts: [Int] = [], start = text.startIndex
        starts.reserveCapacity(text.count)
        for position in text.indices {
            starts.append(start)
            if !isHangul(text[position]) { start = position + 1 }
        }
        return starts
    }

    /// Hangul, as LibreOffice's Asian line breaking keeps its words whole: syllables and jamo.
    private static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
    }

    /// White space that a line may end after (ICU's `u_isWhitespace`): not the no-break spaces.
    private static func isBreakingWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace && ![0xA0, 0x2007, 0x202F].contains(scalar.value)
    }
}
