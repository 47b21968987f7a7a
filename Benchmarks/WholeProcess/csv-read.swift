// The floor for `textmeasure columns`: a CSV file read whole with yaslab/CSV.swift alone, its rows
// kept as the command keeps them, and their count printed. Built by whole-process.sh with
// CSV.swift's sources in the same module (swiftc -O), so nothing of TextMeasure is in it.
//
//   csv-read FILE [DELIMITER]    (DELIMITER: one character, or "\t"; default ",")
import Foundation

@main
struct CSVRead {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count > 1, let data = FileManager.default.contents(atPath: arguments[1]) else {
            FileHandle.standardError.write(Data("usage: csv-read FILE [DELIMITER]\n".utf8))
            exit(2)
        }
        let delimiter: Unicode.Scalar = arguments.count > 2 ? (arguments[2] == "\\t" ? "\t" : arguments[2].unicodeScalars.first!) : ","
        let reader = try CSVReader(string: String(decoding: data, as: UTF8.self), hasHeaderRow: false, delimiter: delimiter)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        print(rows.count, rows.reduce(0) { $0 + $1.count })
    }
}
