import TextMeasure

/// Text measured as LibreOffice Calc lays it out on a 96 dpi screen at 100 % zoom: each
/// `ScriptClass` of it in its class's fonts (`ScriptFonts`), at a whole number of pixels per em
/// (11 pt is 14.67 px, drawn at 15), each glyph's nominal advance (`Font.nominalAdvance(ofGlyph:)`:
/// Calc asks for no kerning) on a whole pixel. A "T" of Carlito 11 is 7.31 px and drawn 7, even
/// before another "T" (kerning would make it 7.52, drawn 8); a digit is 7.60 and 8 (7.43 at the
/// exact 14.67 px of 11 pt), so a column of numbers needs 8 % more than its exact width. Of 200
/// texts (`Scripts/libreoffice-wrap-widths.py`: Latin, Greek, Cyrillic, digits, Arabic, Hebrew
/// with digits, Japanese, Korean, emoji, mixed; Carlito 9 to 20 pt, Noto Sans, Liberation Serif,
/// DejaVu Sans), LibreOffice 7.4 keeps 199 on one line down to `SpreadsheetMetrics.wrapScale` ×
/// this width + 4.152 px within 0.1 px, the other within 1 px.
struct ScreenText {
    /// The fonts of each class of text, at the drawn size.
    let scripts: ScriptFonts
    /// The Western fonts (the workbook's), at the drawn size.
    var stack: FontStack { scripts.stack(of: .western) }

    /// `stack` (sized in points) as drawn at 96 dpi.
    init(_ stack: FontStack) throws(SpreadsheetError) {
        let pixels = (stack.size * SpreadsheetMetrics.pixelsPerPoint).rounded()
        do { scripts = ScriptFonts(western: try stack.withSize(Swift.max(1, pixels))) } catch { throw .invalidFontSize(stack.size) }
    }

    /// The width in px of `text`'s widest hard line (lines end at LF, CR or CRLF).
    ///
    /// - Complexity: O(length).
    func width(of text: String) -> Double {
        var widest = 0.0
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let classes = line.utf8.allSatisfy { $0 < 0x80 } ? nil : ScriptClass.laidOut(String(line))[...]
            widest = Swift.max(widest, width(of: line, classes: classes))
        }
        return widest
    }

    /// The width in px of one line of `text`, its scalars laid out in `classes` (nil: all Western).
    ///
    /// - Complexity: O(length).
    func width(of text: Substring, classes: ArraySlice<ScriptClass>?) -> Double {
        guard let classes, let first = classes.first else { return width(of: text.unicodeScalars, in: .western) }
        var total = 0.0, kind = first, start = text.unicodeScalars.startIndex, position = start
        for next in classes {
            if next != kind {
                total += width(of: text.unicodeScalars[start..<position], in: kind)
                (start, kind) = (position, next)
            }
            position = text.unicodeScalars.index(after: position)
        }
        return total + width(of: text.unicodeScalars[start..<position], in: kind)
    }

    /// The width in px of `text`, one class of text, in that class's fonts. As LibreOffice falls
    /// back glyph by glyph, every character the class's first font has is drawn in it, spaces
    /// too (the spaces between Arabic words in Noto Sans Devanagari): what a `.chromium` stack's
    /// itemizer does (`LineBreakRules.chromium`).
    private func width(of text: Substring.UnicodeScalarView, in kind: ScriptClass) -> Double {
        Self.width(of: String(text), in: scripts.stack(of: kind))
    }

    /// The width in px of `text` in `stack` (see `forEachGlyph(of:in:_:)`).
    private static func width(of text: String, in stack: FontStack) -> Double {
        var width = 0.0
        forEachGlyph(of: text, in: stack) { _, advance in width += advance }
        return width
    }

    /// Each of `scalars`' advance in px as LibreOffice places the characters of a line, and
    /// whether it starts a cluster: each run of one class (`classes`, nil: all Western; a line
    /// end ends a run too) shaped whole, as Calc shapes a portion of text, a cluster's advance
    /// given to its first scalar. The advances of a line that ends where a run ends add up to its
    /// `width(of:classes:)`; within a run, each character is as wide as the whole run shapes it
    /// (an Arabic letter joined to the next, not as the last letter of a prefix).
    ///
    /// - Complexity: O(length).
    func advances(of scalars: [Unicode.Scalar], classes: [ScriptClass]?) -> (advances: [Double], startsCluster: [Bool]) {
        var advances = [Double](repeating: 0, count: scalars.count), startsCluster = [Bool](repeating: false, count: scalars.count)
        func isLineEnd(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }
        var start = 0
        for end in scalars.indices.dropFirst() + [scalars.count] {
            guard end == scalars.count || classes?[end] != classes?[start] || isLineEnd(scalars[end]) || isLineEnd(scalars[end - 1]) else { continue }
            let piece = String(String.UnicodeScalarView(scalars[start..<end]))
            var scalarAt: [Int] = []  // each UTF-8 byte's scalar in `scalars`
            scalarAt.reserveCapacity(piece.utf8.count)
            for (index, scalar) in piece.unicodeScalars.enumerated() { scalarAt += repeatElement(start + index, count: UTF8.width(scalar)) }
            Self.forEachGlyph(of: piece, in: scripts.stack(of: classes?[start] ?? .western)) { byte, advance in
                advances[scalarAt[byte]] += advance
                startsCluster[scalarAt[byte]] = true
            }
            start = end
        }
        Self.dropEmojiBetweenRightToLeftLetters(scalars, &advances)
        return (advances, startsCluster)
    }

    /// Calc places an emoji between two right-to-left letters, with nothing but spaces,
    /// punctuation, symbols and other emoji between them, in no room at all: "רוחב 🙂 רוחב" fits
    /// where "רוחב  רוחב" does, while "רוחב 🙂", "🙂 רוחב", "רוחב 🙂 789" and "רוחב 🙂 Straße"
    /// keep the emoji's width (measured over UNO, `Scripts/libreoffice-row-heights.py`).
    ///
    /// - Complexity: O(length).
    private static func dropEmojiBetweenRightToLeftLetters(_ scalars: [Unicode.Scalar], _ advances: inout [Double]) {
        var afterRightToLeft = false, between: [Int] = []  // the emoji since the last right-to-left letter
        for (index, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            if properties.isAlphabetic, isRightToLeft(scalar) {
                for emoji in between { advances[emoji] = 0 }
                (afterRightToLeft, between) = (true, [])
            } else if properties.isAlphabetic || properties.numericType != nil || scalar == "\n" || scalar == "\r" {
                (afterRightToLeft, between) = (false, [])
            } else if afterRightToLeft, scalar.value >= 0x2000, properties.isEmoji || properties.isEmojiModifier {
                between.append(index)
            }
        }
    }

    /// A scalar of the right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their
    /// presentation forms and supplements).
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Calls `body` with each glyph's cluster (the UTF-8 offset in `text` of its first scalar) and
    /// its advance in px: its nominal advance on a whole pixel (a mark, which shaping gives no
    /// advance, none; a missing glyph in the cluster of a glyph drawn, none, in either direction:
    /// "👍🏽" is 15 px in LibreOffice, the thumb of Noto Sans Symbols2, which has no skin tones,
    /// after Latin or Arabic text alike).
    ///
    /// - Complexity: O(length).
    private static func forEachGlyph(of text: String, in stack: FontStack, _ body: (Int, Double) -> Void) {
        for run in stack.glyphRuns(of: text) {
            let base = text.utf8.distance(from: text.startIndex, to: run.text.startIndex)
            // A missing glyph within a cluster (a skin tone no font draws, with its emoji) adds
            // nothing. The clusters that draw a glyph are gathered once, for a run with a glyph
            // missing (few runs): a search of the run at each missing glyph was quadratic.
            let drawnClusters = run.glyphs.contains { $0.id == 0 } ? Set(run.glyphs.lazy.filter { $0.id != 0 }.map(\.cluster)) : []
            for glyph in run.glyphs {
                let drawn = glyph.advance != 0 && (glyph.id != 0 || !drawnClusters.contains(glyph.cluster))
                body(base + glyph.cluster, drawn ? run.font.nominalAdvance(ofGlyph: glyph.id).rounded(.toNearestOrEven) : 0)
            }
        }
    }

    /// The height in px of the line of `classes` (a line's characters' `ScriptClass.laidOut`
    /// classes) as LibreOffice stacks a wrapped cell's lines: the largest ascender plus the
    /// largest descender of the fonts of the classes in it (`ScriptFonts`), the line gap left
    /// out. An empty line is as tall as the Western font's.
    ///
    /// - Complexity: O(length).
    func lineHeight(of classes: some Sequence<ScriptClass>) -> Double {
        var ascender = -Double.infinity, descender = -Double.infinity
        for kind in classes {
            let extent = scripts.extent(of: kind)
            (ascender, descender) = (Swift.max(ascender, extent.ascender), Swift.max(descender, extent.descender))
        }
        guard ascender > -.infinity else { return lineHeight(of: [.western]) }
        return ascender + descender
    }
}
