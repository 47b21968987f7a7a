import ArgumentParser
import DataTables
import TableSpreadsheet
import TextMeasure

extension TextMeasureCommand.Render {
    /// Whether --output names an xlsx workbook.
    var writesSpreadsheet: Bool { output.lowercased().hasSuffix(".xlsx") }

    func validateSpreadsheet() throws {
        if let size = options.font.givenSize, !(size > 0 && size <= 409) {
            throw ValidationError("--size for an .xlsx output is in points, above 0 and at most 409, not \(size)")
        }
        if let max = options.max { try LengthOption.check(max, "--max") }
        // A workbook's cells are text, measured as a spreadsheet draws them: the cell model's
        // widths and DataTables' exact column widths in points do not apply.
        if options.mode != "text" {
            throw ValidationError("--mode \(options.mode) does not apply to an .xlsx output: its cells are text measured as a spreadsheet draws them (--mode text, the default); for the same width in every column give --strategy fixed:W (W in points)")
        }
        if try spreadsheetStrategy() == .maxNominal {
            throw ValidationError("--strategy maxNominal does not apply to an .xlsx output: a spreadsheet draws shaped glyphs on whole pixels (use maxMeasured)")
        }
    }

    /// `--strategy` (C and W in points, as --max).
    func spreadsheetStrategy() throws -> DataTableColumnWidthStrategy {
        try ColumnWidthArguments.strategy(options.strategy)
    }

    /// `--align` as one alignment per column of `titles` (general, the spreadsheet's own, where
    /// none or auto is given).
    func spreadsheetAlignments(titles: [String]) throws -> [SpreadsheetAlignment] {
        try options.columnAlignments(titles: titles).map { alignment in
            guard let alignment else { return .general }
            guard let spreadsheet = SpreadsheetAlignment(rawValue: alignment.rawValue) else {
                throw ValidationError("--align: \(alignment.rawValue) alignment does not apply to an .xlsx output (leading, center, trailing, decimal or auto)")
            }
            return spreadsheet
        }
    }

    /// Reads the CSV file and writes it as a workbook at --output.
    func writeSpreadsheet() throws {
        var table = try options.readTable()
        if let column = try RowOptions.column(rowOptions.sort, in: table.titles, option: "--sort") {
            table.rows = TextMeasureCommand.Rows.sorted(table.rows, byColumn: column)  // as a drawn table's rows
        }
        let font = try options.font.spreadsheetFont()
        let weighted = options.headerWeight == .bold ? font.bold : font.regular
        let headerFont = try options.headerFont.map { try weighted.prepending(Font(path: $0, size: font.size)) }
            ?? (options.headerWeight == .bold ? nil : font.regular)
        let totals = try options.columnTotals(titles: table.titles)
        let columns = table.titles.indices.map { index in DataTableColumn<CSVRow>(table.titles[index]) { $0[index] }.total(totals[index]) }
        let hasFooter = totals.contains { $0 != nil }
        if hasFooter {
            // The footer, as a drawing's: measured with the rows, written as formulas with these results.
            do {
                table.rows.append(CSVRow(try columns.footerTexts(for: table.rows, reader: NumberReader(decimalSeparator: try options.decimal()))))
            } catch {
                throw CSVTable.Problem(path: options.file, line: nil, problem: "--total: \(error)")
            }
        }
        var sheet = try SpreadsheetTable(rows: table.rows, columns: columns, font: font, headerFont: headerFont,
                                         strategy: try spreadsheetStrategy(), maxColumnWidth: options.max, alignments: try spreadsheetAlignments(titles: table.titles),
                                         numberReader: NumberReader(decimalSeparator: try options.decimal()))
        sheet.hasFooter = hasFooter
        sheet.boldHeader = options.headerWeight == .bold
        if let column = try RowOptions.column(rowOptions.groupBy, in: table.titles, option: "--group-by") {
            // Runs of equal values above the footer, as a drawing's spans: merged down their rows.
            sheet.rowSpans = DataTableRowSpan.grouping(table.rows[..<(table.rows.count - (hasFooter ? 1 : 0))].lazy.map { $0[column] }, column: column)
        }
        sheet.title = title
        let groups = try HeaderGroupOption.groups(options.headerGroups, titles: table.titles)
        do {
            var configuration = DataTableConfiguration(font: font.bold)
            configuration.headerGroups = groups
            try configuration.validateHeaderGroups(columnCount: table.titles.count)
        } catch {
            throw ValidationError("--header-group: \(error)")
        }
        sheet.headerGroups = DataTableHeaderGroup.placed(groups)
        try sheet.write(to: output)
    }
}
