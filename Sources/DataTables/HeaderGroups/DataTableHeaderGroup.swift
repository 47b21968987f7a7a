/// A header that stands over adjacent columns, such as "Stock" over "On hand" and "Reorder": a
/// cell of the header spanning `columns`.
///
/// Groups nest: a group may hold groups (its columns contain theirs), and each level of nesting
/// is one more row above the header row (`DataTableConfiguration.headerGroupLevels`). A group's
/// title never wraps; it is set in the header's fonts (`resolvedHeaderFont`) with the cell
/// padding, and a group wider than its columns widens them (see "Column widths").
public struct DataTableHeaderGroup: Sendable, Hashable {
    /// The title drawn over the columns.
    public var title: String
    /// The columns it spans, by index, left to right.
    public var columns: Range<Int>

    public init(title: String, columns: Range<Int>) {
        self.title = title
        self.columns = columns
    }
}

extension DataTableConfiguration {
    /// The level of each of `headerGroups`, in their order: 1 for a group that holds no group
    /// (the row right above the header row), else one more than the highest level it holds.
    /// Valid groups only (see `validateHeaderGroups(columnCount:)`).
    ///
    /// - Complexity: O(g log g) for g groups.
    public var headerGroupLevels: [Int] {
        Self.levels(of: headerGroups).levels
    }

    /// How many rows of groups stand above the header row: the highest level, 0 without groups.
    public var headerGroupRowCount: Int { headerGroupLevels.max() ?? 0 }

    /// Checks `headerGroups` against a table of `columnCount` columns: each has a title that is
    /// not empty, spans at least one column, lies within the columns, and any two are apart or
    /// one holds the other (and they do not span the same columns).
    ///
    /// - Throws: `DataTableConfigurationError` naming the first group that fails (field
    ///   `headerGroup`).
    /// - Complexity: O(g log g) for g groups.
    public func validateHeaderGroups(columnCount: Int) throws(DataTableConfigurationError) {
        for (index, group) in headerGroups.enumerated() {
            func fail(_ requirement: String) -> DataTableConfigurationError {
                DataTableConfigurationError(headerGroup: index, title: group.title, requirement: requirement)
            }
            guard !group.title.allSatisfy(\.isWhitespace) else { throw fail("a title that is not empty") }
            guard !group.columns.isEmpty else { throw fail("over at least one column") }
            guard group.columns.lowerBound >= 0, group.columns.upperBound <= columnCount else {
                throw fail("over columns within 0..<\(columnCount) (it spans \(group.columns.lowerBound)..<\(group.columns.upperBound))")
            }
        }
        if let (index, other, reason) = Self.levels(of: headerGroups).conflict {
            throw DataTableConfigurationError(headerGroup: index, title: headerGroups[index].title,
                                              requirement: "\(reason) group \(other + 1) \"\(headerGroups[other].title)\"")
        }
    }

    /// The groups' levels, and the first pair that neither nests nor stands apart: a stack over
    /// the groups ordered by first column, widest first; a group is popped (and raises its
    /// holder's level) once a later group starts at or after its end.
    static func levels(of groups: [DataTableHeaderGroup]) -> (levels: [Int], conflict: (Int, Int, String)?) {
        var levels = [Int](repeating: 1, count: groups.count)
        let order = groups.indices.sorted {
            (groups[$0].columns.lowerBound, -groups[$0].columns.upperBound, $0)
                < (groups[$1].columns.lowerBound, -groups[$1].columns.upperBound, $1)
        }
        var open: [Int] = []
        func close() {
            let inner = open.removeLast()
            if let holder = open.last { levels[holder] = max(levels[holder], levels[inner] + 1) }
        }
        var conflict: (Int, Int, String)?
        for index in order {
            while let top = open.last, groups[top].columns.upperBound <= groups[index].columns.lowerBound { close() }
            if let top = open.last, conflict == nil {
                if groups[top].columns == groups[index].columns {
                    conflict = (max(index, top), min(index, top), "over columns other than those of")
                } else if groups[index].columns.upperBound > groups[top].columns.upperBound {
                    conflict = (index, top, "nested in or apart from")
                }
            }
            open.append(index)
        }
        while !open.isEmpty { close() }
        return (levels, conflict)
    }
}

extension DataTableHeaderGroup {
    /// `groups` with their levels (see `DataTableConfiguration.headerGroupLevels`), as a table
    /// without column bands places them. Valid groups only (see
    /// `DataTableConfiguration.validateHeaderGroups(columnCount:)`).
    ///
    /// - Complexity: O(g log g) for g groups.
    public static func placed(_ groups: [DataTableHeaderGroup]) -> [Placed] {
        zip(groups, DataTableConfiguration.levels(of: groups).levels).map { Placed(title: $0.title, columns: $0.columns, level: $1) }
    }

    /// A group where a layout draws it: its title over `columns` (the layout's column indices:
    /// a column band's own) in the row `level` rows above the header row.
    public struct Placed: Sendable, Hashable {
        public let title: String
        public let columns: Range<Int>
        /// 1 for the row right above the header row, 2 for the one above that…
        public let level: Int

        public init(title: String, columns: Range<Int>, level: Int) {
            self.title = title
            self.columns = columns
            self.level = level
        }
    }
}
