#ifndef TEXTMEASURE_CXLSXWRITER_SHIM_H
#define TEXTMEASURE_CXLSXWRITER_SHIM_H

// The one header of the CXlsxWriter module: libxlsxwriter, which writes the xlsx files (the ZIP
// container and SpreadsheetML), and zlib (its own dependency), with which a written workbook is
// read back (`XlsxPackage`). Only TableSpreadsheet imports it, with `internal import`.
#include <xlsxwriter.h>
#include <zlib.h>

#endif
