import Foundation
@testable import TextMeasureCommand
import Testing
import TextMeasureTestSupport

/// `CSVTable` reads a file a piece at a time: whatever the pieces' size (a byte, a few, a row
/// cut anywhere), an error names the line worked out from the text itself. (That any piece size
/// reads the table `CSVText` wrote is `ServedCSVTests.writtenTablesReadBackTheSame`.)
@Suite struct CSVPieceTests {
    static let sizes = [1, 2, 3, 5, 8, 13, 64, CSVTable.pieceSize]

    /// A file of a header and `rows` rows of two fields ("a,b", LF, CR LF and CR line ends in turn,
    /// one field quoted across two lines every third row), then `bad` as its last line. Returns the
    /// bytes and the line `bad` starts on, counted here from the line ends written.
    static func file(rows: Int, bad: [UInt8]) -> (bytes: [UInt8], line: Int) {
        var (bytes, line) = (Array("x,y\n".utf8), 2)
        for row in 0..<rows {
            let end = ["\n", "\r\n", "\r"][row % 3]
            if row % 3 == 2 {
                bytes += Array("\"é\(row)\(end)é\",b\(end)".utf8)
                line += 2
            } else {
                bytes += Array("a\(row),日本\(end)".utf8)
                line += 1
            }
        }
        return (bytes + bad, line)
    }

    @Test(arguments: [
        (Array("1,2,3\n".utf8), "3 fields, but the header has 2"),
        (Array("1,\u{0}2\n".utf8), "a NUL character"),
        ([0x31, 0x2C, 0xC3, 0x28, 0x0A], "not valid UTF-8"),
        (Array("1,\"open\nstill open\n".utf8), "a quote opened here is never closed"),
    ] as [([UInt8], String)])
    func anErrorNamesItsLineWhateverThePieces(bad: [UInt8], problem: String) {
        for rows in [0, 1, 7, 40] {
            let (bytes, line) = Self.file(rows: rows, bad: bad)
            for size in Self.sizes {
                #expect(throws: CSVTable.Problem.self) { try CSVTable(bytes, path: "t.csv", delimiter: ",", pieceSize: size) }
                do {
                    _ = try CSVTable(bytes, path: "t.csv", delimiter: ",", pieceSize: size)
                } catch {
                    #expect(error.line == line, "\(rows) rows, piece size \(size): \(error)")
                    #expect(error.problem.hasPrefix(problem), "\(rows) rows, piece size \(size): \(error)")
                }
            }
        }
    }

    /// Two problems in one file: the first in the file is named, whatever the pieces (an invalid
    /// sequence is found when its piece is decoded, a ragged row when it is split).
    @Test func theFirstProblemInTheFileIsNamed() {
        let ragged = Array("1,2,3\n".utf8), invalid: [UInt8] = [0x31, 0x2C, 0xC3, 0x28, 0x0A]
        for (first, second, problem) in [(ragged, invalid, "3 fields"), (invalid, ragged, "not valid UTF-8")] {
            let (bytes, line) = Self.file(rows: 5, bad: first)
            for size in Self.sizes {
                do {
                    _ = try CSVTable(bytes + Array("a,b\n".utf8) + second, path: "t.csv", delimiter: ",", pieceSize: size)
                    Issue.record("piece size \(size): no error")
                } catch {
                    #expect(error.line == line && error.problem.hasPrefix(problem), "piece size \(size): \(error)")
                }
            }
        }
    }

    /// A piece read from a pipe is whole: `appendPiece` reads until it has the count asked for or
    /// the input ends, though the writer gives the pipe 1,000 bytes at a time. It appended what
    /// one `read` gave (a pipe's 64 KiB at most), and a field of 9 MB through a pipe, scanned again
    /// after each of its 140 reads, took 32 s in a debug build against 5.65 s from a file.
    @Test func aPieceFromAPipeIsWhole() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let (reading, writing) = (ends[0], ends[1])
        defer { close(reading) }
        let total = 300_000
        let writer = Thread {
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000)
            for _ in 0..<(total / chunk.count) {
                _ = chunk.withUnsafeBytes { write(writing, $0.baseAddress!, $0.count) }
                usleep(50)
            }
            close(writing)
        }
        writer.start()
        var bytes: [UInt8] = []
        #expect(try CSVTable.appendPiece(of: reading, path: "-", count: 200_000, to: &bytes) == 200_000)
        #expect(try CSVTable.appendPiece(of: reading, path: "-", count: 200_000, to: &bytes) == total - 200_000)
        #expect(try CSVTable.appendPiece(of: reading, path: "-", count: 200_000, to: &bytes) == 0)
        #expect(bytes.count == total && bytes.allSatisfy { $0 == UInt8(ascii: "a") })
    }
}
