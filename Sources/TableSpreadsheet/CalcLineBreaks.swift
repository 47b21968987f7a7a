internal import ICULineBreaks
import TextMeasure

/// Where LibreOffice Calc 7.4 may end a line of a wrapped cell, and where it does.
///
/// Calc breaks a cell's paragraph greedily (its editing engine's `ImpBreakLine`): it finds the
/// first character that no longer fits, then asks the break iterator of the script of the text
/// that ends there (the character before it) for the line's end:
/// - **Western and Complex text:** the break opportunity right before that character, unless it
///   follows a "/" (then the last one before that), by
///   LibreOffice's own line rules: UAX #14 as of Unicode 5.0 (`Kind`, `mayBreak`), not the rules
///   of a browser. So no break before "/", ")"-like closing punctuation, "!" or "," even after
///   spaces; none between a closing mark ("。", "」", ")") and a letter or digit; and a break on
///   each side of the characters the old rules have no class for (emoji bases and their skin
///   tones, the zero-width joiner, regional indicators). A break after "/" moves back to the
///   white space before its path, when there is one within 66 UTF-16 units.
/// - **Asian text:** right before that character, with no kinsoku, except that a word of Hangul
///   is kept whole.
/// - A space that does not fit ends its line.
/// - No opportunity in the line: the line is cut before the character that does not fit.
///
/// Measured against LibreOffice's optimal row heights by `Scripts/xlsx-check.py` (generated
/// rows of many scripts).
enum CalcLineBreaks {
    /// A character's line-break class in LibreOffice's rules: UAX #14 5.0's classes (AI, SA, SG
    /// and XX read as AL; CJ as NS, CP as CL; "°" as AL, "\" as SY). Classes Unicode added later
    /// (EB, EM, ZWJ, RI) are in no rule of LibreOffice's but those that hold for any character:
    /// `other`.
    enum Kind: UInt8 {
        case al, b2, ba, bb, hardBreak, cb, cl, cm, ex, gl, hy, id, inseparable, `is`, ns, nu, op, po, pr, qu, sp, sy, zw, wj
        case h2, h3, jl, jt, jv, hl, other

        /// The class of `scalar`, whose ICU `ULineBreak` value is `property`.
        ///
        /// - Complexity: O(1).
        init(_ scalar: Unicode.Scalar, property: Int32) {
            switch scalar.value {
            case 0xB0: self = .al
            case 0x5C: self = .sy
            case 0xFE30: self = .is
            default: self = property >= 0 && Int(property) < Self.byICU.count ? Self.byICU[Int(property)] : .other
            }
        }

        /// ICU's `ULineBreak` values 0 to 38, in order, as LibreOffice's rules read them (later
        /// values are `other`).
        private static let byICU: [Kind] = [
            .al, .al, .al, .b2, .ba, .bb, .hardBreak, .cb, .cl, .cm, .hardBreak, .ex, .gl, .hy, .id, .inseparable,
            .is, .hardBreak, .ns, .nu, .op, .po, .pr, .qu, .al, .al, .sp, .sy, .zw, .hardBreak, .wj, .h2, .h3, .jl,
            .jt, .jv, .cl, .ns, .hl,
        ]

        var isKorean: Bool { self == .h2 || self == .h3 || self == .jl || self == .jt || self == .jv }
    }

    /// Whether a line may end between a character of class `before` (the last before any
    /// spaces, its combining marks included; `beforeThat` the one before it) and one of class
    /// `after`, with spaces between them or not: LibreOffice's rules LB 8 to LB 31 (LB 25, the
    /// numbers, is `numbers(in:)`).
    ///
    /// - Complexity: O(1).
    static func mayBreak(_ before: Kind, _ after: Kind, afterSpaces: Bool, beforeThat: Kind?) -> Bool {
        if before == .zw { return true }                                                  // LB 8
        switch after { case .wj, .cl, .ex, .is, .sy: return false; default: break }       // LB 11, 13
        if before == .op { return false }                                                 // LB 14
        if before == .cl && after == .ns { return false }                                 // LB 16
        if before == .b2 && after == .b2 { return false }                                 // LB 17
        if afterSpaces { return true }                                                    // LB 18
        if before == .wj || before == .gl || after == .gl { return false }                // LB 11, 12
        if before == .qu || after == .qu { return false }                                 // LB 19
        if before == .cb || after == .cb { return true }                                  // LB 20
        if after == .ba || after == .hy || after == .ns || before == .bb { return false } // LB 21
        if beforeThat == .hl && (before == .hy || before == .ba) && after != .cb { return false }  // LB 21a
        switch (before, after) {
        case (.al, .inseparable), (.hl, .inseparable), (.id, .inseparable), (.inseparable, .inseparable),
             (.nu, .inseparable): return false                                            // LB 22
        case (.id, .po), (.al, .nu), (.hl, .nu), (.nu, .al), (.nu, .hl): return false    // LB 23
        case (.pr, .id), (.al, .pr), (.pr, .al), (.pr, .hl), (.po, .al), (.po, .hl): return false  // LB 24
        case (.jl, .jl), (.jl, .jv), (.jl, .h2), (.jl, .h3), (.jv, .jv), (.jv, .jt), (.h2, .jv), (.h2, .jt),
             (.jt, .jt), (.h3, .jt): return false                                         // LB 26
        case (_, .inseparable) where before.isKorean, (_, .po) where before.isKorean,
             (.pr, _) where after.isKorean: return false                                  // LB 27
        case (.al, .al), (.al, .hl), (.hl, .al), (.hl, .hl): return false                 // LB 28
        case (.is, .al), (.is, .nu): return false                                         // LB 29
        case (.al, .op), (.hl, .op), (.nu, .op), (.cl, .al), (.cl, .hl), (.cl, .nu): return false  // LB 30
        default: return true
        }
    }

    /// The break opportunities of `scalars` (one paragraph): `result[i]` tells whether a line may
    /// end before `scalars[i]` (never before the first).
    ///
    /// - Complexity: O(length).
    static func opportunities(in scalars: [Unicode.Scalar]) -> [Bool] {
        let properties = scalars.map(LineBreakProperty.value)
        let kinds = zip(scalars, properties).map { Kind($0, property: $1) }
        var breaks = [Bool](repeating: false, count: scalars.count)
        let inNumber = numbers(in: kinds)
        var before: Kind?, beforeThat: Kind?, afterSpaces = false
        for (index, kind) in kinds.enumerated() {
            guard let last = before else {
                before = kind == .cm || kind == .sp ? (kind == .sp ? nil : .al) : kind
                continue
            }
            switch kind {
            case .sp:
                afterSpaces = true  // LB 7: no break before a space
            case .cm where !afterSpaces:
                break  // LB 9: a mark is part of the character before it
            default:
                let after: Kind = kind == .cm ? .al : kind  // LB 10: a mark after a space is a letter
                breaks[index] = !inNumber[index] && mayBreak(last, after, afterSpaces: afterSpaces, beforeThat: beforeThat)
                (beforeThat, before, afterSpaces) = (last, after, false)
            }
        }
        // Text of Thai, Lao, Khmer or Myanmar (SA, read as AL) breaks between its words, from
        // ICU's dictionaries, as LibreOffice's rules break it.
        let complexContext: Int32 = 24  // SA
        if properties.contains(complexContext) {
            let text = String(String.UnicodeScalarView(scalars))
            var offsets: [String.Index: Int] = [:]
            for (offset, index) in text.unicodeScalars.indices.enumerated() { offsets[index] = offset }
            for opportunity in LineBreaker.opportunities(in: text, rules: .pango) {
                guard let offset = offsets[opportunity.index], offset > 0 else { continue }
                if properties[offset - 1] == complexContext, properties[offset] == complexContext { breaks[offset] = true }
            }
        }
        return breaks
    }

    /// LB 25: `result[i]` is true inside a number, (PR | PO)? OP? NU (NU | SY | IS)* CL? (PR | PO)?
    /// with its marks: no line ends before `kinds[i]` there.
    ///
    /// - Complexity: O(length).
    private static func numbers(in kinds: [Kind]) -> [Bool] {
        var inside = [Bool](repeating: false, count: kinds.count)
        var index = 0
        func skipMarks(_ position: inout Int) { while position < kinds.count, kinds[position] == .cm { position += 1 } }
        while index < kinds.count {
            var position = index
            if kinds[position] == .pr || kinds[position] == .po { position += 1; skipMarks(&position) }
            if position < kinds.count, kinds[position] == .op { position += 1; skipMarks(&position) }
            guard position < kinds.count, kinds[position] == .nu else { index += 1; continue }
            position += 1
            numeric: while position < kinds.count {
                switch kinds[position] {
                case .nu, .sy, .is, .cm: position += 1
                default: break numeric
                }
            }
            if position < kinds.count, kinds[position] == .cl { position += 1; skipMarks(&position) }
            if position < kinds.count, kinds[position] == .pr || kinds[position] == .po { position += 1; skipMarks(&position) }
            for inner in (index + 1)..<position { inside[inner] = true }
            index = position
        }
        return inside
    }
}
