import DataTables
import Foundation
import Testing
@testable import TableRendering
import TextMeasure
import TextMeasureTestSupport

/// An SVG's glyphs are Cairo's outlines; its text layer gives their text back: one transparent
/// `<text>` a glyph run, at the run's baseline in the SVG's coordinates, as wide as the run.
@Suite struct SVGTextLayerTests {
    @Test func everyRunIsTextAtItsBaseline() throws {
        let layout = try RenderingFixtures.productsLayout()
        let drawing = layout.drawing(style: .bordered)
        let svg = String(decoding: try drawing.svgData(), as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: #"<text x="([-0-9.]+)" y="([-0-9.]+)" [^>]*textLength="([0-9.]+)"[^>]*>([^<]*)</text>"#)
        let found = pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (x: Double(svg[Range(match.range(at: 1), in: svg)!])!, y: Double(svg[Range(match.range(at: 2), in: svg)!])!,
             width: Double(svg[Range(match.range(at: 3), in: svg)!])!,
             text: String(svg[Range(match.range(at: 4), in: svg)!]).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&"))
        }
        let runs = drawing.textItems.filter { !$0.run.text.isEmpty }
        #expect(found.count == runs.count && runs.count > 50)
        for (element, item) in zip(found, runs) {
            #expect(element.text == String(item.run.text))
            #expect(abs(element.x - (item.origin.x - drawing.bounds.minX)) <= 0.0005)
            #expect(abs(element.y - (item.origin.y - drawing.bounds.minY)) <= 0.0005)
            #expect(abs(element.width - item.run.width) <= 0.0005)
        }
        // The document is XML: the layer closes inside the root.
        #expect(svg.hasSuffix("</g>\n</svg>\n") && svg.contains("<g fill-opacity=\"0\" xml:space=\"preserve\">"))
    }

    @Test func textXMLCannotHoldIsReplaced() {
        #expect(SVGTextLayer.xml("a<b>&\"c\u{1}\u{FFFE}") == "a&lt;b&gt;&amp;&quot;c\u{FFFD}\u{FFFD}")
    }
}
