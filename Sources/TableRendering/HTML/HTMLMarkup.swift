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
