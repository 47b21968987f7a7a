#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import CXlsxWriter

/// A written xlsx file read back, to prove it whole: libxlsxwriter copies each part through a
/// temporary file whose writes it does not check, so on a full disk (or past a file-size limit)
/// a part can be cut short while the ZIP around it is written without an error.
enum XlsxPackage {
    /// Checks that every XML part of the ZIP file at `path` ends with its root element's end tag
    /// (a part cut short is a prefix of itself, which does not).
    ///
    /// - Throws: `SpreadsheetError.cannotWrite` naming `reported` and the part cut short, or
    ///   `.xlsxwriter` for a ZIP file that cannot be read back.
    /// - Complexity: O(size of the parts): each is inflated once.
    static func check(_ path: String, reportedAs reported: String) throws(SpreadsheetError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: reported, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let file = ZipFile(descriptor: descriptor)
        guard let members = file.members() else { throw .xlsxwriter(path: reported, message: "the written ZIP file cannot be read back") }
        for member in members where member.name.hasSuffix(".xml") || member.name.hasSuffix(".rels") {
            guard let (head, tail) = file.inflate(member), Self.isWhole(head: head, tail: tail) else {
                throw .cannotWrite(path: reported, reason: "the part \(member.name) was cut short (is the disk full, or a file-size limit reached?)")
            }
        }
    }

    /// Whether an XML text that starts with `head` ends, before trailing white space, with `tail`
    /// closing the root element that `head` opens.
    static func isWhole(head: [UInt8], tail: [UInt8]) -> Bool {
        var index = head.startIndex
        // Past the declaration (`<?xml … ?>`) and white space to the root's name.
        if head.starts(with: Array("<?xml".utf8)) {
            guard let end = head.firstRange(of: Array("?>".utf8))?.upperBound else { return false }
            index = end
        }
        while index < head.endIndex, head[index] == 0x20 || head[index] == 0x0A || head[index] == 0x0D || head[index] == 0x09 { index += 1 }
        guard index < head.endIndex, head[index] == UInt8(ascii: "<") else { return false }
        let name = head[(index + 1)...].prefix { $0 != 0x20 && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") && $0 != 0x0A && $0 != 0x0D }
        var body = tail[...]
        while let last = body.last, last == 0x20 || last == 0x0A || last == 0x0D || last == 0x09 { body = body.dropLast() }
        let end = [UInt8]("</".utf8) + name + [UInt8(ascii: ">")]
        return body.count >= end.count && body.suffix(end.count).elementsEqual(end)
    }
}

/// The members of a ZIP file and their bytes, as minizip (libxlsxwriter's) writes them: deflated
/// or stored, with ZIP64 records where sizes or offsets need them.
private struct ZipFile {
    let descriptor: Int32

    struct Member {
        let name: String
        let method: UInt16
        let compressedSize: UInt64
        let headerOffset: UInt64
    }

    func read(_ count: Int, at offset: UInt64) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let result = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done)) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return nil }
            done += result
        }
        return bytes
    }

    static func integer<T: FixedWidthInteger>(_ bytes: [UInt8], _ at: Int, as: T.Type) -> T {
        (0..<MemoryLayout<T>.size).reduce(T(0)) { $0 | T(bytes[at + $1]) << (8 * $1) }
    }

    /// The central directory's members; nil for a file that is not a whole ZIP file.
    func members() -> [Member]? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 22 else { return nil }
        let size = UInt64(info.st_size)
        // The end of central directory record: the last signature PK\5\6 (a comment is at most 65,535 bytes).
        let tailLength = Int(min(size, 65_557))
        guard let tail = read(tailLength, at: size - UInt64(tailLength)),
              let end = stride(from: tailLength - 22, through: 0, by: -1).first(where: { Self.integer(tail, $0, as: UInt32.self) == 0x0605_4B50 })
        else { return nil }
        var count = UInt64(Self.integer(tail, end + 10, as: UInt16.self))
        var directory = UInt64(Self.integer(tail, end + 16, as: UInt32.self))
        var directorySize = UInt64(Self.integer(tail, end + 12, as: UInt32.self))
        if end >= 20, Self.integer(tail, end - 20, as: UInt32.self) == 0x0706_4B50 {  // the ZIP64 locator
            let record = Self.integer(tail, end - 12, as: UInt64.self)
            guard let zip64 = read(56, at: record), Self.integer(zip64, 0, as: UInt32.self) == 0x0606_4B50 else { return nil }
            (count, directorySize, directory) = (Self.integer(zip64, 32, as: UInt64.self), Self.integer(zip64, 40, as: UInt64.self),
                                                 Self.integer(zip64, 48, as: UInt64.self))
        }
        guard directorySize < size, directory <= size - directorySize, let entries = read(Int(directorySize), at: directory) else { return nil }
        var members: [Member] = [], at = 0
        for _ in 0..<count {
            guard at + 46 <= entries.count, Self.integer(entries, at, as: UInt32.self) == 0x0201_4B50 else { return nil }
            let nameLength = Int(Self.integer(entries, at + 28, as: UInt16.self))
            let extraLength = Int(Self.integer(entries, at + 30, as: UInt16.self))
            let commentLength = Int(Self.integer(entries, at + 32, as: UInt16.self))
            guard at + 46 + nameLength + extraLength + commentLength <= entries.count else { return nil }
            var compressed = UInt64(Self.integer(entries, at + 20, as: UInt32.self))
            var offset = UInt64(Self.integer(entries, at + 42, as: UInt32.self))
            // ZIP64's extra field (0x0001) holds, in order, the sizes and offset whose fields are all ones.
            var extra = at + 46 + nameLength
            while extra + 4 <= at + 46 + nameLength + extraLength {
                let (id, length) = (Self.integer(entries, extra, as: UInt16.self), Int(Self.integer(entries, extra + 2, as: UInt16.self)))
                if id == 1 {
                    var field = extra + 4
                    func next() -> UInt64? {
                        guard field + 8 <= extra + 4 + length else { return nil }
                        defer { field += 8 }
                        return Self.integer(entries, field, as: UInt64.self)
                    }
                    if Self.integer(entries, at + 24, as: UInt32.self) == .max { _ = next() }
                    if compressed == UInt32.max, let value = next() { compressed = value }
                    if offset == UInt32.max, let value = next() { offset = value }
                }
                extra += 4 + length
            }
            let name = String(decoding: entries[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            members.append(Member(name: name, method: Self.integer(entries, at + 10, as: UInt16.self), compressedSize: compressed, headerOffset: offset))
            at += 46 + nameLength + extraLength + commentLength
        }
        return members
    }

    /// The first 256 and the last 64 bytes of `member`'s text; nil where its data cannot be read or inflated.
    func inflate(_ member: Member) -> (head: [UInt8], tail: [UInt8])? {
        guard let local = read(30, at: member.headerOffset), Self.integer(local, 0, as: UInt32.self) == 0x0403_4B50 else { return nil }
        var offset = member.headerOffset + 30 + UInt64(Self.integer(local, 26, as: UInt16.self)) + UInt64(Self.integer(local, 28, as: UInt16.self))
        var remaining = member.compressedSize
        var head: [UInt8] = [], tail: [UInt8] = []
        func keep(_ bytes: ArraySlice<UInt8>) {
            if head.count < 256 { head += bytes.prefix(256 - head.count) }
            tail = Array((tail + bytes).suffix(64))
        }
        if member.method == 0 {  // stored
            while remaining > 0 {
                let count = Int(min(remaining, 1 << 16))
                guard let bytes = read(count, at: offset) else { return nil }
                keep(bytes[...])
                (offset, remaining) = (offset + UInt64(count), remaining - UInt64(count))
            }
            return (head, tail)
        }
        guard member.method == 8 else { return nil }
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var status = Z_OK
        while status != Z_STREAM_END {
            let count = Int(min(remaining, 1 << 16))
            guard count > 0, var input = read(count, at: offset) else { return nil }
            (offset, remaining) = (offset + UInt64(count), remaining - UInt64(count))
            stream.avail_in = UInt32(count)
            // Until this input is used and no output is pending (Z_BUF_ERROR: no progress without more input).
            while status != Z_STREAM_END {
                let produced: Int = input.withUnsafeMutableBufferPointer { input in
                    output.withUnsafeMutableBufferPointer { output in
                        stream.next_in = input.baseAddress! + (count - Int(stream.avail_in))
                        stream.next_out = output.baseAddress
                        stream.avail_out = UInt32(output.count)
                        status = CXlsxWriter.inflate(&stream, Z_NO_FLUSH)
                        return output.count - Int(stream.avail_out)
                    }
                }
                keep(output[..<produced])
                if status == Z_BUF_ERROR, stream.avail_in == 0 { status = Z_OK; break }
                guard status == Z_OK || status == Z_STREAM_END else { return nil }
                if stream.avail_in == 0, stream.avail_out > 0 { break }
            }
        }
        return (head, tail)
    }
}
