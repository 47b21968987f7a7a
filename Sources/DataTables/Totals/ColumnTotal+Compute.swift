import FoundationEssentials

extension ColumnTotal {
    /// This total of `texts` (a column's cells, top to bottom; the column titled `column`), read
    /// by `reader` and written in the column's format.
    ///
    /// Empty cells and the null markers (`NumberReader.nullMarkers`) are skipped, as a
    /// spreadsheet's `SUBTOTAL` skips text.
    ///
    /// - Throws: ``ColumnTotalError`` naming the first cell that is not a number (row 1 is
    ///   `texts`' first), whose currency symbol differs from the column's first one or that is a
    ///   percent among plain numbers or the other way round (but for `count`), or where a sum
    ///   outgrows `Decimal`'s 38 digits; or naming the column whose mean, to its decimal places,
    ///   does (`meanTooManyDigits`).
    /// - Complexity: O(total length).
    public func text(of texts: some Sequence<String>, column: String, reader: NumberReader) throws(ColumnTotalError) -> String {
        var numbers: [WrittenNumber] = []
        var sum = Decimal(0)
        var lastRow = 0
        var currency: String?
        var percents: Bool?
        for (row, text) in texts.enumerated() {
            switch reader.read(text) {
            case .empty: continue
            case .text where NumberReader.nullMarkers.contains(text): continue
            case .text: throw ColumnTotalError(row: row, column: column, problem: .notANumber(text))
            case .number(let number):
                if self != .count, let symbol = number.format.currency?.symbol {
                    if let currency, symbol != currency {
                        throw ColumnTotalError(row: row, column: column, problem: .mixedCurrencies(currency, symbol))
                    }
                    currency = symbol
                }
                if self != .count {
                    if let percents, percents != (number.format.percent != nil) {
                        throw ColumnTotalError(row: row, column: column, problem: .mixedPercents(text))
                    }
                    percents = number.format.percent != nil
                }
                let next = sum + number.value
                // Decimal rounds a result past 38 digits: undoing the addition then misses a term.
                guard next - number.value == sum, next - sum == number.value else {
                    throw ColumnTotalError(row: row, column: column, problem: .tooManyDigits)
                }
                sum = next
                numbers.append(number)
                lastRow = row
            }
        }
        let format = NumberFormat(column: numbers) ?? NumberFormat(decimalSeparator: reader.decimalSeparator)
        switch self {
        case .sum: return format.string(for: sum)
        case .mean:
            guard !numbers.isEmpty else { return "" }
            guard let mean = Self.mean(sum: sum, count: numbers.count, fractionDigits: format.fractionDigits) else {
                throw ColumnTotalError(row: lastRow, column: column, problem: .meanTooManyDigits(fractionDigits: format.fractionDigits))
            }
            return format.string(for: mean)
        case .min: return numbers.map(\.value).min().map(format.string(for:)) ?? ""
        case .max: return numbers.map(\.value).max().map(format.string(for:)) ?? ""
        case .count:
            return NumberFormat(decimalSeparator: format.decimalSeparator, groupingSeparator: format.groupingSeparator)
                .string(for: Decimal(numbers.count))
        }
    }

    /// `sum ÷ count` rounded half-even to `fractionDigits`, exactly: the quotient of the scaled
    /// sum by `count` in whole numbers, its remainder deciding the last digit (a `Decimal`
    /// division alone rounds at 38 digits first, which can make a tie of what is not one). Nil
    /// when the scaled sum reaches 10^38: past 38 digits the quotient and remainder are no longer
    /// exact (the correction below would step by ones that rounding loses, for ever).
    static func mean(sum: Decimal, count: Int, fractionDigits: Int) -> Decimal? {
        let scaled = (sum < 0 ? -sum : sum) * Decimal(sign: .plus, exponent: fractionDigits, significand: 1)
        guard scaled < Decimal(sign: .plus, exponent: 38, significand: 1) else { return nil }
        let divisor = Decimal(count)
        var quotient = (scaled / divisor).rounded(fractionDigits: 0)
        var remainder = scaled - quotient * divisor
        while remainder < 0 { quotient -= 1; remainder += divisor }
        while remainder >= divisor { quotient += 1; remainder -= divisor }
        let twice = remainder * 2
        if twice > divisor || twice == divisor && (quotient / 2).rounded(fractionDigits: 0) * 2 != quotient { quotient += 1 }
        guard quotient != 0 else { return 0 }
        return Decimal(sign: sum < 0 ? .minus : .plus, exponent: -fractionDigits, significand: quotient)
    }
}
