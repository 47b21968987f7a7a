import Foundation

/// Rows of CSV fields in one buffer: each field's UTF-8 bytes, then a NUL, which no field holds
/// (`CSVTable` refuses a NUL in its input). A table read from a file keeps all its rows in one
/// store, about the file's size: no allocation a row or a field.
final class CSVRowStore: Sendable {
    /// The fields of each row.
    let fieldCount: Int
    /// The fields, each followed by a NUL, row after row.
    let bytes: [UInt8]

    init(fieldCount: Int, bytes: [UInt8]) {
        (self.fieldCount, self.bytes) = (fieldCount, bytes)
    }
}

/// A CSV row: where its fields start in a `CSVRowStore`. 16 bytes; the text stays in the store.
struct CSVRow: Sendable, Hashable {
    private let store: CSVRowStore
    /// Where the row's first field starts in the store's bytes.
    private let start: Int

    /// The row at `start` of `store`.
    init(_ store: CSVRowStore, start: Int) {
        (self.store, self.start) = (store, start)
    }

    /// A row of `fields`, in a store of its own.
    ///
    /// - Precondition: no field holds a NUL.
    init(_ fields: [String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reduce(fields.count) { $0 + $1.utf8.count })
        for field in fields {
            precondition(!field.utf8.contains(0), "a NUL in a CSV field")
            bytes += field.utf8
            bytes.append(0)
        }
        self.init(CSVRowStore(fieldCount: fields.count, bytes: bytes), start: 0)
    }

    /// Field `index`. O(bytes of the fields up to it).
    ///
    /// - Precondition: the row has a field `index`.
    subscript(index: Int) -> String {
        precondition(index >= 0 && index < store.fieldCount, "field \(index) of a row of \(store.fieldCount)")
        return store.bytes.withUnsafeBufferPointer { bytes in
            var start = self.start
            for _ in 0..<index { start = Self.end(of: start, in: bytes) + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<Self.end(of: start, in: bytes)]), as: UTF8.self)
        }
    }

    /// Every field. O(bytes).
    var fields: [String] { (0..<store.fieldCount).map { self[$0] } }

    /// The row's bytes in its store, its fields and their NULs.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        store.bytes.withUnsafeBufferPointer { bytes in
            var end = start
            for _ in 0..<store.fieldCount { end = Self.end(of: end, in: bytes) + 1 }
            return body(UnsafeBufferPointer(rebasing: bytes[start..<end]))
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
