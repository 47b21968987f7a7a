#ifndef TEXTMEASURE_CXLSXWRITER_SHIM_H
#define TEXTMEASURE_CXLSXWRITER_SHIM_H

// The one header of the CXlsxWriter module: libxlsxwriter, which writes the xlsx files (the ZIP
// container and SpreadsheetML). Only TableSpreadsheet imports it, with `internal import`.
#include <xlsxwriter.h>

#endif
