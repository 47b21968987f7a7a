import TextMeasure

/// The fuzzer's bytes read as values, front to back. Past the end every read gives zero bytes,
/// so any input decodes to something.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The next byte as a choice among `count` (> 0) options.
    public mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

    /// One of `options`, picked by the next byte.
    public mutating func pick<Element>(_ options: [Element]) -> Element { options[choice(options.count)] }

    /// A length in points: mostly ordinary, often absurd. Tag byte `t`: below 0x80 one of
    /// `specialLengths`; below 0xC0 the next byte as points (plus `t`'s low bits as 64ths); else the
    /// next eight bytes as a raw `Double` (any NaN payload, subnormal or infinity).
    public mutating func length() -> Double {
        let tag = byte()
        if tag < 0x80 { return Self.specialLengths[Int(tag) % Self.specialLengths.count] }
        if tag < 0xC0 { return Double(byte()) + Double(tag & 0x3F) / 64 }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Double(bitPattern: bits)
    }

    /// Zero, negative, NaN, infinite, huge, tiny and ordinary lengths.
    public static let specialLengths: [Double] = [
        0, 100, -0.0, 1, 7.5, 14, 50, 300, 1000, 40, 20, 3, 0.5, 1e-9, 1e9,
        -1, -1e9, .nan, .infinity, -.infinity, 1e12, 1e300, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ]

    /// A line count for `maxLines`/`lineLimit`: small, zero, negative or extreme.
    public mutating func lineCount() -> Int { pick([0, 1, 2, 3, 5, 0, -1, Int.min, Int.max, 8]) }

    /// `.end`, `.middle` or `.start`.
    public mutating func truncation() -> Truncation { pick([.end, .middle, .start]) }

    /// An ellipsis: the default, none, several characters, one that holds a line break, an emoji.
    public mutating func ellipsis() -> String { pick(["…", "", "...", "a\nb", "👍🏽", "\u{200B}", " … ", "\u{0301}"]) }

    /// `.font`, or a multiple or a height in points from `length()`.
    public mutating func lineHeight() -> LineHeight {
        switch choice(4) {
        case 0: .multiple(length())
        case 1: .points(length())
        default: .font
        }
    }

    /// A string of the next byte's count of bytes (UTF-8, invalid sequences replaced).
    public mutating func shortString() -> String { string(count: Int(byte())) }

    /// The rest of the bytes as a string (UTF-8, invalid sequences replaced).
    public mutating func rest() -> String { string(count: bytes.count - position) }

    private mutating func string(count: Int) -> String {
        let end = min(bytes.count, position + max(0, count))
        defer { position = max(position, end) }
        return position < end ? String(decoding: bytes[position..<end], as: UTF8.self) : ""
    }
}
