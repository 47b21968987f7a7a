import PropertyBased

extension WrapGen {
    /// `text` as a Swift string literal; invisible, combining, joining and non-ASCII space
    /// characters are escaped so the literal reproduces the exact scalars.
    package static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let category = scalar.properties.generalCategory
                let escaped: Bool = switch category {
                case .control, .format, .nonspacingMark, .spacingMark, .enclosingMark, .lineSeparator,
                     .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
                case .spaceSeparator: scalar != " "
                default: scalar.properties.isVariationSelector || scalar.properties.isEmojiModifier
                }
                result += escaped ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
            }
        }
        return result + "\""
    }
}

/// Generators of random text and widths.
package enum WrapGen {
    /// Random text: up to 24 pieces from a weighted mix of scripts, spaces, breaks and emoji.
    /// Shrinking drops pieces and moves each toward the first kind (ASCII words) and its first
    /// variant.
    package static let text = zip(Gen.int(in: 0..<totalWeight), Gen.int(in: 0...9_999))
        .map { kind, variant in piece(kind: kind, variant: variant) }
        .array(of: 0...24)
        .map { $0.joined() }

    /// One word without a break opportunity, up to 60 pieces of letters and digits in Latin,
    /// accented Latin, Greek, Cyrillic, Arabic, Hebrew and Devanagari (the kinds 0 and 10–15).
    package static let word = zip(Gen.int(in: 0...6), Gen.int(in: 0...9_999))
        .map { kind, variant -> String in
            let pieces = kinds[[0, 10, 11, 12, 13, 14, 15][kind]].variants
            return pieces[variant % pieces.count]
        }
        .array(of: 1...60)
        .map { $0.joined() }

    /// Widths from 0 to 500: exactly 0, tiny (under 2 pt), small (under 20 pt) or any.
    package static let width = zip(Gen.int(in: 0...9), Gen.double(in: 0...500)).map { mode, value -> Double in
        return switch mode {
        case 0: 0
        case 1: value / 250
        case 2: value / 25
        default: value
        }
    }

    /// Extra width over a content width: none, a little, or up to 100 pt.
    package static let extra = zip(Gen.int(in: 0...3), Gen.double(in: 0...100)).map { mode, value -> Double in
        return switch mode {
        case 0: 0
        case 1: value / 1_000
        default: value
        }
    }

    package static let ellipsis = Gen.int(in: 0...2).map { ["…", "...", "\u{2192}"][$0] }

    /// The kinds of piece and their weights; kind 0 (ASCII words) is where shrinking goes.
    /// A kind marked `isRun` strings one to four of its variants together.
    package static let kinds: [(weight: Int, variants: [String], isRun: Bool)] = [
        (8, ["a", "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "Hello", "world", "office", "AVAWAY",
             "WWWWWWWW", "1234", "x", "supercalifragilisticexpialidocious", "Donaudampfschifffahrt"], false),
        (6, [" ", " ", " ", "  "], false),
        (2, [".", ",", "!", "?", ";", ":", "(", ")", "\"", "'", "/", "\u{2026}"], false),
        (1, ["-", "\u{2013}", "\u{2014}", "\u{2010}"], false),
        (1, ["\u{00AD}"], false),
        (1, ["\u{00A0}"], false),
        (1, ["\u{200B}"], false),
        (1, ["\u{2060}"], false),
        (1, ["\t"], false),
        (2, ["\n", "\n", "\r\n", "\u{2028}", "\r", "\u{000B}", "\u{000C}", "\u{0085}", "\u{2029}"], false),
        (2, ["caf\u{00E9}", "cafe\u{0301}", "na\u{00EF}ve", "\u{00C5}ngstr\u{00F6}m", "r\u{00E9}sum\u{00E9}", "e\u{0301}",
             "\u{0301}", "A\u{0301}\u{0301}", "\u{00F1}"], false),
        (1, ["\u{03B1}\u{03B2}\u{03B3}", "\u{0395}\u{03BB}\u{03BB}\u{03B7}\u{03BD}\u{03B9}\u{03BA}\u{03AC}",
             "\u{03BB}\u{03CC}\u{03B3}\u{03BF}\u{03C2}"], false),
        (1, ["\u{041F}\u{0440}\u{0438}\u{0432}\u{0435}\u{0442}", "\u{043C}\u{0438}\u{0440}", "\u{0451}\u{0436}\u{0438}\u{043A}"], false),
        (1, ["\u{0645}\u{0631}\u{062D}\u{0628}\u{0627}", "\u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645}",
             "\u{0627}\u{0644}\u{0633}\u{0644}\u{0627}\u{0645}", "\u{0639}\u{0644}\u{064A}\u{0643}\u{0645}",
             "\u{0644}\u{0627}"], false),
        (1, ["\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{05E2}\u{05D5}\u{05DC}\u{05DD}", "\u{05E9}\u{05B8}\u{05DC}\u{05D5}\u{05B9}\u{05DD}"], false),
        (1, ["\u{0928}\u{092E}\u{0938}\u{094D}\u{0924}\u{0947}", "\u{0915}\u{094D}\u{0937}\u{0924}\u{094D}\u{0930}\u{093F}\u{092F}",
             "\u{0939}\u{093F}\u{0928}\u{094D}\u{0926}\u{0940}", "\u{0926}\u{094D}\u{0935}\u{093F}"], false),
        (1, ["\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}", "\u{0E20}\u{0E32}\u{0E29}\u{0E32}\u{0E44}\u{0E17}\u{0E22}",
             "\u{0E04}\u{0E23}\u{0E31}\u{0E1A}", "\u{0E2A}\u{0E27}\u{0E31}\u{0E2A}\u{0E14}\u{0E35}\u{0E04}\u{0E23}\u{0E31}\u{0E1A}"], false),
        (2, ["\u{7684}", "\u{4E00}", "\u{662F}", "\u{4E0D}", "\u{4E86}", "\u{4EBA}", "\u{6211}", "\u{5728}", "\u{6709}",
             "\u{4ED6}", "\u{8FD9}", "\u{4E3A}", "\u{4E4B}", "\u{5927}", "\u{6765}", "\u{4EE5}", "\u{4E2A}", "\u{4E2D}",
             "\u{4E0A}", "\u{4EEC}"], true),
        (1, ["\u{3042}", "\u{3044}", "\u{3046}", "\u{3048}", "\u{304A}", "\u{304B}", "\u{304D}", "\u{304F}", "\u{3051}",
             "\u{3053}", "\u{30A2}", "\u{30A4}", "\u{30A6}", "\u{30A8}", "\u{30AA}"], true),
        (1, ["\u{AC00}", "\u{B098}", "\u{B2E4}", "\u{B77C}", "\u{B9C8}", "\u{BC14}", "\u{C0AC}"], true),
        (1, ["\u{1F44D}\u{1F3FD}", "\u{1F1EB}\u{1F1F7}", "\u{1F469}\u{200D}\u{1F4BB}", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}"], false),
    ]

    package static let totalWeight = kinds.reduce(0) { $0 + $1.weight }

    /// The piece for a kind drawn by weight (`0..<totalWeight`) and a variant number.
    package static func piece(kind: Int, variant: Int) -> String {
        var rest = kind
        for (weight, variants, isRun) in kinds {
            if rest < weight {
                guard isRun else { return variants[variant % variants.count] }
                var run = "", choice = variant / 4
                for _ in 0...(variant % 4) {
                    run += variants[choice % variants.count]
                    choice /= variants.count
                }
                return run
            }
            rest -= weight
        }
        return ""
    }
}
