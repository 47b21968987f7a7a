extension DataTableLayout {
    /// The header's height with its groups' rows: `headerHeight` × (1 + `headerGroupRowCount`).
    /// Rows start below it. O(1).
    public var headerBlockHeight: Double { configuration.headerHeight * Double(1 + headerGroupRowCount) }

    /// The configuration's header groups placed, after they were checked. O(g log g).
    func placeHeaderGroups() {
        let levels = configuration.headerGroupLevels
        headerGroups = zip(configuration.headerGroups, levels).map { group, level in
            DataTableHeaderGroup.Placed(title: group.title, columns: group.columns, level: level)
        }
        headerGroupRowCount = levels.max() ?? 0
    }

    /// `table`'s groups over the columns `band` (its indices, left to right, adjacent) has of
    /// each, at their levels in `table`: a group split between bands stands in each over the
    /// columns it has there. O(groups × band columns).
    static func headerGroups(of table: DataTableLayout, band: [Int]) -> [DataTableHeaderGroup.Placed] {
        table.headerGroups.compactMap { group in
            let positions = band.indices.filter { group.columns.contains(band[$0]) }
            guard let first = positions.first, let last = positions.last else { return nil }
            return DataTableHeaderGroup.Placed(title: group.title, columns: first..<(last + 1), level: group.level)
        }
    }
}
