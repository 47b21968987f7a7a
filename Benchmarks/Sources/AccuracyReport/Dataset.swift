import PackageTable

/// One table of Benchmarks/Data as the report measures it: the columns whose cells are shown
/// (tag columns such as `locale` are left out) and, for the multilingual table, each row's script.
struct Dataset: Sendable {
    /// The file name, "packages.tsv".
    let file: String
    /// What the table is, for headings.
    let summary: String
    /// The measured columns' titles (the file's header names).
    let titles: [String]
    /// rows[r][c]: the text of row r in measured column c.
    let rows: [[String]]
    /// Each row's ISO 15924 script tag, when the file has a `script` column.
    let scripts: [String]?

    /// Loads `file`, measuring every column except `tags`; `scriptColumn` names the tag column
    /// holding each row's script.
    static func load(_ file: String, summary: String, tags: [String] = [], scriptColumn: String? = nil) -> Dataset {
        let data = DataFile.load(file)
        let measured = data.header.indices.filter { !tags.contains(data.header[$0]) }
        let scriptIndex = scriptColumn.map { name in
            guard let index = data.header.firstIndex(of: name) else { fatalError("\(file): no column \(name)") }
            return index
        }
        return Dataset(file: file, summary: summary, titles: measured.map { data.header[$0] },
                       rows: data.rows.map { row in measured.map { row[$0] } },
                       scripts: scriptIndex.map { index in data.rows.map { $0[index] } })
    }

    /// The indices of the rows of one script (every row for a table without scripts).
    func rowIndices(script: String) -> [Int] {
        guard let scripts else { return Array(rows.indices) }
        return rows.indices.filter { scripts[$0] == script }
    }

    /// The rows at `indices` (those of one script), as a table of their own.
    func subset(script: String, rows indices: [Int]) -> Dataset {
        Dataset(file: file, summary: "\(script) rows", titles: titles, rows: indices.map { rows[$0] }, scripts: nil)
    }

    /// The scripts in order of first appearance.
    var scriptOrder: [String] {
        var seen = Set<String>()
        return (scripts ?? []).filter { seen.insert($0).inserted }
    }

    var cellCount: Int { rows.count * titles.count }

    static func all() -> [Dataset] {
        [
            load("packages.tsv", summary: "Debian package records: names, versions, maintainers, prose"),
            load("multilingual.tsv", summary: "CLDR names and Faker people, addresses and jobs in 24 locales, 11 scripts",
                 tags: ["locale", "script"], scriptColumn: "script"),
            load("short.tsv", summary: "short repeated values: status, category, architecture, codes"),
        ]
    }
}
