import TextMeasure

extension DataTableConfiguration {
    /// What every configured length must be.
    static let lengthRequirement = "a number from 0 to 1e9"

    /// Checks the row settings: heights and spacing from 0 to `maximumLength` (an estimate above
    /// 0), a prefetch window of at least 0 rows.
    func validateRowSettings() throws(DataTableConfigurationError) {
        switch rowHeightMode {
        case .fixed(let height): try check(height, .rowHeight)
        case .automatic(let estimated, let window):
            // Rows of zero estimated height never come into view, so none would be measured.
            guard estimated > 0, estimated <= maximumLength else {
                throw DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: .rowHeight,
                                                  value: estimated, requirement: "a number above 0, at most 1e9")
            }
            guard window >= 0 else {
                throw DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: .prefetchWindow,
                                                  value: Double(window), requirement: "at least 0")
            }
        }
        try check(headerHeight, .headerHeight)
        try check(rowSpacing, .rowSpacing)
    }

    /// Checks the table-wide settings: widths from 0 to `maximumLength`, min ≤ max.
    func validateTableSettings(frameWidth: Double?) throws(DataTableConfigurationError) {
        try check(minColumnWidth, .minColumnWidth)
        if let maxColumnWidth {
            try check(maxColumnWidth, .maxColumnWidth)
            guard minColumnWidth <= maxColumnWidth else {
                throw DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: .minColumnWidth,
                                                  value: minColumnWidth, requirement: "at most maxColumnWidth (\(maxColumnWidth))")
            }
        }
        for side in [cellPadding.top, cellPadding.leading, cellPadding.bottom, cellPadding.trailing] {
            try check(side, .cellPadding)
        }
        try check(sortIndicatorWidth, .sortIndicatorWidth)
        if let frameWidth { try check(frameWidth, .frameWidth) }
    }

    /// Throws unless the table-wide length `value` of `field` is from 0 to `maximumLength`.
    private func check(_ value: Double, _ field: DataTableConfigurationError.Field) throws(DataTableConfigurationError) {
        guard value >= 0, value <= maximumLength else {
            throw DataTableConfigurationError(column: nil, columnTitle: nil, source: .configuration, field: field,
                                              value: value, requirement: Self.lengthRequirement)
        }
    }

    /// The mode of column `column` (titled `title`): the provider's, else `columnWidthMode`,
    /// checked value by value.
    func validatedMode(ofColumn column: Int, title: String) throws(DataTableConfigurationError) -> DataTableColumnWidthMode {
        let provided = columnWidthModeProvider?(column)
        let mode = provided ?? columnWidthMode
        let source: DataTableConfigurationError.Source = provided == nil ? .columnWidthMode : .columnWidthModeProvider
        func fail(_ field: DataTableConfigurationError.Field, _ value: Double, _ requirement: String) -> DataTableConfigurationError {
            DataTableConfigurationError(column: column, columnTitle: title, source: source, field: field, value: value, requirement: requirement)
        }
        func width(_ value: Double, _ field: DataTableConfigurationError.Field) throws(DataTableConfigurationError) {
            guard value >= 0, value <= maximumLength else { throw fail(field, value, Self.lengthRequirement) }
        }
        func sampleSize(_ value: Int) throws(DataTableConfigurationError) {
            guard value >= 1 else { throw fail(.sampleSize, Double(value), "at least 1") }
        }
        func percentile(_ value: Double, sampleSize size: Int) throws(DataTableConfigurationError) {
            guard value > 0, value <= 1 else { throw fail(.percentile, value, "in (0, 1]") }
            try sampleSize(size)
        }
        switch mode {
        case .fixed(let value):
            try width(value, .width)
        case .fitContentText(let strategy):
            switch strategy {
            case .maxMeasured, .maxNominal, .calibratedAverage:
                break
            case .sampledMax(let size):
                try sampleSize(size)
            case .percentileMeasured(let value, let size):
                try percentile(value, sampleSize: size)
            case .estimatedAverage(let average):
                try width(average, .averageCharWidth)
            case .hybrid(let size, let average):
                try sampleSize(size)
                try width(average, .averageCharWidth)
            case .fixed(let value):
                try width(value, .width)
            }
        case .fitContentAutoLayout(let sample):
            switch sample {
            case .all:
                break
            case .sampledMax(let size):
                try sampleSize(size)
            case .percentile(let value, let size):
                try percentile(value, sampleSize: size)
            }
        }
        return mode
    }
}
