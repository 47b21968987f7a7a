extension NumberFormat {
    /// The format of a column of numbers, for writing a value computed from them (a total): the
    /// first number's format, with the largest fraction-digit count in the column, the first
    /// grouping separator, currency symbol and percent sign any number shows, and the negative
    /// style of the first negative number. `nil` for no numbers.
    ///
    /// - Complexity: O(n) in the number of numbers.
    public init?(column numbers: some Sequence<WrittenNumber>) {
        var iterator = numbers.makeIterator()
        guard let first = iterator.next() else { return nil }
        self = first.format
        var negativeSeen = first.value < 0
        while let number = iterator.next() {
            let format = number.format
            fractionDigits = max(fractionDigits, format.fractionDigits)
            if groupingSeparator == nil { groupingSeparator = format.groupingSeparator }
            if currency == nil { currency = format.currency }
            if percent == nil { percent = format.percent }
            if !negativeSeen, number.value < 0 {
                negativeStyle = format.negativeStyle
                negativeSeen = true
            }
        }
    }
}
