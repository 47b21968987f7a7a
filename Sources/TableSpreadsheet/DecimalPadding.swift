import DataTables

/// The number formats of a decimal-aligned column (`SpreadsheetAlignment.decimal`): each cell's
/// own format followed by spaces as wide as the digits it has fewer than the column's most
/// places (and the separator, for a whole number), so every decimal separator of the
/// right-aligned column sits at one x.
///
/// "1.5" ("0.0") in a column whose most places are 3 is shown by `0.0"  "`, the run of spaces
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
    /// The run of spaces after a section of `p` places (at most `places`), at `2 p`, and after
    /// one that must also make room for a parenthesis, at `2 p + 1`: made once, as a column's
    /// cells share a handful of them.
    private let runs: [String]

    /// The padding of the column whose cells' formats (Excel codes, as `SpreadsheetCell` gives
    /// them) are `codes`, in `spaces`.
    ///
    /// - Complexity: O(total length of `codes`), plus a search of `spaces` for each of the
    ///   2 × (places + 1) runs.
    init(codes: some Sequence<String>, spaces: PaddingSpaces) {
        var places = 0, closes = false
        for code in codes {
            for section in Self.sections(code) {
                places = Swift.max(places, section.places)
                closes = closes || section.closesParenthesis
            }
        }
        (self.places, closesParenthesis) = (places, closes)
        runs = (0...places).flatMap { own in
            // The digits short of `places` (and the separator, for none), then the parenthesis.
            let digits = own > 0 ? Double(places - own) * spaces.digit
                : places > 0 ? spaces.separator + Double(places) * spaces.digit : 0
            return [spaces.run(width: digits), spaces.run(width: digits + (closes ? spaces.parenthesis : 0))]
        }
    }

    /// The padding of a column of `texts`, its numbers read by `reader`, in `spaces`.
    ///
    /// - Complexity: O(total length of `texts`).
    init(texts: some Sequence<String>, reader: NumberReader, spaces: PaddingSpaces) {
        self.init(codes: texts.lazy.compactMap { text in
            if case .number(_, let code) = SpreadsheetCell(text, reader: reader) { code } else { nil }
        }, spaces: spaces)
    }

    /// `text` as its padded format shows it, its run of spaces after it: what a column must be
    /// wide enough for.
    ///
    /// - Complexity: O(length of `text`).
    func shown(_ text: String, reader: NumberReader) -> String {
        guard case .number(let value, let code) = SpreadsheetCell(text, reader: reader) else { return text }
        let sections = Self.sections(code)
        let section = value < 0 ? 1 : value == 0 ? 2 : 0  // the section a spreadsheet shows `value` in
        return text + run(after: sections[section < sections.count ? section : 0])
    }

    /// `code` with its decimal places padded to `places`, and a parenthesis's width when the
    /// column closes one and `code`'s section does not: a quoted run of spaces at the end of each
    /// section.
    ///
    /// - Complexity: O(length of `code`).
    func padded(_ code: String) -> String {
        Self.sections(code).map { section in
            let run = run(after: section)
            let digits = section.integer + (section.places > 0 ? "." + String(repeating: "0", count: section.places) : "")
            return section.before + digits + section.after + (run.isEmpty ? "" : "\"" + run + "\"")
        }.joined(separator: ";")
    }

    /// The run of spaces after `section`.
    private func run(after section: Section) -> String {
        runs[2 * Swift.min(section.places, places) + (closesParenthesis && !section.closesParenthesis ? 1 : 0)]
    }

    /// A section of a format code: the literals before its digits, the integer digits' code
    /// ("0", "#,##0"), its decimal places (the zeros after "."), and what follows.
    private struct Section {
        var before = "", integer = "", places = 0, after = ""

        /// Whether it ends in a closing parenthesis (a negative number's section).
        var closesParenthesis: Bool { after.hasSuffix("\")\"") }
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
