/// A CSV row kept in one string: its fields joined by NUL, which no field holds (`CSVTable`
/// refuses a NUL in its input). One allocation a row instead of one a field longer than 15
/// bytes: a million rows of eight fields take about the file's size, not three times it.
struct CSVRow: Sendable, Hashable {
    /// The fields joined by NUL: the row's only storage (16 bytes and the string's), so a row of a
    /// table takes 24 bytes with its ID.
    private var joined: String

    /// A row of `fields`.
    ///
    /// - Precondition: no field holds a NUL.
    init(_ fields: [String]) {
        // Exactly as long as it must be: `joined(separator:)` grows its result by doubling.
        var joined = ""
        joined.reserveCapacity(fields.reduce(max(0, fields.count - 1)) { $0 + $1.utf8.count })
        for (index, field) in fields.enumerated() {
            if index > 0 { joined += "\0" }
            joined += field
        }
        self.joined = joined
    }

    /// Field `index`. O(bytes of the fields up to it).
    ///
    /// - Precondition: the row has a field `index`.
    subscript(index: Int) -> String {
        precondition(index >= 0, "field \(index) of a row")
        let bytes = joined.utf8
        var start = bytes.startIndex
        for passed in 0..<index {
            guard let separator = bytes[start...].firstIndex(of: 0) else { preconditionFailure("field \(index) of a row of \(passed + 1)") }
            start = bytes.index(after: separator)
        }
        return String(joined[start..<(bytes[start...].firstIndex(of: 0) ?? bytes.endIndex)])
    }

    /// Every field. O(bytes).
    var fields: [String] {
        joined.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
    }
}
