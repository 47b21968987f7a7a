import DataTables
import DocumentStreams
import Foundation
import TableSpreadsheet
import Testing
import TextMeasureTestSupport

/// `DocumentStream.xlsx(of:)`: its chunks are the workbook `write(to:)` writes, part for part
/// (all but the creation time), in chunks of 64 KiB but the last; a cancelled stream ends with
/// `CancellationError` and leaves no file behind.
@Suite(.serialized) struct SpreadsheetStreamTests {
    static func sheet(rows count: Int) throws -> SpreadsheetTable<[String]> {
        let rows = (0..<count).map { ["package-\($0)", "\($0 * 37 % 1000).\($0 % 100)", "a description of row \($0) that wraps"] }
        let columns = ["Name", "Size", "Description"].enumerated().map { index, title in DataTableColumn<[String]>(title) { $0[index] } }
        return try SpreadsheetTable(rows: rows, columns: columns, font: try SpreadsheetFont.calibri(), maxColumnWidth: 120)
    }

    /// The stream's own folders left in the temporary directory.
    static func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("textmeasure-xlsx-") }
    }

    @Test func theChunksAreTheWrittenWorkbook() async throws {
        let folder = try TemporaryFolder.make("xlsx-stream")
        let written = folder + "/written.xlsx", streamed = folder + "/streamed.xlsx"
        try Self.sheet(rows: 20_000).write(to: written)
        let stream = DocumentStream.xlsx(of: try Self.sheet(rows: 20_000))
        var chunks: [[UInt8]] = []
        for try await chunk in stream { chunks.append(chunk) }
        var reports: [DocumentStream.Progress] = []
        for await report in stream.progress { reports.append(report) }
        try Data(chunks.joined()).write(to: URL(fileURLWithPath: streamed))

        #expect(chunks.count > 2)
        #expect(chunks.dropLast().allSatisfy { $0.count >= 1 << 16 })
        #expect(reports == [.finished])
        let parts = try Workbook.listing(of: written)
        #expect(try Workbook.listing(of: streamed).map(\.name) == parts.map(\.name))
        for part in parts.map(\.name) where part != "docProps/core.xml" {  // the creation time, to the second
            #expect(try Workbook.member(part, of: streamed) == Workbook.member(part, of: written), "\(part)")
        }
        #expect(try Self.leftovers().isEmpty)
    }

    /// Cancelled halfway through writing the workbook's rows (its whole writing timed first; the
    /// fonts of its row heights are loaded before the rows, a fixed cost of about 0.5 s in a debug
    /// build): the writing stops within 1,024 rows, the workbook let go unwritten, in less than a
    /// tenth of the time the whole takes; the iteration throws `CancellationError`, and no file is
    /// left, open or on disk.
    @Test func aCancelledStreamStopsAndLeavesNoFile() async throws {
        let sheet = try Self.sheet(rows: 40_000)
        let folder = try TemporaryFolder.make("xlsx-stream")
        let clock = ContinuousClock()
        let whole = try clock.measure { try sheet.write(to: folder + "/whole.xlsx") }
        let stream = DocumentStream.xlsx(of: sheet)
        let reading = Task {
            var bytes = 0
            for try await chunk in stream { bytes += chunk.count }
            return bytes
        }
        try await Task.sleep(for: whole / 2)
        let cancelled = clock.now
        reading.cancel()
        await #expect(throws: CancellationError.self) { try await reading.value }
        var reports: [DocumentStream.Progress] = []
        for await report in stream.progress { reports.append(report) }  // ends: the work is over
        let stopped = clock.now - cancelled
        #expect(stopped < whole / 10, "stopped \(stopped) after the cancel; the whole workbook took \(whole)")
        #expect(!reports.contains(.finished))
        #expect(try Self.leftovers().isEmpty)
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
            .compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
        #expect(!open.contains { $0.contains("textmeasure-xlsx-") }, "\(open)")  // libxlsxwriter's rows file, unlinked
    }

    @Test func aStreamWrittenToAFileIsTheWorkbookAndAnUnwritablePathIsTheSpreadsheetsError() async throws {
        let folder = try TemporaryFolder.make("xlsx-stream")
        try await DocumentStream.xlsx(of: try Self.sheet(rows: 100)).write(toFile: folder + "/t.xlsx")
        #expect(try Workbook.member("xl/worksheets/sheet1.xml", of: folder + "/t.xlsx").contains("<c r=\"C101\""))
        let missing = folder + "/no-such-folder/t.xlsx"
        await #expect {
            try await DocumentStream.xlsx(of: try Self.sheet(rows: 100)).write(toFile: missing)
        } throws: { error in
            guard case SpreadsheetError.cannotWrite(let path, _) = error else { return false }
            return path == missing
        }
    }
}
