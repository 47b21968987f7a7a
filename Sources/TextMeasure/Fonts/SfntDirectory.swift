internal import CHarfBuzz

/// The table directory of one face of an sfnt (TrueType/OpenType) file or collection, read and
/// checked against the data's length: HarfBuzz quietly treats a table that runs past the end
/// of a cut-short file as empty, which would measure as silently wrong numbers.
struct SfntDirectory {
    /// The four-letter tags of the face's tables.
    let tags: Set<String>

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
        var tags = Set<String>()
        for index in 0..<tableCount {
            let record = offsetTable + 12 + 16 * index
            let name = tag(record)
            guard u32(record + 8) + u32(record + 12) <= bytes.count else { throw .truncated(path: source, table: name) }
            tags.insert(name)
        }
        self.tags = tags
    }
}
