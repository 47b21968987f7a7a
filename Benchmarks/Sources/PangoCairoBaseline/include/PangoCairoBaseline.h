#ifndef TEXTMEASURE_BENCHMARKS_PANGOCAIROBASELINE_H
#define TEXTMEASURE_BENCHMARKS_PANGOCAIROBASELINE_H

// The Pango + Cairo baseline of RenderBenchmarks: a table's cells laid out with a PangoLayout each
// (PANGO_WRAP_WORD_CHAR at the column width less the padding), paginated like TextMeasure's
// `DataTableLayout.pages` (header repeated on every page, rows never split) and drawn with
// pango_cairo_show_layout onto PDF pages or PNG images. See pango_cairo_baseline.c.

#include <stddef.h>

typedef struct PCBRenderer PCBRenderer;

/// A table to draw: `rows` × `columns` UTF-8 texts, row after row, and its geometry in points.
typedef struct {
    const char *const *cells;
    long rows;
    int columns;  // at most 64
    const char *const *titles;
    const double *widths;
    double padding_leading, padding_trailing, padding_top, padding_bottom;
    double header_height, sort_indicator_width;
    double page_width, page_height, margin;
} PCBTable;

/// PCB_PNG_RASTER: the PNG pages drawn onto their images, not encoded (Pango and Cairo's
/// rasterising apart from Cairo's PNG encoding).
typedef enum { PCB_MEASURE = 0, PCB_PDF = 1, PCB_PNG = 2, PCB_PNG_RASTER = 3 } PCBOutput;

typedef struct {
    long pages;        // pages the table takes
    long pages_drawn;  // pages drawn (every page for PDF, every png_every-th for PNG, none to measure)
    long layouts;      // cell layouts made
    size_t bytes;      // bytes of PDF or of all PNGs written
    double content_height;  // sum of the row heights, in points
} PCBResult;

/// A renderer whose only fonts are the .ttf and .otf files of `fonts_dir` but Noto Sans Mono
/// (a private FcConfig, made the current one), at `size` px; NULL on failure (see pcb_last_error).
PCBRenderer *pcb_renderer_create(const char *fonts_dir, double size);
void pcb_renderer_destroy(PCBRenderer *renderer);

/// Lays out, paginates and (for PCB_PDF and PCB_PNG) draws `table`; PNG pages are drawn at 1×
/// when their index is a multiple of `png_every`. Returns 0, or -1 (see pcb_last_error).
int pcb_render(PCBRenderer *renderer, const PCBTable *table, PCBOutput output, long png_every, PCBResult *result);

/// Cairo's image of a PNG file (NULL when Cairo cannot read it), to time its encoding apart.
void *pcb_png_decode(const unsigned char *png, size_t length);
/// `image` (from pcb_png_decode) encoded by Cairo as PNG into memory, as both sides encode their
/// pages: the bytes written, 0 on failure.
size_t pcb_png_encode(void *image);
void pcb_image_destroy(void *image);

/// The last failure's message.
const char *pcb_last_error(void);

#endif
