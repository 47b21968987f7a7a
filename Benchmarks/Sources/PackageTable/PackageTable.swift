import Foundation

/// Benchmarks/Data/packages.tsv (see Data/README.md): a header line, then 50,000 rows of six
/// tab-separated fields, each the text of a real Debian package's record.
public struct PackageTable: Sendable {
    public static let columns = ["name", "version", "section", "maintainer", "installed_size_kib", "description"]
    public static let name = 0
    public static let version = 1
    public static let section = 2
    public static let maintainer = 3
    public static let installedSize = 4
    public static let description = 5

    /// The rows, each with one field per column of `columns`.
    public let rows: [[String]]

    /// The file, found next to this source file, so any working directory works.
    public static func load() -> PackageTable {
        let table = DataFile.load("packages.tsv")
        require(table.header == columns, "packages.tsv: unexpected header \(table.header)")
        return PackageTable(rows: table.rows)
    }
}

/// A file of Benchmarks/Data (see Data/README.md): UTF-8, LF line ends, a header line, then rows
/// of tab-separated fields with no quoting, every row with as many fields as the header.
public struct DataFile: Sendable {
    public let header: [String]
    public let rows: [[String]]

    /// Benchmarks/Data/`name`, found next to this source file, so any working directory works.
    public static func load(_ name: String) -> DataFile {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/\(name)").path
        let contents: String
        do { contents = try String(contentsOfFile: path, encoding: .utf8) } catch { fatalError("\(path): \(error)") }
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { fatalError("\(path): empty") }
        let header = first.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        require(rows.allSatisfy { $0.count == header.count }, "\(path): a row without \(header.count) fields")
        return DataFile(header: header, rows: rows)
    }
}
