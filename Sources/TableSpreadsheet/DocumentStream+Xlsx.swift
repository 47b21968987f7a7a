public import DocumentStreams
import Foundation

extension DocumentStream {
    /// `sheet` as an xlsx workbook, streamed: the bytes `SpreadsheetTable.write(to:)` writes to a
    /// file, given to the reader 64 KiB at a time.
    ///
    /// A workbook is a ZIP archive whose directory comes at its end, so it is written whole
    /// first, into a folder of its own in the temporary directory (libxlsxwriter in constant-memory
    /// mode: memory holds a row, the rows go to its temporary files there), then read to the
    /// reader; the folder is removed at the end, after an error, and when the reader goes. The
    /// sheet was measured when it was made, so `progress` reports `finished` alone.
    ///
    /// Back pressure and the thread it runs on are as for every `DocumentStream`. A cancelled
    /// stream stops writing within 1,024 rows, the workbook let go unwritten, or after the chunk
    /// it is reading.
    ///
    /// The sheet is the stream's from here on (`sending`): nothing else may use it.
    ///
    /// - Throws (from the iteration): what `write(to:)` throws, the temporary file's path named.
    /// - Complexity: as `write(to:)`, and O(bytes) to read; none before the first `next()`.
    public static func xlsx<Row>(of sheet: sending SpreadsheetTable<Row>,
                                 bufferLimit: Int = DocumentStream.defaultBufferLimit) -> DocumentStream {
        DocumentStream(bufferLimit: bufferLimit, cannotWrite: SpreadsheetError.cannotWrite) { sink, _, isCancelled in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textmeasure-xlsx-\(UUID().uuidString)").path
            do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) } catch {
                throw SpreadsheetError.cannotWrite(path: folder, reason: error.localizedDescription)
            }
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/stream.xlsx"
            try XlsxWorkbook.write(sheet, to: path, reportedAs: path, isCancelled: isCancelled)
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw SpreadsheetError.cannotWrite(path: path, reason: "the written workbook cannot be read")
            }
            defer { try? file.close() }
            while !isCancelled() {
                let chunk: Data
                do { chunk = try file.read(upToCount: 1 << 16) ?? Data() } catch {
                    throw SpreadsheetError.cannotWrite(path: path, reason: error.localizedDescription)
                }
                guard !chunk.isEmpty else { return }
                guard chunk.withUnsafeBytes({ sink.consume($0) }) else { return }
            }
        }
    }
}
