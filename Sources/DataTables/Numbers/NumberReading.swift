/// What a cell's text is to the number reader.
public enum NumberReading: Sendable, Hashable {
    /// Nothing but white space: skipped by alignment by content and by totals.
    case empty
    /// A number.
    case number(WrittenNumber)
    /// Text that is not a number ("1.2.3", "N/A", "02134").
    case text

    /// The number, when it is one.
    public var number: WrittenNumber? {
        if case .number(let number) = self { number } else { nil }
    }
}
