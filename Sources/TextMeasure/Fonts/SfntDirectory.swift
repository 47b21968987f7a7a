internal import CHarfBuzz

/// The table directory of one face of an sfnt (TrueType/OpenType) file or collection, read and
/// checked against the data's length, and the fields that widths are computed from checked
/// against each other: HarfBuzz quietly treats a table that runs past the end of a cut-short
/// file as empty, and a zero or short metrics table as zero advances, which would measure as
/// silently wrong numbers.
struct SfntDirectory {
    /// Each table's offset and length in bytes.
    private let tables: [String: Range<Int>]

    init(blob: OpaquePointer, faceIndex: Int, source: String) throws(FontError) {
        var length: UInt32 = 0
        guard let base = hb_blob_get_data(blob, &length), length >= 12 else { throw .notAFont(path: source) }
        let bytes = UnsafeRawBufferPointer(start: base, count: Int(length))

        func u16(_ offset: Int) -> Int { Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) }
        func u32(_ offset: Int) -> Int { u16(offset) << 16 | u16(offset + 2) }
        func tag(_ offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }

        var offsetTable = 0
        switch tag(0) {
        case "ttcf":
            let faceCount = u32(8)
            guard 12 + 4 * faceCount <= bytes.count else { throw .truncated(path: source, table: "ttcf") }
            guard faceIndex >= 0, faceIndex < faceCount else {
                throw .faceIndexOutOfRange(path: source, index: faceIndex, faceCount: faceCount)
            }
            offsetTable = u32(12 + 4 * faceIndex)
        case "\u{0}\u{1}\u{0}\u{0}", "OTTO", "true":
            guard faceIndex == 0 else { throw .faceIndexOutOfRange(path: source, index: faceIndex, faceCount: 1) }
        default:
            throw .notAFont(path: source)
        }
        guard offsetTable + 12 <= bytes.count else { throw .truncated(path: source, table: "offset table") }
        let tableCount = u16(offsetTable + 4)
        guard offsetTable + 12 + 16 * tableCount <= bytes.count else {
            throw .truncated(path: source, table: "table directory")
        }
        var tables: [String: Range<Int>] = [:]
        for index in 0..<tableCount {
            let record = offsetTable + 12 + 16 * index
            let name = tag(record)
            let (offset, length) = (u32(record + 8), u32(record + 12))
            guard offset + length <= bytes.count else { throw .truncated(path: source, table: name) }
            tables[name] = offset..<offset + length
        }
        self.tables = tables
        for table in ["cmap", "head", "hhea", "hmtx", "maxp"] where tables[table] == nil {
            throw .missingTable(path: source, table: table)
        }
        try checkMetrics(bytes, source: source)
    }

    /// The fields horizontal advances come from, as OpenType bounds them: `head.unitsPerEm` in
    /// 16...16384, at least one glyph and one long metric, an `hmtx` as long as `hhea` and `maxp`
    /// say (a long metric per glyph up to `numberOfHMetrics`, a side bearing for each glyph
    /// after), no advance above 32767 (HarfBuzz reads one as negative), and not every advance
    /// zero. O(numberOfHMetrics).
    private func checkMetrics(_ bytes: UnsafeRawBufferPointer, source: String) throws(FontError) {
        /// The big-endian `UInt16` at `offset` of `table`, which must be long enough to hold it.
        func field(_ table: String, _ name: String, at offset: Int) throws(FontError) -> Int {
            let range = tables[table]!
            guard offset + 2 <= range.count else {
                throw .malformed(path: source, table: table, field: name, problem: "the table is only \(range.count) bytes long")
            }
            return Int(bytes[range.lowerBound + offset]) << 8 | Int(bytes[range.lowerBound + offset + 1])
        }
        let upem = try field("head", "unitsPerEm", at: 18)
        guard (16...16384).contains(upem) else {
            throw .malformed(path: source, table: "head", field: "unitsPerEm", problem: "\(upem) is outside 16...16384")
        }
        let glyphs = try field("maxp", "numGlyphs", at: 4)
        guard glyphs > 0 else { throw .malformed(path: source, table: "maxp", field: "numGlyphs", problem: "the font has no glyphs") }
        let metrics = try field("hhea", "numberOfHMetrics", at: 34)
        guard metrics > 0 else {
            throw .malformed(path: source, table: "hhea", field: "numberOfHMetrics", problem: "0: no glyph has an advance")
        }
        let longMetrics = min(metrics, glyphs)
        let hmtx = tables["hmtx"]!
        let needed = 4 * longMetrics + 2 * (glyphs - longMetrics)
        guard hmtx.count >= needed else {
            throw .malformed(path: source, table: "hmtx", field: "length", problem:
                "\(hmtx.count) bytes, but hhea.numberOfHMetrics (\(metrics)) and maxp.numGlyphs (\(glyphs)) need \(needed)")
        }
        var anyAdvance = false
        for (glyph, offset) in stride(from: hmtx.lowerBound, to: hmtx.lowerBound + 4 * longMetrics, by: 4).enumerated() {
            let advance = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            // HarfBuzz reads an advance above 32767 as negative (59392 shapes as -6144).
            guard advance <= 32767 else {
                throw .malformed(path: source, table: "hmtx", field: "advanceWidth",
                                 problem: "glyph \(glyph)'s advance is \(advance), above the 32767 HarfBuzz reads as a positive number")
            }
            anyAdvance = anyAdvance || advance > 0
        }
        guard anyAdvance else {
            throw .malformed(path: source, table: "hmtx", field: "advanceWidth", problem: "every advance is 0")
        }
    }
}
