/// A binary WebSocket message with rows' heights or IDs: little-endian 64-bit floats, a header
/// of five, then one value a row.
///
/// `[kind, first, count, measuredRows, rowCount, value × count]`: `kind` 1 for heights (each
/// row's height and the spacing below it, on DataTables' grid of 2⁻²⁰ pt, so that the page's
/// sums are the server's offsets exactly), 2 for IDs; the values are those of rows
/// `first..<first + count`; `measuredRows` is how many rows are exact, `rowCount` how many
/// there are.
enum HeightFrame {
    static let heights = 1.0
    static let ids = 2.0

    /// The frame's bytes. O(count).
    static func bytes(kind: Double, first: Int, values: [Double], measuredRows: Int, rowCount: Int) -> [UInt8] {
        let header = [kind, Double(first), Double(values.count), Double(measuredRows), Double(rowCount)]
        #if _endian(little)
        // The doubles' own bytes: one copy (a million rows' heights are 8 MB).
        return header.withUnsafeBytes { Array($0) } + values.withUnsafeBytes { Array($0) }
        #else
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 * (header.count + values.count))
        for value in header + values {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
        #endif
    }
}
