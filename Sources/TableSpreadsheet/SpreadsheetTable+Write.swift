#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif
internal import AtomicFiles
import DataTables
internal import CXlsxWriter

extension SpreadsheetTable {
    /// Writes the table as an xlsx workbook at `path`: one worksheet, the `title` and the
    /// `headerGroups` in merged rows above the header, the header bold, frozen, with an
    /// autofilter over the table; the columns at `columnWidths`, wrapping
    /// columns wrapping, rows at `rowHeights`, the `rowSpans` merged and folding; each cell of a column of numbers or dates
    /// (`SpreadsheetColumnType`) as `SpreadsheetCell` reads its text, every cell of any other
    /// column as text (empty cells left blank). Written whole or not at all, as every output of the package
    /// (TableRendering's `writeAtomically(_:to:)`): into a temporary file beside `path`, flushed
    /// and renamed over it once complete, removed on failure or on SIGINT and SIGTERM; a symbolic
    /// link at `path` is kept and the file it names written, with its permissions. libxlsxwriter writes in its
    /// constant-memory mode: each row goes to a temporary file as it is written.
    ///
    /// libxlsxwriter's temporary files go in `path`'s folder; as it does not check their writes,
    /// the rows' file is checked before the workbook is closed and the written file read back
    /// (`XlsxPackage`), so a full disk or a file-size limit is an error, never a cut workbook.
    ///
    /// - Throws: `SpreadsheetError.cannotWrite` naming the path and the system's reason (or the part cut short);
    ///   `.xlsxwriter` for an error libxlsxwriter reports.
    /// - Complexity: O(cells).
    public func write(to path: String) throws(SpreadsheetError) {
        let file = try AtomicFile(writing: path, failure: SpreadsheetError.cannotWrite)
        defer { file.discard() }
        try XlsxWorkbook.write(self, to: file.temporary, reportedAs: path)
        try file.commit()
    }
}

/// The calls into libxlsxwriter.
enum XlsxWorkbook {
    /// Writes `table` at `path`, errors naming `reported`; `isCancelled` is asked every 1,024 rows
    /// (of each pass over the cells), and a yes stops the writing at once (`cannotWrite`, "stopped"): the workbook is freed, not
    /// closed (closing would zip the rows written), so nothing is written at `path`.
    static func write<Row>(_ table: SpreadsheetTable<Row>, to path: String, reportedAs reported: String,
                           isCancelled: () -> Bool = { false }) throws(SpreadsheetError) {
        // libxlsxwriter's own temporary files (the rows, then each part) go beside the workbook, on its disk, not to /tmp.
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let temporaryFolder = strdup(folder)
        defer { free(temporaryFolder) }
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: temporaryFolder, use_zip64: 1)
        guard let workbook = path.withCString({ workbook_new_opt($0, &options) }) else {
            throw .cannotWrite(path: reported, reason: "libxlsxwriter could not start the workbook")
        }
        guard let sheet = workbook_add_worksheet(workbook, nil) else {
            lxw_workbook_free(workbook)
            throw .xlsxwriter(path: reported, message: "no worksheet")
        }
        var problem: SpreadsheetError?
        do throws(SpreadsheetError) {
            try fill(sheet, of: workbook, with: table, reportedAs: reported, isCancelled: isCancelled)
            // The rows' temporary file: libxlsxwriter does not check its writes.
            if let rows = sheet.pointee.optimize_tmpfile {
                let flushed = fflush(rows), reason = errno
                if flushed != 0 || ferror(rows) != 0 {
                    throw .cannotWrite(path: reported, reason: flushed != 0 ? String(cString: strerror(reason)) : "a write to libxlsxwriter's temporary file failed")
                }
            }
        } catch {
            if isCancelled() {
                // The rows' file is closed by libxlsxwriter's writing of the sheet only.
                if let rows = sheet.pointee.optimize_tmpfile { fclose(rows); sheet.pointee.optimize_tmpfile = nil }
                lxw_workbook_free(workbook)
                throw error
            }
            problem = error
        }
        let closed = workbook_close(workbook)  // frees the workbook, also after a failure
        if let problem { throw problem }
        try check(closed, reported)
        // Nor the writes of each part's temporary file, copied into the ZIP file whole or not.
        try XlsxPackage.check(path, reportedAs: reported)
    }

    private static func fill<Row>(_ sheet: UnsafeMutablePointer<lxw_worksheet>, of workbook: UnsafeMutablePointer<lxw_workbook>,
                                  with table: SpreadsheetTable<Row>, reportedAs path: String,
                                  isCancelled: () -> Bool) throws(SpreadsheetError) {
        // A reader keeps a row without a height at the default: make it a line of the cells' font.
        if abs(table.defaultRowHeight - LXW_DEF_ROW_HEIGHT) > 0.001 { worksheet_set_default_row(sheet, table.defaultRowHeight, 0) }
        var formats = Formats(workbook: workbook, table: table)
        for (index, width) in table.columnWidths.enumerated() {
            try check(worksheet_set_column(sheet, UInt16(index), UInt16(index), width.characters, formats.format(column: index, number: nil)), path)
        }
        // Rows above the header, in order (constant memory writes a row at a time): the title
        // across every column, then each level of header groups from the highest, merged.
        var top: UInt32 = 0
        let last = UInt16(max(0, table.columns.count - 1))
        // Each of these rows as tall as its line in the header's font, where that is taller than the default.
        let headerScreen = try ScreenText(table.headerFont.stack)
        func lineHeight(of texts: [String], row: UInt32) throws(SpreadsheetError) {
            let height = RowHeights.oneLine(texts, in: headerScreen)
            if height > table.defaultRowHeight + 0.001 { try check(worksheet_set_row(sheet, row, height, nil), path) }
        }
        if let title = table.title, !table.columns.isEmpty {
            try lineHeight(of: [title], row: 0)
            // libxlsxwriter refuses to merge a range of one cell: a table of one column writes the title alone.
            try check(SpreadsheetText.escaped(title).withCString {
                last == 0 ? worksheet_write_string(sheet, 0, 0, $0, formats.title) : worksheet_merge_range(sheet, 0, 0, 0, last, $0, formats.title)
            }, path)
            top += 1
        }
        for level in stride(from: table.headerGroups.map(\.level).max() ?? 0, to: 0, by: -1) {
            try lineHeight(of: table.headerGroups.filter { $0.level == level }.map(\.title), row: top)
            for group in table.headerGroups where group.level == level && !group.columns.isEmpty {
                let (first, end) = (UInt16(group.columns.lowerBound), UInt16(group.columns.upperBound - 1))
                try check(SpreadsheetText.escaped(group.title).withCString {
                    first == end ? worksheet_write_string(sheet, top, first, $0, formats.group)
                        : worksheet_merge_range(sheet, top, first, top, end, $0, formats.group)
                }, path)
            }
            top += 1
        }
        worksheet_freeze_panes(sheet, top + 1, 0)
        if !table.columns.isEmpty {
            try check(worksheet_autofilter(sheet, top, 0, top + UInt32(table.bodyRows.count), last), path)
        }
        let header = formats.header
        try lineHeight(of: table.columns.map(\.title), row: top)
        for (index, column) in table.columns.enumerated() {
            try check(SpreadsheetText.escaped(column.title).withCString { worksheet_write_string(sheet, top, UInt16(index), $0, header) }, path)
        }
        let body = table.rows[table.bodyRows]
        // A pass over each column's cells: cut short by a cancel (then the rows' loop stops at its first row).
        let types = withoutActuallyEscaping(isCancelled) { isCancelled in
            table.columns.map { column in
                SpreadsheetColumnType.of(body.enumerated().lazy.prefix { $0.offset & 1023 != 0 || !isCancelled() }
                                             .map { column.text($0.element) }, reader: table.numberReader)
            }
        }
        let heights = try RowHeights.spanned(table.rowHeights, spans: table.rowSpans, rows: table.rows, columns: table.columns,
                                             font: table.font, widths: table.columnWidths, wraps: table.wrapsColumn)
        if !table.rowSpans.isEmpty { worksheet_outline_settings(sheet, 1, 0, 1, 0) }  // a span folds to its first row, above
        var spansAt: [Int: [DataTableRowSpan]] = [:]
        for span in table.rowSpans { spansAt[span.row, default: []].append(span) }
        var spanned = Array(repeating: 0..<0, count: table.columns.count)  // per column, the rows below a span's first
        for (index, row) in body.enumerated() {
            if index & 1023 == 0, isCancelled() { throw .cannotWrite(path: path, reason: "stopped") }
            let sheetRow = top + UInt32(index + 1)
            for span in spansAt[index] ?? [] {
                spanned[span.column] = (span.row + 1)..<(span.row + span.count)
                try check(textmeasure_declare_merged_range(sheet, sheetRow, UInt16(span.column), sheetRow + UInt32(span.count - 1), UInt16(span.column)), path)
            }
            let folded = spanned.contains { $0.contains(index) }
            if folded {
                var options = lxw_row_col_options(hidden: 0, level: 1, collapsed: 0)
                try check(worksheet_set_row_opt(sheet, sheetRow, heights[index] ?? table.defaultRowHeight, nil, &options), path)
            } else if let height = heights[index] {
                try check(worksheet_set_row(sheet, sheetRow, height, nil), path)
            }
            for (columnIndex, column) in table.columns.enumerated() where !spanned[columnIndex].contains(index) {
                let text = column.text(row)
                guard !text.isEmpty else { continue }
                let sheetColumn = UInt16(columnIndex)
                switch types[columnIndex] == .text ? .text(text) : SpreadsheetCell(text, reader: table.numberReader) {
                case .text(let text):
                    // A null marker in a column of values sits where the values do.
                    let format = formats.format(column: columnIndex, number: nil, besideValues: types[columnIndex] != .text)
                    try check(SpreadsheetText.escaped(text).withCString { worksheet_write_string(sheet, sheetRow, sheetColumn, $0, format) }, path)
                case .number(let value, let code):
                    try check(worksheet_write_number(sheet, sheetRow, sheetColumn, value, formats.format(column: columnIndex, number: code)), path)
                case .date(let date, let code):
                    var value = lxw_datetime(year: Int32(date.year), month: Int32(date.month), day: Int32(date.day),
                                             hour: Int32(date.hour), min: Int32(date.minute), sec: Double(date.second))
                    try check(worksheet_write_datetime(sheet, sheetRow, sheetColumn, &value, formats.format(column: columnIndex, number: code)), path)
                }
            }
        }
        if table.hasFooter, let footer = table.rows.last {
            try writeTotals(footer, of: table, types: types, to: sheet, row: top + UInt32(body.count + 1), firstBodyRow: top + 1, formats: &formats, path)
        }
    }

    /// The footer row `footer`, bold: each column with a total a `SUBTOTAL` formula over the
    /// column's body rows (so it follows the autofilter), its cached value the footer's own exact
    /// result in the column's number format; any other text (the "Total" label) as a string. A
    /// total of a column written as text (`types`: a cell such as "1 234" that no number
    /// format shows as written makes the whole column text) is its number alone: a formula over
    /// text would sum nothing.
    private static func writeTotals<Row>(_ footer: Row, of table: SpreadsheetTable<Row>, types: [SpreadsheetColumnType],
                                         to sheet: UnsafeMutablePointer<lxw_worksheet>, row: UInt32, firstBodyRow: UInt32,
                                         formats: inout Formats, _ path: String) throws(SpreadsheetError) {
        if let height = table.rowHeights[table.rows.count - 1] { try check(worksheet_set_row(sheet, row, height, nil), path) }
        for (index, column) in table.columns.enumerated() {
            let text = column.text(footer)
            guard !text.isEmpty else { continue }
            guard let total = column.total, case .number(let value, let code) = SpreadsheetCell(text, reader: table.numberReader) else {
                let format = formats.format(column: index, number: nil, bold: true)
                try check(SpreadsheetText.escaped(text).withCString { worksheet_write_string(sheet, row, UInt16(index), $0, format) }, path)
                continue
            }
            if types[index] != .numbers {
                try check(worksheet_write_number(sheet, row, UInt16(index), value, formats.format(column: index, number: code, bold: true)), path)
            } else {
                let letters = columnLetters(index)
                let range = row > firstBodyRow ? "\(letters)\(firstBodyRow + 1):\(letters)\(row)" : "\(letters)\(row + 1):\(letters)\(row + 1)"
                let formula = "=SUBTOTAL(\(total.subtotalFunction),\(range))"
                try check(formula.withCString {
                    worksheet_write_formula_num(sheet, row, UInt16(index), $0, formats.format(column: index, number: code, bold: true), value)
                }, path)
            }
        }
    }

    /// Column `index`'s letters (0: A, 25: Z, 26: AA).
    static func columnLetters(_ index: Int) -> String {
        var number = index + 1, letters = ""
        while number > 0 {
            let digit = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + digit))) + letters
            number = (number - 1) / 26
        }
        return letters
    }

    private static func check(_ error: lxw_error, _ path: String) throws(SpreadsheetError) {
        guard error != LXW_NO_ERROR else { return }
        if error == LXW_ERROR_CREATING_XLSX_FILE || error == LXW_ERROR_CREATING_TMPFILE {
            throw .cannotWrite(path: path, reason: String(cString: lxw_strerror(error)))
        }
        throw .xlsxwriter(path: path, message: String(cString: lxw_strerror(error)))
    }

    /// The workbook's cell formats: the header's, and one per column and number format, made
    /// when first needed (libxlsxwriter owns and frees them).
    private struct Formats {
        let workbook: UnsafeMutablePointer<lxw_workbook>
        let family: String, size: Double
        let alignments: [SpreadsheetAlignment]
        let wraps: [Bool]
        let header: UnsafeMutablePointer<lxw_format>
        /// The title's: bold, over every column. A header group's: bold and centred over its columns.
        let title: UnsafeMutablePointer<lxw_format>, group: UnsafeMutablePointer<lxw_format>
        var made: [Key: UnsafeMutablePointer<lxw_format>] = [:]
        /// Per column, the padding of its numbers' formats when it is decimal-aligned.
        let padding: [DecimalPadding?]

        struct Key: Hashable {
            let column: Int
            let number: String?
            let besideValues: Bool
            let bold: Bool
        }

        init<Row>(workbook: UnsafeMutablePointer<lxw_workbook>, table: SpreadsheetTable<Row>) {
            self.workbook = workbook
            (family, size) = (table.font.familyName, table.font.size)
            (alignments, wraps) = (table.alignments, table.wrapsColumn)
            padding = table.decimalPaddings
            func bold(_ isBold: Bool = true) -> UnsafeMutablePointer<lxw_format> {
                let format = workbook_add_format(workbook)!
                if isBold { format_set_bold(format) }
                table.headerFont.familyName.withCString { format_set_font_name(format, $0) }
                format_set_font_size(format, table.headerFont.stack.size)
                return format
            }
            (header, title, group) = (bold(table.boldHeader), bold(), bold())
            format_set_align(group, UInt8(LXW_ALIGN_CENTER.rawValue))
        }

        /// The format of column `column`'s cells with the number format `number`; `besideValues`:
        /// for text in a column of numbers or dates (a null marker), at its trailing edge when the
        /// column has the spreadsheet's own alignment; at the top of the cell, but for a footer's
        /// (`bold`) that does not wrap.
        mutating func format(column: Int, number: String?, besideValues: Bool = false, bold: Bool = false) -> UnsafeMutablePointer<lxw_format> {
            let key = Key(column: column, number: number, besideValues: besideValues, bold: bold)
            if let format = made[key] { return format }
            let format = workbook_add_format(workbook)!
            if bold { format_set_bold(format) }
            family.withCString { format_set_font_name(format, $0) }
            format_set_font_size(format, size)
            switch alignments[column] {
            case .general: if besideValues { format_set_align(format, UInt8(LXW_ALIGN_RIGHT.rawValue)) }
            case .leading: format_set_align(format, UInt8(LXW_ALIGN_LEFT.rawValue))
            case .center: format_set_align(format, UInt8(LXW_ALIGN_CENTER.rawValue))
            case .trailing, .decimal: format_set_align(format, UInt8(LXW_ALIGN_RIGHT.rawValue))
            }
            if wraps[column] { format_set_text_wrap(format) }
            // Every body cell at the top of its row: rows are as tall as their tallest cell, a cell
            // may span rows, and cells at the bottom of a tall row would stand apart from the
            // wrapped ones. The footer's (bold, one line of totals) keep the spreadsheet's own.
            if !bold || wraps[column] { format_set_align(format, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue)) }
            if let number {
                let code = padding[column]?.padded(number) ?? number
                code.withCString { format_set_num_format(format, $0) }
            }
            made[key] = format
            return format
        }
    }
}
