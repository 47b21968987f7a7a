import TextMeasure

/// Runs of space characters as wide as a given width in a workbook's font: the padding of a
/// decimal-aligned column's numbers (`DecimalPadding`).
///
/// Excel's `?` and `_0` (a digit's width of space) are drawn by LibreOffice 7.4 as whole spaces:
/// `?` one (2.49 pt of Calibri 11 for a digit's 5.58), `_x` as many as round to x's width, so
/// their separators miss by up to 3 pt a digit. Literal spaces of the font's own widths (the
/// space, U+2002–U+200A) are drawn as they are by both: a run whose advances add up to the
/// padding's width to a fraction of a point (Calibri 11: a digit is 1038/2048 em, U+2002 1024).
struct PaddingSpaces {
    /// The space characters the font has, with their advances in points.
    private let spaces: [(character: Character, advance: Double)]
    /// The advances of a digit ("0"), the decimal separator (".") and ")" in points.
    let digit: Double, separator: Double, parenthesis: Double

    /// The spaces of `stack`'s primary font (those it draws itself).
    ///
    /// - Complexity: a dozen one-character shapings.
    init(stack: FontStack) {
        (digit, separator, parenthesis) = (stack.width(of: "0"), stack.width(of: "."), stack.width(of: ")"))
        let candidates: [Character] = [" ", "\u{2002}", "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2007}", "\u{2008}", "\u{2009}", "\u{200A}"]
        spaces = candidates.compactMap { character in
            let runs = stack.glyphRuns(of: String(character))
            guard runs.count == 1, runs[0].fontIndex == 0, runs[0].glyphs.count == 1, runs[0].glyphs[0].id != 0,
                  runs[0].width > 0 else { return nil }
            return (character, runs[0].width)
        }
    }

    /// The spaces whose advances add up nearest to `width` points (none for 0): as many of the
    /// widest as leave less than two of it, then the best of up to four more.
    ///
    /// - Complexity: O(width / the widest space), plus a search of at most 10⁴ runs.
    func run(width: Double) -> String {
        guard width > 0, let widest = spaces.max(by: { $0.advance < $1.advance }) else { return "" }
        let bulk = Swift.max(0, Int((width / widest.advance).rounded(.down)) - 1)
        let rest = width - Double(bulk) * widest.advance
        var best = (error: rest, characters: [Character]())
        func search(_ sum: Double, _ characters: [Character], from start: Int) {
            if abs(rest - sum) < best.error { best = (abs(rest - sum), characters) }
            guard characters.count < 4 else { return }
            for index in start..<spaces.count where sum + spaces[index].advance < rest + best.error {
                search(sum + spaces[index].advance, characters + [spaces[index].character], from: index)
            }
        }
        search(0, [], from: 0)
        return String(repeating: widest.character, count: bulk) + String(best.characters)
    }
}
