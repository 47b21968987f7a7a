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
        // A spreadsheet shows every cell, so every cell is measured: a sampled, estimated or
        // fixed width would cut the cells it did not read.
        if options.strategy != "maxMeasured" {
            throw ValidationError("--strategy \(options.strategy) does not apply to an .xlsx output: every cell is measured, as a spreadsheet shows every cell")
        }
        if options.mode != "text" {
            throw ValidationError("--mode \(options.mode) does not apply to an .xlsx output: cells are text, measured as a spreadsheet draws them")
        }
        // A spreadsheet aligns and totals its own cells: these are not written into the workbook.
        if !options.totals.isEmpty {
            throw ValidationError("--total does not apply to an .xlsx output: a spreadsheet totals its columns with its own formulas")
        }
        if let decimal = options.alignments.first(where: { $0.hasSuffix("=decimal") }) {
            throw ValidationError("--align \(decimal): decimal alignment does not apply to an .xlsx output (leading, center, trailing or auto)")
        }
    }

    /// `--align` as one alignment per column of `titles` (general, the spreadsheet's own, where
    /// none or auto is given).
    func spreadsheetAlignments(titles: [String]) throws -> [SpreadsheetAlignment] {
        try options.columnAlignments(titles: titles).map { alignment in
            guard let alignment else { return .general }
            guard let spreadsheet = SpreadsheetAlignment(rawValue: alignment.rawValue) else {
                throw ValidationError("--align: \(alignment.rawValue) alignment does not apply to an .xlsx output (leading, center, trailing or auto)")
            }
            return spreadsheet
        }
    }

    /// Reads the CSV file and writes it as a workbook at --output.
    func writeSpreadsheet() throws {
        let table = try options.readTable()
        let font = try options.font.spreadsheetFont()
        let headerFont = try options.headerFont.map { try font.bold.prepending(Font(path: $0, size: font.size)) }
        let columns = table.titles.indices.map { index in DataTableColumn<[String]>(table.titles[index]) { $0[index] } }
        let sheet = try SpreadsheetTable(rows: table.rows, columns: columns, font: font, headerFont: headerFont,
                                         maxColumnWidth: options.max, alignments: try spreadsheetAlignments(titles: table.titles))
        try sheet.write(to: output)
    }
}
