#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A line of standard input that is not valid UTF-8.
struct InvalidUTF8: Error, CustomStringConvertible {
    let line: Int
    var description: String { "standard input, line \(line): not valid UTF-8" }
}

/// Standard input read in batches of lines, strictly decoded: a line that is not valid UTF-8 is
/// an error naming it, never a line quietly repaired with U+FFFD. "\n" and "\r\n" end lines.
struct InputLines {
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    private var atEnd = false
    private(set) var lineNumber = 0

    /// Up to `limit` lines (fewer only at the end of input; empty when input is exhausted), and
    /// the invalid line that ended the batch early, if any: the lines before it are still
    /// returned, and the next batch starts after it.
    mutating func next(_ limit: Int) -> (lines: [String], error: InvalidUTF8?) {
        var lines: [String] = []
        while lines.count < limit, let bytes = nextLine() {
            guard let line = String(validating: bytes, as: UTF8.self) else { return (lines, InvalidUTF8(line: lineNumber)) }
            lines.append(line)
        }
        return (lines, nil)
    }

    /// Up to `limit` lines as they were read, not yet decoded, in one buffer (fewer only at the
    /// end of input; none when input is exhausted): `lineNumber` is the last one's.
    mutating func nextBatch(_ limit: Int) -> LineBatch {
        var batch = LineBatch()
        while batch.lines.count < limit, let line = nextLine() {
            batch.bytes += line
            batch.lines.append(batch.bytes.count - line.count..<batch.bytes.count)
        }
        return batch
    }

    /// The next line's bytes, its "\n" or "\r\n" left out; nil at the end of input.
    private mutating func nextLine() -> ArraySlice<UInt8>? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let end = newline > start && buffer[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                defer { start = newline + 1 }
                lineNumber += 1
                return buffer[start..<end]
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                defer { start = buffer.count }
                lineNumber += 1
                return buffer[start...]
            }
            readMore()
        }
    }

    private mutating func readMore() {
        buffer.removeSubrange(..<start)
        start = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(STDIN_FILENO, &chunk, chunk.count)
        if count <= 0 { atEnd = true } else { buffer.append(contentsOf: chunk[..<count]) }
    }
}

/// Lines of input in one buffer: threads share its storage without counting references a line.
struct LineBatch: Sendable {
    var bytes: [UInt8] = []
    /// Each line's bytes in `bytes`.
    var lines: [Range<Int>] = []

    /// How many of `lines` (ranges of `bytes`) hold a byte beyond ASCII. O(their length).
    static func linesBeyondASCII(_ lines: [Range<Int>], in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            // Most batches are all ASCII or hardly: one pass over the bytes, by words.
            guard UnsafeRawBufferPointer(buffer).hasByteBeyondASCII else { return 0 }
            return lines.count { line in buffer[line].contains { $0 >= 0x80 } }
        }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether a byte is 0x80 or more, eight bytes at a time.
    var hasByteBeyondASCII: Bool {
        var index = 0
        while index + 8 <= count {
            if loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
            index += 8
        }
        return self[index...].contains { $0 >= 0x80 }
    }
}
