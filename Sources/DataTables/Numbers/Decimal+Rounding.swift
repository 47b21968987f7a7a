public import FoundationEssentials

extension Decimal {
    /// The value rounded to `fractionDigits` digits after the point, ties to the even digit
    /// (half-even, as Python's `decimal` rounds by default): 0.125 → 0.12, 0.135 → 0.14.
    /// Worked on the value's decimal digits, so it is exact.
    ///
    /// - Complexity: O(d) in the number of digits (at most 38).
    public func rounded(fractionDigits: Int) -> Decimal {
        let (integer, fraction) = plainDigits(fractionDigits: 0)
        guard fraction.count > fractionDigits else { return self }
        let kept = integer + fraction.prefix(fractionDigits)
        let next = fraction[fraction.index(fraction.startIndex, offsetBy: fractionDigits)]
        let rest = fraction.dropFirst(fractionDigits + 1)
        let lastKeptIsOdd = (kept.last?.wholeNumberValue ?? 0) % 2 == 1
        let up = next > "5" || (next == "5" && (rest.contains { $0 != "0" } || lastKeptIsOdd))
        var significand = kept.reduce(Decimal(0)) { $0 * 10 + Decimal($1.wholeNumberValue ?? 0) }
        if up { significand += 1 }
        guard significand != 0 else { return 0 }
        return Decimal(sign: self < 0 ? .minus : .plus, exponent: -fractionDigits, significand: significand)
    }

    /// The integer and fraction digits of the value's magnitude in plain notation, the fraction
    /// padded with zeros to at least `fractionDigits`: 1234.5 → ("1234", "50") for 2.
    func plainDigits(fractionDigits: Int) -> (integer: String, fraction: String) {
        let written = (self < 0 ? -self : self).description
        let parts = written.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        return (String(parts[0]), fraction + String(repeating: "0", count: Swift.max(0, fractionDigits - fraction.count)))
    }
}
