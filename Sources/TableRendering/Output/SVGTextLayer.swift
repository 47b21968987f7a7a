/// The text of a drawing as invisible SVG `<text>` elements, one a glyph run, laid over Cairo's
/// glyph outlines: Cairo writes glyphs as shapes, which a reader cannot select, search, copy or
/// read aloud. As a scanned PDF's text layer, each run is transparent (`fill-opacity="0"`), at its
/// baseline and stretched to its width (`textLength`), in drawing order (a run's own text in
/// reading order). Characters XML cannot hold (controls, U+FFFE, U+FFFF, lone surrogates)
/// become U+FFFD.
enum SVGTextLayer {
    /// The layer for `items`, whose point (x, y) is at (x − origin.x, y − origin.y) in the SVG.
    /// Empty when there is no text. O(items + their text).
    static func markup(_ items: [DrawingItem], origin: Point) -> String {
        var markup = ""
        func walk(_ items: [DrawingItem], scale: Double, offset: Point) {
            for item in items {
                switch item {
                case .text(let text):
                    guard !text.run.text.isEmpty, text.run.width > 0 else { continue }
                    let x = offset.x + scale * text.origin.x - origin.x, y = offset.y + scale * text.origin.y - origin.y
                    markup += "<text x=\"\(number(x))\" y=\"\(number(y))\" font-family=\"\(xml(text.run.font.familyName))\""
                        + " font-size=\"\(number(scale * text.run.font.size))\" textLength=\"\(number(scale * text.run.width))\""
                        + " lengthAdjust=\"spacingAndGlyphs\"\(text.run.isRightToLeft ? " direction=\"rtl\"" : "")>"
                        + xml(text.run.text) + "</text>\n"
                case .clip(_, let inner): walk(inner, scale: scale, offset: offset)
                case .transformed(let inner, let shift, let nested):
                    walk(nested, scale: scale * inner, offset: Point(x: offset.x + scale * shift.x, y: offset.y + scale * shift.y))
                case .fill, .stroke: break
                }
            }
        }
        walk(items, scale: 1, offset: Point(x: 0, y: 0))
        return markup.isEmpty ? "" : "<g fill-opacity=\"0\" xml:space=\"preserve\">\n" + markup + "</g>\n"
    }

    /// `value` to 1/1000, without a trailing ".0".
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// `text` escaped for XML content and attribute values, with what XML 1.0 cannot hold as U+FFFD.
    static func xml(_ text: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
