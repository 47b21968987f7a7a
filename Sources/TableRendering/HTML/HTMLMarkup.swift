import DataTables
/// Text and numbers written into HTML, CSS and JSON.
enum HTMLMarkup {
    /// `text` with `&`, `<`, `>`, `"` and `'` as character references: safe in element content
    /// and in quoted attribute values.
    static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// The CSS `padding` that makes `cell`'s content box its measured one (top, right, bottom,
    /// left); "0" for no cell.
    static func padding(_ cell: TableStyleConfiguration.Cell?) -> String {
        guard let cell else { return "0" }
        let (frame, content) = (cell.frame, cell.contentFrame)
        return [span(from: frame.minY, to: content.minY), span(from: content.maxX, to: frame.maxX),
                span(from: content.maxY, to: frame.maxY), span(from: frame.minX, to: content.minX)].joined(separator: " ")
    }

    /// `name` as one segment of a URL path (RFC 3986): each byte of its UTF-8 but the unreserved
    /// characters (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`) as `%XX`, so `#`, `?`, `%`, `/`,
    /// a space or an accented letter in a file name stays part of the name.
    static func urlPathSegment(_ name: some StringProtocol) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `segment` with its `%XX` escapes decoded, or nil when it is not one path segment: a `/`,
    /// `?`, `#` or `:`, a malformed escape, an escaped `/` or NUL, or bytes that are not UTF-8.
    static func fileName(fromURLPathSegment segment: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"): return nil
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                let decoded = high << 4 | low
                guard decoded != UInt8(ascii: "/"), decoded != 0 else { return nil }
                bytes.append(decoded)
            default: bytes.append(byte)
            }
        }
        guard !bytes.isEmpty, bytes != Array("..".utf8), bytes != Array(".".utf8) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// `text` as a CSS string, quotes included.
    static func cssString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar == "<" || scalar == ">": result += "\\" + String(scalar.value, radix: 16) + " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `value` on Chromium's layout grid of 1/64 px (LayoutUnit), rounded to the nearest.
    ///
    /// Lengths written as differences of snapped positions, `snapped(end) - snapped(start)`, add
    /// up to snapped positions: a thousand rows end where the layout says, never drift.
    static func snapped(_ value: Double) -> Double { (value * 64).rounded() / 64 }

    /// A length in CSS pixels, exactly (a multiple of 1/64 has a short exact decimal).
    static func px(_ value: Double) -> String { number(value) + "px" }

    /// `value` in CSS and JSON's shortest form ("12", "12.5").
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The length from snapped `start` to snapped `end`.
    static func span(from start: Double, to end: Double) -> String { px(snapped(end) - snapped(start)) }

    /// A colour as CSS `rgba()`, each channel at 8 bits as Cairo stores it.
    static func css(_ color: Color) -> String {
        func channel(_ value: Double) -> Int { Int((value * 255).rounded()) }
        let alpha = (color.opacity * 1000).rounded() / 1000
        return "rgba(\(channel(color.red)),\(channel(color.green)),\(channel(color.blue)),\(alpha == 1 ? "1" : String(alpha)))"
    }
}
