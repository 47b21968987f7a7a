/// A layout table that does not follow the specification, or ends before a read: the
/// simple-text analysis then leaves the face to HarfBuzz.
struct MalformedTable: Error {
    /// The line of the check that failed, for diagnosis.
    let line: Int
    init(line: Int = #line) { self.line = line }
}

/// A layout table's bytes, read big-endian, each read checked against the table's length.
struct TableBytes {
    let table: UnsafeRawBufferPointer
    init(_ table: UnsafeRawBufferPointer) { self.table = table }

    func check(_ offset: Int, _ count: Int) throws(MalformedTable) {
        guard offset >= 0, count >= 0, offset <= table.count, count <= table.count - offset else { throw MalformedTable() }
    }

    func u16(_ offset: Int) throws(MalformedTable) -> Int {
        try check(offset, 2)
        return Int(table[offset]) << 8 | Int(table[offset + 1])
    }

    func u32(_ offset: Int) throws(MalformedTable) -> Int {
        try check(offset, 4)
        return try u16(offset) << 16 | u16(offset + 2)
    }

    /// The table offset that the 16-bit offset at `at` (relative to `base`) points to; nil when it is 0.
    func offset16(_ base: Int, at: Int) throws(MalformedTable) -> Int? {
        let value = try u16(at)
        return value == 0 ? nil : base + value
    }
}
