#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A string compared and hashed by its exact UTF-8 bytes, hash computed once.
///
/// Swift's `String ==` treats canonically equivalent strings as equal ("é" precomposed and
/// "e" + U+0301), but HarfBuzz may shape them to different glyphs and widths; a cache keyed by
/// `String` would hand one the other's width. Keys made of `ExactText` never do.
struct ExactText: Hashable, Sendable {
    let string: String
    let hash: Int

    init(_ string: String) {
        var hasher = Hasher()
        var bytes = string
        bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        self.string = string
        self.hash = hasher.finalize()
    }

    static func == (a: ExactText, b: ExactText) -> Bool {
        guard a.hash == b.hash else { return false }
        var (left, right) = (a.string, b.string)
        return left.withUTF8 { l in
            right.withUTF8 { r in l.count == r.count && (l.isEmpty || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0) }
        }
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
