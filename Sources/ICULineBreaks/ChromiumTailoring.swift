/// Chromium's (Blink's) changes to ICU's line-break opportunities, each found by laying text out
/// in headless Chromium (`Scripts/chromium-line-breaks.py`) and named in the Wrapping text
/// article:
///
/// - **CJK `line-break: normal`**: the iterator runs ICU's `@lb=normal` rules, which break before
///   small kana and the prolonged sound mark ("ラ|ッ|シ|ュ", "音|ー"); the root rules do not.
/// - **ASCII pairs**: between two printable ASCII characters (`!` to `~`), Blink's own table
///   decides, not ICU: no break after "/" ("professional/tax", "a/b", URLs and paths), a break
///   after "-" or "?" before a letter or most symbols ("abc-|12" too), and a break after
///   closing punctuation and most symbols only before "(", "[", "{" or "<".
/// - **Hyphen before a digit**: "-" then an ASCII digit breaks only after an ASCII letter or
///   digit ("10-|15", "A-|1"), never in "-5", "(-5" or "é-5" (a minus sign).
/// - **After spaces**: a run of spaces is always followed by a break opportunity, even before
///   closing punctuation, "/", "." or after an opening bracket ("a |/ b", "( |b"), where UAX #14
///   (LB13, LB14) has none.
/// - **Hebrew hyphen**: a hyphen or maqaf after a Hebrew letter breaks before a Hebrew letter
///   (Unicode 15.1's LB21a, which Chromium's newer ICU has: "שלום-|עולם").
enum ChromiumTailoring {
    /// The opportunities of `utf8` from ICU's offsets `icu` (the `@lb=normal` iterator's, the
    /// last at the end of the text) with the rules above applied. O(length).
    static func opportunities(in utf8: UnsafeBufferPointer<UInt8>, icu: ArraySlice<Int32>)
        -> [LineBreakIterator.Opportunity] {
        var result: [LineBreakIterator.Opportunity] = []
        result.reserveCapacity(icu.count + 4)
        var next = icu.startIndex
        let count = utf8.count
        var offset = 1
        while offset < count {
            let fromICU = next < icu.endIndex && Int(icu[next]) == offset
            if fromICU { next += 1 }
            let before = utf8[offset - 1], after = utf8[offset]
            let isBreak: Bool
            if isPrintableASCII(before), isPrintableASCII(after) {
                isBreak = asciiPairBreaks(offset >= 2 ? utf8[offset - 2] : 0, before, after)
            } else if before == 0x20 {
                isBreak = fromICU || spaceRunMayEnd(utf8, at: offset)
            } else {
                isBreak = fromICU || hebrewHyphenBreaks(utf8, at: offset)
            }
            if isBreak {
                result.append(.init(offset: offset, isHard: LineBreakIterator.hardBreakLength(utf8, before: offset) > 0))
            }
            offset += 1
        }
        result.append(.init(offset: count, isHard: LineBreakIterator.hardBreakLength(utf8, before: count) > 0))
        return result
    }

    @inline(__always)
    static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x21 && byte <= 0x7E }

    @inline(__always)
    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Whether Chromium breaks between the printable ASCII characters `before` and `after`,
    /// `previous` the byte before `before` (0 at the start). Found for all 94 × 94 pairs with
    /// headless Chromium (`Fixtures/chromium-ascii-pairs.tsv`).
    static func asciiPairBreaks(_ previous: UInt8, _ before: UInt8, _ after: UInt8) -> Bool {
        switch before {
        case UInt8(ascii: "-"):
            if (0x30...0x39).contains(after) { return isASCIIAlphanumeric(previous) }
            // Not before ! $ ) , . / : ; ? ] }
            return !breakNeverAfterHyphen(after)
        case UInt8(ascii: "?"):
            // Not before ! " ' ) , . / : ; ? ] } (before "$", unlike "-")
            if after == UInt8(ascii: "$") { return true }
            return !breakNeverAfterHyphen(after) && after != UInt8(ascii: "\"") && after != UInt8(ascii: "'")
        case UInt8(ascii: "!"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "."),
             UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "\\"),
             UInt8(ascii: "]"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"):
            return after == UInt8(ascii: "(") || after == UInt8(ascii: "[") || after == UInt8(ascii: "{")
                || after == UInt8(ascii: "<")
        default:
            return false
        }
    }

    /// The characters "-" never breaks before: ! $ ) , . / : ; ? ] }
    @inline(__always)
    private static func breakNeverAfterHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "."),
             UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "]"),
             UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }

    /// After a space: whether the run of spaces ends at `offset` before a character a line may
    /// start with (not a space, tab, line end, word joiner or zero-width no-break space).
    private static func spaceRunMayEnd(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        switch utf8[offset] {
        case 0x20, 0x09...0x0D: return false
        case 0xE2: return !(offset + 2 < utf8.count && utf8[offset + 1] == 0x81 && utf8[offset + 2] == 0xA0)
        case 0xEF: return !(offset + 2 < utf8.count && utf8[offset + 1] == 0xBB && utf8[offset + 2] == 0xBF)
        case 0xC2: return !(offset + 1 < utf8.count && utf8[offset + 1] == 0x85)
        default: return true
        }
    }

    /// Whether a Hebrew letter, then "-", maqaf, hyphen or en dash, end the text before `offset`
    /// and a Hebrew letter follows it.
    private static func hebrewHyphenBreaks(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard isHebrewLetter(utf8, at: offset) else { return false }
        let hyphenLength: Int
        if utf8[offset - 1] == UInt8(ascii: "-") {
            hyphenLength = 1
        } else if offset >= 2, utf8[offset - 2] == 0xD6, utf8[offset - 1] == 0xBE {
            hyphenLength = 2
        } else if offset >= 3, utf8[offset - 3] == 0xE2, utf8[offset - 2] == 0x80, utf8[offset - 1] == 0x90 || utf8[offset - 1] == 0x93 {
            hyphenLength = 3
        } else {
            return false
        }
        return offset - hyphenLength >= 2 && isHebrewLetter(utf8, at: offset - hyphenLength - 2)
    }

    /// Whether the two bytes at `offset` are a Hebrew letter, U+05D0 to U+05EA.
    @inline(__always)
    private static func isHebrewLetter(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 1 < utf8.count && utf8[offset] == 0xD7 && (0x90...0xAA).contains(utf8[offset + 1])
    }
}
