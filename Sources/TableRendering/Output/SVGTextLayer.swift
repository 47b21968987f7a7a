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
                    markup += "<text x=\"\(x.formatted3)\" y=\"\(y.formatted3)\" font-family=\"\(xml(text.run.font.familyName))\""
                        + " font-size=\"\((scale * text.run.font.size).formatted3)\" textLength=\"\((scale * text.run.width).formatted3)\""
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

    /// `text` escaped for XML content and attribute values (`HTMLMarkup.escaped`), with what XML
    /// 1.0 cannot hold (controls but tab and line ends, U+FFFE, U+FFFF) as U+FFFD first.
    static func xml(_ text: some StringProtocol) -> String {
        var held = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let illegal = scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF
            held.append(illegal ? "\u{FFFD}" : scalar)
        }
        return HTMLMarkup.escaped(String(held))
    }
}
