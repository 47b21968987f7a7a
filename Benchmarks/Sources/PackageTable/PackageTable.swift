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
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/packages.tsv").path
        let contents: String
        do { contents = try String(contentsOfFile: path, encoding: .utf8) } catch { fatalError("\(path): \(error)") }
        var lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        precondition(lines.first.map { $0.split(separator: "\t").map(String.init) } == columns, "\(path): unexpected header")
        let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        precondition(rows.allSatisfy { $0.count == columns.count }, "\(path): a row without \(columns.count) fields")
        return PackageTable(rows: rows)
    }
}
