internal import ICULineBreaks

/// The three kinds of text LibreOffice gives each a font of its own (Western, Asian and Complex,
/// its "script types"), and the characters that take the kind of the text around them.
///
/// A wrapped cell's line is as tall as the fonts of the kinds in it (`ScreenText.lineHeight`),
/// so a row of Japanese, Arabic or Thai text is taller than one of Latin text in the same
/// cell format. The classes follow LibreOffice's `BreakIterator::getScriptClass`: a character's
/// Unicode script decides, and for characters of no script of their own (punctuation, symbols,
/// combining marks) its block: ASCII, Latin-1 and the spacing modifiers are Western, the CJK
/// symbols and the full-width forms Asian, and everything else weak, as are the space and the
/// no-break space.
enum ScriptClass: Hashable {
    case western, asian, complex

    /// The class of `scalar`; nil for a weak character.
    ///
    /// - Complexity: O(1).
    static func of(_ scalar: Unicode.Scalar) -> ScriptClass? {
        let value = scalar.value
        switch value {
        case 0x01, 0x02, 0x20, 0xA0: return nil
        case 0x00...0x02FF: return .western
        case 0x0300...0x036F: return nil  // combining marks
        case 0x0590...0x08FF, 0x0900...0x0DFF, 0x0E00...0x0FFF, 0x1000...0x109F, 0x1200...0x139F,
             0x1780...0x18AF, 0x1900...0x1AAF, 0xA800...0xA82F, 0xA840...0xA8FF, 0xA980...0xAAFF,
             0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x11000...0x11FFF, 0x1E800...0x1EFFF:
            return .complex
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x4DBF, 0x4E00...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF,
             0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x1B000...0x1B16F, 0x20000...0x3FFFF:
            return .asian
        case 0x0370...0x058F, 0x10A0...0x10FF, 0x13A0...0x169F, 0x1D00...0x1DBF, 0x1E00...0x1FFF, 0x2C00...0x2C7F,
             0x2C80...0x2CFF, 0x2D00...0x2D2F, 0xA640...0xA69F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06:
            return .western  // Greek, Cyrillic, Armenian, Georgian, Cherokee, Runic, Latin extensions, Coptic
        default: return nil  // punctuation, symbols, arrows, emoji and the rest of no script of its own
        }
    }

    /// The class of each of `text`'s scalars, weak ones resolved as LibreOffice's editing engine
    /// resolves them: the class of the scalar before, or at the start of the text the first
    /// class after; a text of weak characters only is Western.
    ///
    /// - Complexity: O(length).
    static func resolved(_ text: String) -> [ScriptClass] {
        let classes = text.unicodeScalars.map(of)
        var current = classes.lazy.compactMap { $0 }.first ?? .western
        return classes.map { found in
            if let found { current = found }
            return current
        }
    }

    /// The class each of `text`'s scalars is laid out in, as LibreOffice's editing engine lays out
    /// a cell (a left-to-right paragraph): its `resolved` class, except that text in a
    /// right-to-left bidi run, and the numbers and neutrals embedded in one (a run of a higher
    /// even level without a left-to-right letter), is Complex, drawn in the Complex font
    /// ("עמודה 789 גובה" is one Complex run there, digits and spaces too).
    ///
    /// - Complexity: O(length).
    static func laidOut(_ text: String) -> [ScriptClass] {
        var classes = resolved(text)
        let runs = Array(text.utf8).withUnsafeBufferPointer { BidiLevels.runs(in: $0, rightToLeft: false) }
        guard runs.contains(where: { $0.level > 0 }) else { return classes }
        let scalars = Array(text.unicodeScalars)
        var offset = 0, scalar = 0  // the UTF-8 offset of scalars[scalar]
        for run in runs {
            let first = scalar
            while scalar < scalars.count, offset < run.range.upperBound {
                offset += UTF8.width(scalars[scalar])
                scalar += 1
            }
            // A left-to-right letter (not one of the Complex scripts) keeps an even run as it is.
            guard run.level > 0, run.level & 1 == 1
                    || !scalars[first..<scalar].contains(where: { $0.properties.isAlphabetic && of($0) != .complex }) else { continue }
            for index in first..<scalar { classes[index] = .complex }
        }
        return classes
    }
}
