import DataTables

extension DataTableLayout {
    /// The narrowest each column can be drawn without cutting a word: under automatic table
    /// layout its min-content width, but no wider than it is now (a column cut to a page is as
    /// wide as the page); otherwise its width now. O(columns).
    var narrowestWidths: [Double] {
        columnWidths.columns.map { Swift.min($0.minContentWidth ?? $0.width, $0.width) }
    }

    /// The columns `band` (indices, left to right) as a table of their own, `room` points wide,
    /// for a page that shows only them: the same rows and configuration, each row's height
    /// measured from the band's cells alone (when it is asked for).
    ///
    /// The widths: under automatic table layout (when the columns have min- and max-content
    /// widths), `room` shared out between the band's columns as `AutomaticTableLayout` shares a
    /// frame between a table's, from their min-content widths (`narrowestWidths`; a
    /// column narrower than that is held at its width) and max-content widths; so the band's
    /// widths depend on its columns alone. Under SwiftDataTables' rules each column keeps its
    /// width now: a content-fitted width is the column's own, whatever its neighbours.
    ///
    /// - Complexity: O(rows + band columns); nothing is measured.
    func band(_ band: [Int], room: Double) -> DataTableLayout {
        let automatic = !columnWidths.columns.isEmpty && columnWidths.columns.allSatisfy { $0.minContentWidth != nil }
        guard automatic else {
            return DataTableLayout(band: band, of: self, widths: DataTableColumnWidths(columns: band.map { columnWidths.columns[$0] }))
        }
        let narrowest = narrowestWidths
        let columns = band.map { index in
            let given = columnWidths.columns[index]
            let held = narrowest[index] < given.minContentWidth! || { if case .fixed = given.mode { true } else { false } }()
            return AutomaticTableLayout.Column(minContent: narrowest[index],
                                               maxContent: held ? narrowest[index] : Swift.max(narrowest[index], given.maxContentWidth!),
                                               isFixed: held)
        }
        let widths = AutomaticTableLayout.widths(of: columns, frame: room, scaleToFill: configuration.shouldContentWidthScaleToFillFrame)
        return DataTableLayout(band: band, of: self, widths: DataTableColumnWidths(columns: zip(band, widths).map { index, width in
            let given = columnWidths.columns[index]
            return DataTableColumnWidth(title: given.title, mode: given.mode, width: width, fittedWidth: given.fittedWidth,
                                        contentWidth: given.contentWidth, headerWidth: given.headerWidth,
                                        minContentWidth: given.minContentWidth, maxContentWidth: given.maxContentWidth)
        }))
    }
}
