public import FoundationEssentials

extension NumberFormat {
    /// `value` written in this format: rounded half-even to ``fractionDigits``, its integer
    /// digits grouped in threes by ``groupingSeparator``, with the sign, currency symbol and
    /// percent sign where this format puts them. A format read from a cell writes that cell's
    /// value back as its exact text ("$8,619,510.47"), less the white space around it.
    ///
    /// - Complexity: O(d) in the number of digits.
    public func string(for value: Decimal) -> String {
        let rounded = value.rounded(fractionDigits: fractionDigits)
        let (integer, fraction) = rounded.plainDigits(fractionDigits: fractionDigits)
        var number = ""
        for (offset, digit) in integer.enumerated() {
            if offset > 0, (integer.count - offset) % 3 == 0, let groupingSeparator { number.append(groupingSeparator) }
            number.append(digit)
        }
        if fractionDigits > 0 {
            number.append(decimalSeparator.character)
            number += fraction
        }
        let negative = rounded < 0
        let sign: String = negative ? negativeStyle.sign.map { String($0) } ?? "" : (showsPlusSign && rounded > 0 ? "+" : "")
        if let percent { number += (percent.space.map { String($0) } ?? "") + "%" }
        var written: String
        if let currency {
            let space = currency.space.map { String($0) } ?? ""
            switch currency.placement {
            case .after: written = sign + number + space + currency.symbol
            case .before where currency.signBeforeSymbol: written = sign + currency.symbol + space + number
            case .before: written = currency.symbol + space + sign + number
            }
        } else {
            written = sign + number
        }
        if negative, negativeStyle == .parentheses { written = "(" + written + ")" }
        return written
    }
}
