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

    /// Where LibreOffice may end a line of `text`: Chromium's opportunities, none inside a word of
    /// Hangul, and between any two other Asian characters (ideographs, kana, full-width forms,
    /// CJK punctuation), brackets and stops included: LibreOffice 7.4 applies no kinsoku rules in
    /// a cell ("一二三四五（六七八九十一" is two lines of six where the rules would make three).
    ///
    /// - Complexity: O(length).
    static func opportunities(in text: String) -> [(index: String.Index, isMandatory: Bool)] {
        var found = LineBreaker.opportunities(in: text, rules: .chromium).filter { !withinHangulWord(text, at: $0.index) }
            .map { (index: $0.index, isMandatory: $0.isMandatory) }
        var extra: [String.Index] = []
        var previous: Unicode.Scalar?
        for index in text.unicodeScalars.indices {
            let scalar = text.unicodeScalars[index]
            if let before = previous, isAsian(before), isAsian(scalar) { extra.append(index) }
            previous = scalar
        }
        guard !extra.isEmpty else { return found }
        let known = Set(found.map(\.index))
        found += extra.filter { !known.contains($0) }.map { (index: $0, isMandatory: false) }
        return found.sorted { $0.index < $1.index }
    }

    /// Whether LibreOffice ends a line of `word` (of `text`), too wide for its line, at `index`:
    /// after a slash that is not before another slash nor between two digits ("3/4"), unless white
    /// space comes less than 66 UTF-16 units before (LibreOffice then takes the break after it,
    /// keeping "w/o" or a path whole, and a path that starts its line is broken between characters).
    ///
    /// - Complexity: O(1): at most 66 units looked at.
    private static func endsAtSlash(_ text: String, before index: String.Index, within word: Substring) -> Bool {
        guard index > word.startIndex, index < word.endIndex else { return false }
        let slash = word.index(before: index)
        guard word[slash] == "/", word[index] != "/" else { return false }
        if word[index].isWholeNumber, slash > word.startIndex, word[word.index(before: slash)].isWholeNumber { return false }
        var position = slash, looked = 1
        while position > text.startIndex, looked < 66 {
            position = text.utf16.index(before: position)
            looked += 1
            if let scalar = Unicode.Scalar(text.utf16[position]), scalar.properties.isWhitespace { return false }
        }
        return true
    }

    /// An Asian character other than Hangul (`ScriptClass.asian`).
    private static func isAsian(_ scalar: Unicode.Scalar) -> Bool {
        ScriptClass.of(scalar) == .asian && !isHangul(scalar)
    }

    private static func isHangul(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        return (0xAC00...0xD7A3).contains(value) || (0x1100...0x11FF).contains(value) || (0x3130...0x318F).contains(value)
    }

    /// Whether `index` in `text` falls between two Hangul letters (syllables or jamo).
    private static func withinHangulWord(_ text: String, at index: String.Index) -> Bool {
        guard index > text.startIndex, index < text.endIndex else { return false }
        return isHangul(text.unicodeScalars[text.unicodeScalars.index(before: index)]) && isHangul(text.unicodeScalars[index])
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

    /// The lines of `text` in `room` px as a spreadsheet breaks them: greedily, at the break
    /// opportunities of `LineBreakRules.chromium` but none inside a word of Hangul (LibreOffice
    /// keeps Korean words whole, as CSS's `word-break: keep-all`; these rules agree with its
    /// breaks on more generated rows than ICU's own, `.pango`), each line as long as its text
    /// as LibreOffice lays it out (`ScreenText`, each scalar in its class in the whole text,
    /// trailing white space left out) fits. A word wider than the room is broken where its
    /// characters, shaped together, stop fitting, or after a slash (`endsAtSlash`). Each line is
    /// its range in `text`. `classes`: `ScriptClass.laidOut(text)`, when the caller has them.
    ///
    /// - Complexity: O(length × the characters of a line) at worst, a word wider than the room
    ///   shaped again from its line's start where its characters one by one stop fitting;
    ///   O(length) for text of words that fit.
    static func lines(of text: String, room: Double, in screen: ScreenText, classes laidOut: [ScriptClass]? = nil) -> [Range<String.Index>] {
        // ASCII is Western throughout: measured without its classes.
        let classes = text.utf8.allSatisfy { $0 < 0x80 } ? nil : laidOut ?? ScriptClass.laidOut(text)
        let scalars = text.unicodeScalars
        var offset = 0, position = text.startIndex  // position's offset in scalars
        /// The width of `range`, its scalars laid out in their classes in the whole text.
        func width(of range: Range<String.Index>) -> Double {
            offset += scalars.distance(from: position, to: range.lowerBound)
            position = range.lowerBound
            let count = scalars.distance(from: range.lowerBound, to: range.upperBound)
            return screen.width(of: text[range], classes: classes?[offset..<(offset + count)])
        }
        // A text of one line that fits is one line.
        if !text.contains(where: \.isNewline), width(of: text.startIndex..<text.endIndex) <= room { return [text.startIndex..<text.endIndex] }
        var lines: [Range<String.Index>] = []
        var start = text.startIndex, segmentStart = text.startIndex, used = 0.0
        for opportunity in opportunities(in: text) {
            let segment = text[segmentStart..<opportunity.index]
            let trimmedEnd = segment.lastIndex { !$0.isWhitespace }.map(segment.index(after:)) ?? segment.startIndex
            let drawn = width(of: segmentStart..<trimmedEnd)
            if segmentStart > start, used + drawn > room {
                lines.append(start..<segmentStart)
                (start, used) = (segmentStart, 0)
            }
            if used == 0, drawn > room {
                // A word wider than the room: as many characters a line as fit, shaped together (at
                // least one), or,
                // as LibreOffice ends a URL or a path with no white space in the 66 characters before
                // it, after its last slash that fits.
                var slash: String.Index?, afterSlash = 0.0
                for index in segment.indices {
                    let next = segment.index(after: index)
                    let character = width(of: index..<next)
                    if index > start, used + character > room {
                        // The line's characters shaped together (a ligature, joined letters) may still fit.
                        let together = width(of: start..<next)
                        if together <= room { used = together - character }
                    }
                    if index > start, used + character > room, let end = slash, end > start {
                        lines.append(start..<end)
                        (start, used, slash) = (end, afterSlash, nil)
                    }
                    if index > start, used + character > room {
                        lines.append(start..<index)
                        (start, used, slash) = (index, 0, nil)
                    }
                    used += character
                    afterSlash += character
                    if Self.endsAtSlash(text, before: next, within: segment) { (slash, afterSlash) = (next, 0) }
                }
            } else {
                used += trimmedEnd == segment.endIndex ? drawn : width(of: segmentStart..<opportunity.index)
            }
            segmentStart = opportunity.index
            if opportunity.isMandatory {
                lines.append(start..<opportunity.index)
                (start, used) = (opportunity.index, 0)
            }
        }
        if start < text.endIndex || lines.isEmpty { lines.append(start..<text.endIndex) }
        return lines
    }
}
