import DataTables
import Foundation
import Testing
import TextMeasureTestSupport

/// The number reader on the named cases, worked by hand, and on generated numbers whose
/// text the test writes itself from random parts (sign, currency, grouping, digits, percent).
@Suite struct NumberReaderTests {
    let reader = NumberReader()

    /// The exact decimal `digits` × 10^−`scale`, built without parsing.
    func decimal(_ significand: Int, scale: Int, negative: Bool = false) -> Decimal {
        Decimal(sign: negative ? .minus : .plus, exponent: -scale, significand: Decimal(significand))
    }

    func number(_ text: String, _ reader: NumberReader = NumberReader()) throws -> WrittenNumber {
        try #require(reader.read(text).number, "\(text) should be a number")
    }

    @Test func groupedDecimal() throws {
        let n = try number("1,234.56")
        #expect(n.value == decimal(123_456, scale: 2))
        #expect(n.format == NumberFormat(groupingSeparator: ",", fractionDigits: 2))
        #expect(n.text[n.integerPart] == "1,234")
        #expect(n.fractionPart.map { n.text[$0] } == "56")
        #expect(n.leadingText == "1,234" && n.trailingText == ".56")
    }

    @Test func accountingParentheses() throws {
        let n = try number("(12.00)")
        #expect(n.value == decimal(12, scale: 0, negative: true))
        #expect(n.format.negativeStyle == .parentheses && n.format.fractionDigits == 2)
        #expect(n.leadingText == "(12" && n.trailingText == ".00)")
        #expect(n.format.string(for: n.value) == "(12.00)")
    }

    @Test func unicodeMinus() throws {
        let n = try number("\u{2212}3")
        #expect(n.value == -3)
        #expect(n.format.negativeStyle == .minusSign)
        #expect(n.format.string(for: -1234) == "\u{2212}1234")
    }

    @Test func percentWithSpace() throws {
        let n = try number("12 %")
        #expect(n.value == 12)
        #expect(n.format.percent == PercentSign(space: " "))
        #expect(n.leadingText == "12" && n.trailingText == " %")
        #expect(try number("12%").format.percent == PercentSign(space: nil))
    }

    @Test func currencyBeforeAndAfter() throws {
        let before = try number("€5")
        #expect(before.value == 5)
        #expect(before.format.currency == CurrencySymbol("€", placement: .before, space: nil))
        let after = try number("5 €")
        #expect(after.value == 5)
        #expect(after.format.currency == CurrencySymbol("€", placement: .after, space: " "))
        #expect(after.leadingText == "5" && after.trailingText == " €")
        #expect(try number("US$ 7").format.currency == CurrencySymbol("US$", placement: .before, space: " "))
    }

    @Test func signAroundTheSymbol() throws {
        #expect(try number("-$5").format.currency?.signBeforeSymbol == true)
        let after = try number("$-5")
        #expect(after.value == -5 && after.format.currency?.signBeforeSymbol == false)
        #expect(after.format.string(for: -12) == "$-12")
        #expect(try number("+7").format.showsPlusSign)
        #expect(try number("($1,000)").value == -1000)
    }

    @Test func notNumbers() {
        for text in ["1.2.3", "1,23", "1.", ".5", "--3", "N/A", "02134", "0,123", "1,2345", "12,34,567", "(12", "(-3)",
                     "$5%", "5 5", "€", "%", "-", "1 ,234", "1,234 567"] {
            #expect(reader.read(text) == .text, "\(text)")
        }
    }

    @Test func emptyIsSkipped() {
        #expect(reader.read("") == .empty)
        #expect(reader.read("  \u{00A0}\t") == .empty)
    }

    @Test func commaDecimalSeparator() throws {
        let comma = NumberReader(decimalSeparator: .comma)
        let n = try number("1.234,5", comma)
        #expect(n.value == decimal(12_345, scale: 1))
        #expect(n.format.groupingSeparator == "." && n.format.decimalSeparator == .comma)
        #expect(try number("1\u{00A0}234,50 €", comma).value == decimal(123_450, scale: 2))
        #expect(comma.read("1,234.56") == .text)
        #expect(try number("1.234", comma).value == 1234)  // grouping, not a fraction
    }

    @Test func moneyRoundTripsExactly() throws {
        let n = try number("$8,619,510.47")
        #expect(n.value == decimal(861_951_047, scale: 2))
        #expect(n.format.string(for: n.value) == "$8,619,510.47")
        #expect(n.format.string(for: n.value + decimal(1, scale: 2)) == "$8,619,510.48")
    }

    @Test func thirtyEightDigitsAndNoMore() throws {
        let digits38 = String(repeating: "9", count: 38)
        #expect(try number(digits38).format.string(for: try number(digits38).value) == digits38)
        #expect(reader.read(digits38 + "9") == .text)
        #expect(reader.read("0." + String(repeating: "0", count: 38) + "1") == .text)
    }

    /// Around the 19 digits the reader sums in an integer before it goes on in `Decimal`: every
    /// value as Foundation's own parser reads it.
    @Test func digitsPastAnIntegerReadExactly() throws {
        for text in ["9999999999999999999", "10000000000000000000", "18446744073709551615", "18446744073709551616",
                     "1234567890123456789.0123456789012345678", "0.00000000000000000012345", "-98765432109876543210.5"] {
            #expect(try number(text).value == Decimal(string: text), "\(text)")
        }
    }

    @Test func writingRoundsHalfEven() {
        let twoPlaces = NumberFormat(fractionDigits: 2)
        #expect(twoPlaces.string(for: decimal(125, scale: 3)) == "0.12")
        #expect(twoPlaces.string(for: decimal(135, scale: 3)) == "0.14")
        #expect(twoPlaces.string(for: decimal(1251, scale: 4)) == "0.13")
        #expect(decimal(125, scale: 3, negative: true).rounded(fractionDigits: 2) == decimal(12, scale: 2, negative: true))
        #expect(decimal(2_675, scale: 3).rounded(fractionDigits: 2) == decimal(268, scale: 2))
        #expect(NumberFormat(groupingSeparator: ",").string(for: decimal(5, scale: 1, negative: true)) == "0")
        #expect(NumberFormat(groupingSeparator: ",").string(for: Decimal(sign: .plus, exponent: 30, significand: 1))
            == "1," + Array(repeating: "000", count: 10).joined(separator: ","))
    }

    @Test func columnFormatTakesTheLargestFractionAndFirstNegative() throws {
        let numbers = try ["$12", "$1,234.5", "-$3.25", "($4)"].map { try number($0) }
        let format = try #require(NumberFormat(column: numbers))
        #expect(format == NumberFormat(groupingSeparator: ",", fractionDigits: 2, currency: CurrencySymbol("$", placement: .before)))
        #expect(NumberFormat(column: [WrittenNumber]()) == nil)
    }

    /// A number written from random parts, its expected value and format, all chosen here.
    struct Generated {
        var text = ""
        var value: Decimal
        var format: NumberFormat
    }

    func generate(_ random: inout SplitMix) -> Generated {
        let separator: DecimalSeparator = Bool.random(using: &random) ? .period : .comma
        let integer = Int.random(in: 0...9_999_999_999, using: &random)
        let fractionDigits = Int.random(in: 0...4, using: &random)
        let fraction = fractionDigits == 0 ? 0 : Int.random(in: 0..<Int(pow(10, Double(fractionDigits))), using: &random)
        var format = NumberFormat(decimalSeparator: separator, fractionDigits: fractionDigits)
        let integerText = String(integer)
        var grouped = integerText
        if integer >= 1000, Bool.random(using: &random) {
            let grouping = separator.groupingSeparators.randomElement(using: &random)!
            format.groupingSeparator = grouping
            grouped = ""
            for (offset, digit) in integerText.enumerated() {
                if offset > 0, (integerText.count - offset) % 3 == 0 { grouped.append(grouping) }
                grouped.append(digit)
            }
        }
        var core = grouped
        if fractionDigits > 0 {
            let fractionText = String(fraction)
            core += String(separator.character) + String(repeating: "0", count: fractionDigits - fractionText.count) + fractionText
        }
        let negative = (integer != 0 || fraction != 0) && Bool.random(using: &random)
        format.negativeStyle = [.hyphenMinus, .minusSign, .parentheses].randomElement(using: &random)!
        let spaces: [Character?] = [nil, " ", "\u{00A0}"]
        switch Int.random(in: 0...3, using: &random) {
        case 0:
            format.currency = CurrencySymbol(["$", "€", "£", "US$"].randomElement(using: &random)!, placement: .before,
                                             space: spaces.randomElement(using: &random)!)
            core = format.currency!.symbol + (format.currency!.space.map { String($0) } ?? "") + core
        case 1:
            format.currency = CurrencySymbol(["€", "₹"].randomElement(using: &random)!, placement: .after,
                                             space: spaces.randomElement(using: &random)!)
            core += (format.currency!.space.map { String($0) } ?? "") + format.currency!.symbol
        case 2:
            format.percent = PercentSign(space: spaces.randomElement(using: &random)!)
            core += (format.percent!.space.map { String($0) } ?? "") + "%"
        default: break
        }
        if negative {
            switch format.negativeStyle {
            case .hyphenMinus: core = "-" + core
            case .minusSign: core = "\u{2212}" + core
            case .parentheses: core = "(" + core + ")"
            }
        } else {
            format.negativeStyle = .hyphenMinus
        }
        let value = Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits,
                            significand: Decimal(integer) * pow(10, fractionDigits) + Decimal(fraction))
        return Generated(text: core, value: value, format: format)
    }

    @Test func generatedNumbersReadAndRoundTrip() throws {
        var random = SplitMix(seed: 27)
        for _ in 0..<2000 {
            let case_ = generate(&random)
            let n = try number(case_.text, NumberReader(decimalSeparator: case_.format.decimalSeparator))
            #expect(n.value == case_.value, "\(case_.text)")
            if n.value < 0 {
                #expect(n.format == case_.format, "\(case_.text)")
            } else {
                var format = n.format
                format.negativeStyle = .hyphenMinus  // a positive number does not show it
                #expect(format == case_.format, "\(case_.text)")
            }
            #expect(n.format.string(for: n.value) == case_.text)
        }
    }
}
