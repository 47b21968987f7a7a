import DataTables
import Foundation
import TableRendering
import Testing
import TextMeasureTestSupport

/// A PDF strokes the consecutive lines of one opaque colour and width (a grid's) as one path, as
/// `pdftocairo -svg` (poppler) reads them back: one stroked `<path>` of one subpath a line.
/// Lines of another colour or width, or translucent ones, stay paths of their own.
@Suite struct PDFStrokeTests {
    /// The stroked paths `pdftocairo -svg` finds on the page of `drawing`: each one's number of
    /// subpaths (its `M`s).
    func strokedPaths(_ drawing: Drawing) throws -> [Int] {
        let folder = try RenderingFixtures.temporaryFolder()
        let pdf = folder + "/strokes.pdf", svg = folder + "/strokes.svg"
        try writeAtomically(try Drawing.pdfData(pages: [drawing]), to: pdf)
        #expect(RenderingFixtures.output(of: "pdftocairo", ["-svg", pdf, svg]) != nil)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        return text.split(separator: "\n").filter { $0.contains("<path") && $0.contains("stroke-width") }.map { line in
            let d = line.split(separator: "d=\"", maxSplits: 1).last ?? ""
            return d.split(separator: " ").filter { $0 == "M" }.count
        }
    }

    /// Rows 20 pt apart, as a grid's separators.
    func lines(_ count: Int, color: Color, width: Double = 1, from y: Double = 10) -> [DrawingItem] {
        (0..<count).map { row in
            let at = y + 20 * Double(row)
            return .stroke(.line(from: Point(x: 10, y: at), to: Point(x: 190, y: at)), color, lineWidth: width)
        }
    }

    @Test func linesOfOneOpaqueColourAndWidthAreOnePath() throws {
        let page = Drawing(bounds: Rect(x: 0, y: 0, width: 200, height: 300), items: lines(6, color: .gray))
        #expect(try strokedPaths(page) == [6])
    }

    @Test func anotherColourWidthOrOpacityStartsAnotherPath() throws {
        let translucent = Color(white: 0.5, opacity: 0.5)
        var items = lines(3, color: .gray)
        items += lines(2, color: .black, from: 70)
        items += lines(2, color: .black, width: 2, from: 110)
        items += lines(2, color: translucent, from: 150)
        let page = Drawing(bounds: Rect(x: 0, y: 0, width: 200, height: 300), items: items)
        // Grey (3 lines), black 1 pt (2), black 2 pt (2), then each translucent line alone.
        #expect(try strokedPaths(page) == [3, 2, 2, 1, 1])
    }
}
