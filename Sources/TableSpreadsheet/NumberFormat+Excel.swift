import DataTables
import FoundationEssentials

extension WrittenNumber {
    /// The value a spreadsheet stores and the number format (Excel's codes) that shows it exactly
    /// as `text`; nil when it cannot be kept so, and the cell stays text:
    /// - a text the format does not write back exactly (white space around it, "0.50" read with
    ///   `.comma`); a negative zero ("-0.00", "(0)", what rounding a small loss gives) is 0 with a
    ///   format whose zero section is the negative one;
    /// - grouping other than "," with a "." decimal separator or "." with a "," one (the codes'
    ///   "," and "." show as the reader's locale says: "1.234,5", read with `.comma`, is 1234.5
    ///   in "#,##0.0", shown "1.234,5" where the decimal separator is a comma);
    /// - more than 15 significant digits (a spreadsheet's Double keeps 15).
    ///
    /// A percent is stored divided by 100 ("12.5%" is 0.125), as the codes' "%" multiplies by 100.
    ///
    /// - Complexity: O(length).
    var spreadsheetValue: (value: Double, format: String)? {
        let grouping: Character = format.decimalSeparator == .period ? "," : "."
        let negativeZero = value == 0 && text == format.negativeZero
        guard format.string(for: value) == text || negativeZero, format.groupingSeparator == nil || format.groupingSeparator == grouping else { return nil }
        let digits = text[integerPart].filter(\.isNumber) + (fractionPart.map { String(text[$0]) } ?? "")
        guard digits.drop(while: { $0 == "0" }).count <= 15 else { return nil }
        let stored = format.percent == nil ? value : value / 100
        guard let double = Double(stored.description) else { return nil }
        return (double, format.excelCode(negativeZero: negativeZero))
    }
}

extension NumberFormat {
    /// Zero written as a negative number of this format: "-0.00", "($0)", "-0 %".
    var negativeZero: String {
        var zero = string(for: -1)
        if let digit = zero.firstIndex(of: "1") { zero.replaceSubrange(digit...digit, with: "0") }
        return zero
    }

    /// Excel's number format code for this format: "#,##0.00" for "1,234.50", with the currency
    /// symbol, percent sign and signs as literals in quotes, and sections for negative numbers
    /// ("positive;negative", and "+" positives: "positive;negative;zero"); with `negativeZero`,
    /// zero is shown as a negative number ("positive;negative;negative").
    func excelCode(negativeZero: Bool = false) -> String {
        var core = groupingSeparator == nil ? "0" : "#,##0"
        if fractionDigits > 0 { core += "." + String(repeating: "0", count: fractionDigits) }
        if let percent { core += quoted(percent.space.map { String($0) } ?? "") + "%" }
        var before = "", after = ""
        if let currency {
            let space = currency.space.map { String($0) } ?? ""
            if currency.placement == .before { before = currency.symbol + space } else { after = space + currency.symbol }
        }
        let positive = quoted(before) + core + quoted(after)
        let negative: String
        switch negativeStyle {
        case .parentheses: negative = quoted("(") + positive + quoted(")")
        case .hyphenMinus, .minusSign:
            let sign = String(negativeStyle.sign!), signAfterSymbol = currency?.signBeforeSymbol == false
            negative = quoted(signAfterSymbol ? before + sign : sign + before) + core + quoted(after)
        }
        let signed = showsPlusSign ? quoted("+") + positive : positive
        return signed + ";" + negative + (negativeZero ? ";" + negative : showsPlusSign ? ";" + positive : "")
    }

    /// `literal` in double quotes (none of the literals here holds a quote); empty for none.
    private func quoted(_ literal: String) -> String { literal.isEmpty ? "" : "\"" + literal + "\"" }
}

extension ColumnTotal {
    /// The `SUBTOTAL` function number of this total that leaves out rows hidden by a filter or
    /// by hand: 109 SUM, 101 AVERAGE, 105 MIN, 104 MAX, 102 COUNT (numbers).
    var subtotalFunction: Int {
        switch self {
        case .sum: 109
        case .mean: 101
        case .min: 105
        case .max: 104
        case .count: 102
        }
    }
}
