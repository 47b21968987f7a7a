import ArgumentParser

/// Finds a column by the title an option gives: the one lookup every option that names a
/// column uses, so that none picks the first of two columns of one title.
enum ColumnTitles {
    /// The index of the one column of `titles` titled `title`, for `option` (the option and its
    /// value as the error should show them, such as `--align Price=center`).
    ///
    /// - Throws: `ValidationError` naming `option` and the title when no column has it, or when
    ///   several do (their positions, from 1): an ambiguous name is refused, never resolved to
    ///   the first.
    /// - Complexity: O(columns).
    static func index(of title: String, in titles: [String], for option: String) throws -> Int {
        let matches = titles.indices.filter { titles[$0] == title }
        guard let index = matches.first else {
            throw ValidationError("\(option): no column is titled '\(title)' (the columns: \(titles.joined(separator: ", ")))")
        }
        guard matches.count == 1 else {
            let positions = matches.map { String($0 + 1) }
            throw ValidationError("\(option): \(matches.count) columns are titled '\(title)' (columns "
                + positions.dropLast().joined(separator: ", ") + " and " + positions.last! + "); rename them in the header to tell them apart")
        }
        return index
    }
}
