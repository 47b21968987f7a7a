import FoundationEssentials

/// One pass of ``NumberReader`` over a text's Unicode scalars, from both ends inwards.
struct NumberScanner {
    let text: String
    let scalars: String.UnicodeScalarView
    let decimalSeparator: DecimalSeparator
    var start: String.Index
    var end: String.Index

    init(text: String, decimalSeparator: DecimalSeparator) {
        self.text = text
        self.scalars = text.unicodeScalars
        self.decimalSeparator = decimalSeparator
        start = scalars.startIndex
        end = scalars.endIndex
        while start < end, Self.isSpace(scalars[start]) || scalars[start] == "\t" { start = scalars.index(after: start) }
        while start < end {
            let last = scalars.index(before: end)
            guard Self.isSpace(scalars[last]) || scalars[last] == "\t" else { break }
            end = last
        }
    }

    var isBlank: Bool { start == end }

    /// The spaces that may stand between digits and a currency or percent sign, or group digits.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{00A0}" || scalar == "\u{202F}"
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func sign(_ scalar: Unicode.Scalar) -> NegativeNumberStyle?? {
        switch scalar {
        case "-": .some(.hyphenMinus)
        case "\u{2212}": .some(.minusSign)
        case "+": .some(nil)
        default: nil
        }
    }

    mutating func scan() -> WrittenNumber? {
        var format = NumberFormat(decimalSeparator: decimalSeparator)
        var negative = false
        if scalars[start] == "(" {
            let last = scalars.index(before: end)
            guard last > start, scalars[last] == ")" else { return nil }
            start = scalars.index(after: start)
            end = last
            negative = true
            format.negativeStyle = .parentheses
        }
        var signSeen = negative
        func takeSign() -> Bool {
            guard !signSeen, start < end, let style = Self.sign(scalars[start]) else { return true }
            signSeen = true
            start = scalars.index(after: start)
            if let style {
                negative = true
                format.negativeStyle = style
            } else {
                format.showsPlusSign = true
            }
            return true
        }
        _ = takeSign()
        let signBeforeSymbol = signSeen
        if let symbol = currencyBefore() {
            format.currency = symbol
            if !signSeen {
                _ = takeSign()
                format.currency?.signBeforeSymbol = !signSeen
            } else {
                format.currency?.signBeforeSymbol = signBeforeSymbol
            }
        }
        // Suffixes, from the end: a percent sign or a currency symbol.
        if format.currency == nil {
            if let symbol = currencyAfter() {
                format.currency = symbol
            } else if let percent = percentAfter() {
                format.percent = percent
            }
        }
        return digits(format: format, negative: negative)
    }

    /// A currency symbol at `start`, taken with the space after it.
    mutating func currencyBefore() -> CurrencySymbol? {
        var index = start
        var letters = 0
        while index < end, scalars[index].isASCII, scalars[index].properties.isAlphabetic, letters < 3 {
            index = scalars.index(after: index)
            letters += 1
        }
        guard index < end, scalars[index].properties.generalCategory == .currencySymbol else { return nil }
        index = scalars.index(after: index)
        let symbol = String(scalars[start..<index])
        var space: Character?
        if index < end, Self.isSpace(scalars[index]) {
            space = Character(scalars[index])
            index = scalars.index(after: index)
        }
        start = index
        return CurrencySymbol(symbol, placement: .before, space: space)
    }

    /// A currency symbol ending at `end`, taken with the space before it.
    mutating func currencyAfter() -> CurrencySymbol? {
        guard start < end else { return nil }
        var index = scalars.index(before: end)
        guard scalars[index].properties.generalCategory == .currencySymbol else { return nil }
        var letters = 0
        while index > start, letters < 3 {
            let before = scalars.index(before: index)
            guard scalars[before].isASCII, scalars[before].properties.isAlphabetic else { break }
            index = before
            letters += 1
        }
        let symbol = String(scalars[index..<end])
        end = index
        return CurrencySymbol(symbol, placement: .after, space: spaceBeforeEnd())
    }

    /// A percent sign ending at `end`, taken with the space before it.
    mutating func percentAfter() -> PercentSign? {
        guard start < end else { return nil }
        let index = scalars.index(before: end)
        guard scalars[index] == "%" else { return nil }
        end = index
        return PercentSign(space: spaceBeforeEnd())
    }

    mutating func spaceBeforeEnd() -> Character? {
        guard start < end else { return nil }
        let before = scalars.index(before: end)
        guard Self.isSpace(scalars[before]) else { return nil }
        end = before
        return Character(scalars[before])
    }

    /// The digits from `start` to `end`, all of them, or `nil`.
    func digits(format: NumberFormat, negative: Bool) -> WrittenNumber? {
        var format = format
        // The digits as an integer while they are at most 18 (no overflow), and as a Decimal
        // from then on: a Decimal operation a digit was most of the time reading a column took.
        var small: UInt64 = 0
        var large: Decimal?
        var digitCount = 0
        var index = start
        var groupLength = 0
        var groups = 0
        let separator = Unicode.Scalar(String(decimalSeparator.character))!
        func addDigit(_ scalar: Unicode.Scalar) {
            let digit = UInt64(scalar.value - 48)
            digitCount += 1
            if digitCount <= 18 {
                small = small * 10 + digit
            } else {
                large = (large ?? Decimal(small)) * 10 + Decimal(digit)
            }
        }
        // The integer part: groups of digits.
        while index < end {
            let scalar = scalars[index]
            if Self.isDigit(scalar) {
                if groups == 0, groupLength == 1, scalars[start] == "0" { return nil }  // a leading zero
                addDigit(scalar)
                groupLength += 1
                index = scalars.index(after: index)
            } else if groupLength > 0, decimalSeparator.groupingSeparators.contains(Character(scalar)),
                index < scalars.index(before: end), Self.isDigit(scalars[scalars.index(after: index)]) {
                let grouping = Character(scalar)
                guard format.groupingSeparator == nil || format.groupingSeparator == grouping else { return nil }
                guard groups == 0 ? groupLength <= 3 && scalars[start] != "0" : groupLength == 3 else { return nil }
                format.groupingSeparator = grouping
                groups += 1
                groupLength = 0
                index = scalars.index(after: index)
            } else {
                break
            }
        }
        guard groupLength > 0, groups == 0 || groupLength == 3 else { return nil }
        let integerPart = start..<index
        var separatorRange: Range<String.Index>?
        var fractionPart: Range<String.Index>?
        if index < end, scalars[index] == separator {
            let fractionStart = scalars.index(after: index)
            separatorRange = index..<fractionStart
            index = fractionStart
            while index < end, Self.isDigit(scalars[index]) {
                addDigit(scalars[index])
                index = scalars.index(after: index)
            }
            guard index > fractionStart else { return nil }
            fractionPart = fractionStart..<index
            format.fractionDigits = scalars.distance(from: fractionStart, to: index)
        }
        guard index == end, digitCount <= 38 else { return nil }
        let significand = large ?? Decimal(small)
        let value = significand == 0
            ? Decimal(0)
            : Decimal(sign: negative ? .minus : .plus, exponent: -format.fractionDigits, significand: significand)
        return WrittenNumber(
            text: text, value: value, format: format, integerPart: integerPart,
            separator: separatorRange, fractionPart: fractionPart)
    }
}
