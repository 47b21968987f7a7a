import LiveTables
@testable import TextMeasureCommand
import Testing
import TextMeasureTestSupport

/// What `serve --save` writes (`CSVText`, ours) read back by the command's reader (`CSVTable`,
/// yaslab/CSV.swift's RFC 4180 parser): the same titles and fields, for fields holding the
/// delimiter (of one byte or three), quotes, line breaks (LF, CR, CRLF), spaces at the ends, empty fields and
/// multilingual text, the file read a piece at a time of any size; and a row made of fields
/// (`CSVRow`) gives back each field it was made of.
@Suite struct ServedCSVTests {
    static let pieces = ["", " ", "a", ",", ";", "\t", "\"", "\"\"", "\n", "\r", "\r\n", "x y", " lead", "trail ", "é", "مرحبا", "日本語",
                         "👍🏽", "1,5", "=SUM(A1)", "-", "\u{200B}"]

    /// `count` fields of 0 to 3 pieces each, from a seeded generator.
    static func fields(_ count: Int, _ generator: inout SplitMix) -> [String] {
        (0..<count).map { _ in (0..<Int(generator.next() % 4)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined() }
    }

    @Test(arguments: [",", ";", "\t", "；"] as [Unicode.Scalar])
    func writtenTablesReadBackTheSame(delimiter: Unicode.Scalar) throws {
        var generator = SplitMix(seed: 41)
        for _ in 0..<200 {
            // One table in eight wider than `CSVRowStore.indexedWidth`, whose fields are indexed.
            let columns = generator.next() % 8 == 0 ? 17 + Int(generator.next() % 24) : 1 + Int(generator.next() % 5)
            // A title of a one-column table must not be empty: the reader skips an empty line.
            var titles = Self.fields(columns, &generator).enumerated().map { "\($0.offset)\($0.element)" }
            titles[0] = "t" + titles[0]
            let rows = (0..<Int(generator.next() % 6)).map { _ in Self.fields(columns, &generator) }
            // A one-column row of one empty field is an empty line, which a reader skips: RFC 4180 has no other way.
            let kept = columns == 1 ? rows.filter { $0 != [""] } : rows
            let bytes = CSVText.bytes(titles: titles, rows: kept, delimiter: delimiter)
            // Read a piece at a time, of any size: rows cut inside a quoted field, between a CR and
            // its LF, inside a UTF-8 sequence or a delimiter of several bytes.
            for size in CSVPieceTests.sizes {
                let table = try CSVTable(bytes, path: "t.csv", delimiter: delimiter, pieceSize: size)
                #expect(table.titles == titles)
                #expect(table.rows.map(\.fields) == kept, "piece size \(size): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                #expect(table.rows.map { row in titles.indices.map { row[$0] } } == kept)
                #expect(table.rows == kept.map(CSVRow.init))
            }
        }
    }

    @Test func aRowKeptAsOneStringGivesBackEachField() {
        var generator = SplitMix(seed: 5)
        for _ in 0..<500 {
            let fields = Self.fields(1 + Int(generator.next() % 40), &generator)
            let row = CSVRow(fields)
            #expect(row.fields == fields)
            #expect(fields.indices.map { row[$0] } == fields)
        }
    }
}
