import DataTables

/// The number formats of a decimal-aligned column (`SpreadsheetAlignment.decimal`): each cell's
/// own format followed by spaces as wide as the digits it has fewer than the column's most
/// places (and the separator, for a whole number), so every decimal separator of the
/// right-aligned column sits at one x.
///
/// "1.5" ("0.0") in a column whose most places are 3 is shown by `0.0" "`, the run of spaces
/// two digits wide in the workbook's font (`PaddingSpaces`: Excel's `?` would be drawn by
/// LibreOffice one space wide); "12" ("0") by the format and a run as wide as ".000". When a
/// negative number of the column is in parentheses ("(1.50)"), the sections without a closing
/// one are padded by its width too. Other text after the digits (a percent sign, a currency
/// written after the number) is left as it is: a column that mixes them lines up only the cells
/// that share it.
struct DecimalPadding {
    /// The most decimal places of the column's formats.
    let places: Int
    /// Whether a section of the column's formats closes a parenthesis after its digits.
    let closesParenthesis: Bool

    /// The padding of the column whose cells' formats (Excel codes, as `SpreadsheetCell` gives
    /// them) are `codes`.
    ///
    /// - Complexity: O(total length of `codes`).
    init(codes: some Sequence<String>) {
        var places = 0, closes = false
        for code in codes {
            for section in Self.sections(code) {
                places = Swift.max(places, section.places)
                closes = closes || section.after.hasSuffix("\")\"")
            }
        }
        (self.places, closesParenthesis) = (places, closes)
    }

    /// The padding of a column of `texts`, its numbers read by `reader`.
    ///
    /// - Complexity: O(total length of `texts`).
    init(texts: some Sequence<String>, reader: NumberReader) {
        self.init(codes: texts.lazy.compactMap { text in
            if case .number(_, let code) = SpreadsheetCell(text, reader: reader) { code } else { nil }
        })
    }

    /// `text` as its padded format shows it, the run of `spaces` after it: what a column must be
    /// wide enough for.
    ///
    /// - Complexity: O(length of `text`).
    func shown(_ text: String, reader: NumberReader, spaces: PaddingSpaces) -> String {
        guard case .number(let value, let code) = SpreadsheetCell(text, reader: reader) else { return text }
        let sections = Self.sections(code)
        let section = value < 0 && sections.count > 1 ? sections[1] : sections[0]
        return text + spaces.run(width: width(of: section, spaces: spaces))
    }

    /// `code` with its decimal places padded to `places`, and a parenthesis's width when the
    /// column closes one and `code`'s section does not: a quoted run of `spaces` at the end of
    /// each section.
    ///
    /// - Complexity: O(length of `code`).
    func padded(_ code: String, spaces: PaddingSpaces) -> String {
        Self.sections(code).map { section in
            let run = spaces.run(width: width(of: section, spaces: spaces))
            let digits = section.integer + (section.places > 0 ? "." + String(repeating: "0", count: section.places) : "")
            return section.before + digits + section.after + (run.isEmpty ? "" : "\"" + run + "\"")
        }.joined(separator: ";")
    }

    /// The width in points of `section`'s padding: the digits short of `places` (and the
    /// separator, for none), and a parenthesis when the column closes one and it does not.
    private func width(of section: Section, spaces: PaddingSpaces) -> Double {
        var width = 0.0
        if section.places > 0 {
            width += Double(places - section.places) * spaces.digit
        } else if places > 0 {
            width += spaces.separator + Double(places) * spaces.digit
        }
        if closesParenthesis && !section.after.hasSuffix("\")\"") { width += spaces.parenthesis }
        return width
    }

    /// A section of a format code: the literals before its digits, the integer digits' code
    /// ("0", "#,##0"), its decimal places (the zeros after "."), and what follows.
    private struct Section {
        var before = "", integer = "", places = 0, after = ""
    }

    /// The sections of `code` (split at ";" outside quoted literals).
    private static func sections(_ code: String) -> [Section] {
        var sections: [Section] = [], section = Section(), quoted = false, stage = 0  // 0 before, 1 integer, 2 places, 3 after
        for character in code {
            if character == "\"" { quoted.toggle() }
            if !quoted, character == ";" {
                sections.append(section)
                (section, stage) = (Section(), 0)
                continue
            }
            let digit = !quoted && (character == "0" || character == "#" || character == ",")
            switch stage {
            case 0 where digit, 1 where digit: section.integer.append(character); stage = 1
            case 1 where !quoted && character == ".": stage = 2
            case 2 where !quoted && character == "0": section.places += 1
            case 0: section.before.append(character)
            default: section.after.append(character); stage = 3
            }
        }
        sections.append(section)
        return sections
    }
}
