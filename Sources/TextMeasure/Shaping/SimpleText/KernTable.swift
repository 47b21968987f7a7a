internal import CHarfBuzz

/// What a face's legacy `kern` table allows the simple-text path: HarfBuzz applies its
/// horizontal subtables when GPOS has no `kern` feature, and only subtables of pairs (format 0)
/// or classes (format 2) add a sum over adjacent pairs.
enum KernTable: Equatable {
    /// Pairs whose left glyphs are these (none: the face has no `kern` table).
    case leftGlyphs([UInt16])
    /// Pairs by class (format 2): any glyph may start one.
    case anyLeftGlyph
    /// A subtable HarfBuzz could apply whose effect is not a sum over adjacent pairs (format 1
    /// or 3, cross-stream), or a table that does not read: the face goes to HarfBuzz.
    case unusable

    /// The `kern` table of `face`.
    init(of face: OpaquePointer) {
        let blob = hb_face_reference_table(face, hb_tag_from_string("kern", -1))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            self = .leftGlyphs([])
            return
        }
        self = (try? Self(reading: UnsafeRawBufferPointer(start: data, count: Int(length)))) ?? .unusable
    }

    /// The table `table`, OpenType's or Apple's version.
    init(reading table: UnsafeRawBufferPointer) throws(MalformedTable) {
        let bytes = TableBytes(table)
        var left: Set<UInt16> = []
        var anyGlyph = false
        if try bytes.u16(0) == 0 {  // OpenType: u16 version, u16 count; subtables u16 version, u16 length, u16 coverage
            var offset = 4
            for _ in 0..<(try bytes.u16(2)) {
                let length = try bytes.u16(offset + 2), coverage = try bytes.u16(offset + 4)
                let format = coverage >> 8
                let horizontal = coverage & 1 != 0, crossStream = coverage & 4 != 0
                if horizontal {
                    guard !crossStream, format == 0 || format == 2 else {
                        self = .unusable
                        return
                    }
                    if format == 0 { try Self.pairs(bytes, at: offset + 6, into: &left) } else { anyGlyph = true }
                }
                guard length >= 6 else { throw MalformedTable() }
                // HarfBuzz steps by the length field; a format 0 subtable must agree with its pair count.
                let pairs = format == 0 ? try bytes.u16(offset + 6) : 0
                guard format != 0 || length == (14 + 6 * pairs) & 0xFFFF else { throw MalformedTable() }
                offset += length
            }
        } else {
            guard try bytes.u32(0) == 0x0001_0000 else { throw MalformedTable() }
            var offset = 8  // Apple: u32 version, u32 count; subtables u32 length, u16 coverage, u16 tuple index
            for _ in 0..<(try bytes.u32(4)) {
                let length = try bytes.u32(offset), coverage = try bytes.u16(offset + 4)
                let format = coverage & 0xFF
                let vertical = coverage & 0x8000 != 0, crossStream = coverage & 0x4000 != 0, variation = coverage & 0x2000 != 0
                if !vertical, !variation {
                    guard !crossStream, format == 0 || format == 2 else {
                        self = .unusable
                        return
                    }
                    if format == 0 { try Self.pairs(bytes, at: offset + 8, into: &left) } else { anyGlyph = true }
                }
                guard length >= 8 else { throw MalformedTable() }
                offset += length
            }
        }
        self = anyGlyph ? .anyLeftGlyph : .leftGlyphs(left.sorted())
    }

    /// The left glyphs of a format 0 subtable's pairs: u16 count, 3 × u16, then (left, right, value).
    private static func pairs(_ bytes: TableBytes, at offset: Int, into left: inout Set<UInt16>) throws(MalformedTable) {
        let count = try bytes.u16(offset)
        try bytes.check(offset + 8, count * 6)
        for index in 0..<count { left.insert(UInt16(try bytes.u16(offset + 8 + index * 6))) }
    }
}
