import Foundation
import TableRendering
import Testing
import TextMeasure

/// A font used on many pages of a PDF is embedded once, as Pango + Cairo embed it: the 1,746
/// pages of the render benchmark's table came to 31.7 MB against Pango's 4.8 MB when each page
/// embedded its own copy of Noto Sans.
@Suite struct PDFFontEmbeddingTests {
    /// The fonts `pdffonts` (poppler-utils) lists for `pdf`: one line each below its two heading lines.
    func embeddedFonts(_ pdf: [UInt8]) throws -> [String] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(UUID().uuidString).pdf").path
        try Data(pdf).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pdffonts", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return text.split(separator: "\n").dropFirst(2).map(String.init)
    }

    @Test func oneFontOnThreePagesIsEmbeddedOnce() throws {
        let stack = try FontStack.bundled(size: 14)
        let pages = ["Name", "Version", "Section"].map { word in
            let run = stack.glyphRuns(of: word)[0]
            let item = TextItem(origin: Point(x: 10, y: 20), run: run,
                                frame: Rect(x: 10, y: 0, width: run.width, height: 20), color: .black)
            return Drawing(bounds: Rect(x: 0, y: 0, width: 200, height: 100), items: [.text(item)])
        }
        let fonts = try embeddedFonts(try Drawing.pdfData(pages: pages))
        // Every word is ASCII, drawn in Noto Sans alone: one font, one subset holding all three words.
        #expect(fonts.count == 1, "\(fonts)")
        #expect(fonts.first?.contains("NotoSans-Regular") == true, "\(fonts)")
    }
}
