import Foundation

/// Rows of CSV fields in one buffer: each field's UTF-8 bytes, then a NUL, which no field holds
/// (`CSVTable` refuses a NUL in its input). A table read from a file keeps all its rows in one
/// store, about the file's size: no allocation a row or a field. Rows of more than
/// `indexedWidth` fields also keep where each field starts, so a field of a wide row is found
/// without reading the fields before it.
final class CSVRowStore: Sendable {
    /// The fields of each row.
    let fieldCount: Int
    /// The fields, each followed by a NUL, row after row.
    let bytes: [UInt8]
    /// Where each field starts in `bytes`, row after row, when rows have more than `indexedWidth`
    /// fields; else nil.
    let fieldStarts: [Int]?

    /// The widest rows whose fields are found by reading the ones before them.
    static let indexedWidth = 16

    /// - Precondition: `fieldStarts` is given exactly when `fieldCount` is above `indexedWidth`.
    init(fieldCount: Int, bytes: [UInt8], fieldStarts: [Int]? = nil) {
        precondition((fieldStarts != nil) == (fieldCount > Self.indexedWidth), "field starts for rows of \(fieldCount) fields")
        (self.fieldCount, self.bytes, self.fieldStarts) = (fieldCount, bytes, fieldStarts)
    }
}

/// A CSV row: where its fields start in a `CSVRowStore`. 16 bytes; the text stays in the store.
struct CSVRow: Sendable, Hashable {
    private let store: CSVRowStore
    /// Where the row's first field starts in the store's bytes, or, in a store of wide rows, its
    /// first field's index in the store's `fieldStarts`.
    private let start: Int

    /// The row at `start` of `store` (see `start`).
    init(_ store: CSVRowStore, start: Int) {
        (self.store, self.start) = (store, start)
    }

    /// A row of `fields`, in a store of its own.
    ///
    /// - Precondition: no field holds a NUL.
    init(_ fields: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        bytes.reserveCapacity(fields.reduce(fields.count) { $0 + $1.utf8.count })
        for field in fields {
            precondition(!field.utf8.contains(0), "a NUL in a CSV field")
            starts.append(bytes.count)
            bytes += field.utf8
            bytes.append(0)
        }
        let isWide = fields.count > CSVRowStore.indexedWidth
        self.init(CSVRowStore(fieldCount: fields.count, bytes: bytes, fieldStarts: isWide ? starts : nil), start: 0)
    }

    /// Field `index`. O(its bytes), and in a row of at most `CSVRowStore.indexedWidth` fields
    /// the bytes of the fields before it.
    ///
    /// - Precondition: the row has a field `index`.
    subscript(index: Int) -> String {
        precondition(index >= 0 && index < store.fieldCount, "field \(index) of a row of \(store.fieldCount)")
        return store.bytes.withUnsafeBufferPointer { bytes in
            let start = firstByte(ofField: index, in: bytes)
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<Self.end(of: start, in: bytes)]), as: UTF8.self)
        }
    }

    /// Every field. O(bytes).
    var fields: [String] {
        store.bytes.withUnsafeBufferPointer { bytes in
            var start = firstByte(ofField: 0, in: bytes)
            return (0..<store.fieldCount).map { _ in
                let end = Self.end(of: start, in: bytes)
                defer { start = end + 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
        }
    }

    /// Where field `index` starts in the store's bytes.
    private func firstByte(ofField index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if let starts = store.fieldStarts { return starts[start + index] }
        var found = start
        for _ in 0..<index { found = Self.end(of: found, in: bytes) + 1 }
        return found
    }

    /// The row's bytes in its store, its fields and their NULs.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        store.bytes.withUnsafeBufferPointer { bytes in
            guard store.fieldCount > 0 else { return body(UnsafeBufferPointer(rebasing: bytes[0..<0])) }
            let first = firstByte(ofField: 0, in: bytes)
            let end = Self.end(of: firstByte(ofField: store.fieldCount - 1, in: bytes), in: bytes) + 1
            return body(UnsafeBufferPointer(rebasing: bytes[first..<end]))
        }
    }

    /// The NUL that ends the field at `start`.
    private static func end(of start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let found = memchr(bytes.baseAddress! + start, 0, bytes.count - start)!
        return bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    static func == (left: CSVRow, right: CSVRow) -> Bool {
        left.store.fieldCount == right.store.fieldCount && left.withBytes { a in right.withBytes { b in a.elementsEqual(b) } }
    }

    func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
