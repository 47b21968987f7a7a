#ifndef TEXTMEASURE_CXLSXWRITER_SHIM_H
#define TEXTMEASURE_CXLSXWRITER_SHIM_H

// The one header of the CXlsxWriter module: libxlsxwriter, which writes the xlsx files (the ZIP
// container and SpreadsheetML), and zlib (its own dependency), with which a written workbook is
// read back (`XlsxPackage`). Only TableSpreadsheet imports it, with `internal import`.
#include <stdlib.h>
#include <xlsxwriter.h>
#include <zlib.h>

/// Adds the merged range `first_row`…`last_row` × `first_col`…`last_col` to the worksheet's
/// `<mergeCells>`, written when the workbook closes, without writing any cell. In constant-memory
/// mode `worksheet_merge_range` writes blank cells into every row of the range at once, which
/// ends the row being written; a range down several rows is declared here instead, and its first
/// cell written with its row. libxlsxwriter frees the entry with the worksheet.
static inline lxw_error textmeasure_declare_merged_range(lxw_worksheet *worksheet, lxw_row_t first_row, lxw_col_t first_col,
                                                         lxw_row_t last_row, lxw_col_t last_col) {
    lxw_merged_range *range = calloc(1, sizeof(lxw_merged_range));
    if (!range) return LXW_ERROR_MEMORY_MALLOC_FAILED;
    range->first_row = first_row;
    range->last_row = last_row;
    range->first_col = first_col;
    range->last_col = last_col;
    STAILQ_INSERT_TAIL(worksheet->merged_ranges, range, list_pointers);
    worksheet->merged_range_count++;
    return LXW_NO_ERROR;
}

#endif
