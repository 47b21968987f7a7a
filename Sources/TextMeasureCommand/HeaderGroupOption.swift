import ArgumentParser
import DataTables

/// `--header-group "TITLE:COL1,COL2,…"`: a header over adjacent columns named by their titles.
/// The title ends at the last colon; the columns are separated by commas.
enum HeaderGroupOption {
    static let help = """
        A header over adjacent columns, named by their titles: "TITLE:COL1,COL2,…" (the title ends at the \
        last colon). Repeatable; a group may hold groups, one row above the header per level. A title wider \
        than its columns widens them.
        """

    /// The groups `values` give over columns titled `titles`.
    ///
    /// - Throws: `ValidationError` naming the option's value and the culprit: no colon, an empty
    ///   title or column list, a column no column is titled or several are (`ColumnTitles`), a
    ///   column named twice, or columns that are not adjacent.
    /// - Complexity: O(columns × names + the values' length).
    static func groups(_ values: [String], titles: [String]) throws -> [DataTableHeaderGroup] {
        try values.map { value in
            func fail(_ problem: String) -> ValidationError { ValidationError("--header-group \"\(value)\": \(problem)") }
            guard let colon = value.lastIndex(of: ":") else { throw fail("give it as TITLE:COL1,COL2,…") }
            let title = String(value[..<colon])
            guard !title.allSatisfy(\.isWhitespace) else { throw fail("the title is empty") }
            let names = value[value.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var indices: [Int] = []
            for name in names {
                let index = try ColumnTitles.index(of: name, in: titles, for: "--header-group \"\(value)\"")
                guard !indices.contains(index) else { throw fail("column \"\(name)\" is named twice") }
                indices.append(index)
            }
            let sorted = indices.sorted()
            for (previous, next) in zip(sorted, sorted.dropFirst()) where next != previous + 1 {
                throw fail("column \"\(titles[next])\" is not next to \"\(titles[previous])\": the columns must be adjacent")
            }
            return DataTableHeaderGroup(title: title, columns: sorted.first!..<(sorted.last! + 1))
        }
    }
}
