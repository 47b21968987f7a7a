/*
 * The Pango + Cairo baseline of Benchmarks/Benchmarks/RenderBenchmarks: what a program drawing a
 * table with Pango does, with the fonts, sizes, widths and page geometry TextMeasure's side uses.
 *
 * - Fonts: a private FcConfig holding only the bundled font files (as Scripts/pango-line-counts.c
 *   makes it, with its reasons), made the current configuration; the family list puts Noto Sans
 *   first, then the fallbacks, as FontStack.bundled does. Hinting off, unhinted metrics, glyph
 *   positions not rounded (as TableRendering draws).
 * - A PangoLayout per cell (pango_layout_new on one shared PangoContext), PANGO_WRAP_WORD_CHAR at
 *   the column width less the horizontal padding, no inserted hyphens. Its height gives the row's
 *   height (tallest cell + vertical padding); the same layout is then drawn with
 *   pango_cairo_show_layout and freed: each cell is laid out exactly once.
 * - Pages: the table scaled to the page's width within the margins (never up), the header (titles
 *   on one line, ellipsized at the column width less the padding and the sort indicator, centred
 *   vertically; a 1 pt grey line under it, as .plain draws) at the top of every page, rows added
 *   while they fit below it, never split. The scale comes from the width only (TextMeasure's also
 *   shrinks for a row taller than a page, which the package table never has).
 */
#include "PangoCairoBaseline.h"

#include <cairo.h>
#include <cairo-pdf.h>
#include <dirent.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAMILIES "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, " \
                 "Noto Sans Thai, Noto Sans CJK SC, Noto Color Emoji"

struct PCBRenderer {
    PangoFontMap *map;
    PangoContext *context;
    PangoAttrList *attributes;
};

static char last_error[512];

const char *pcb_last_error(void) { return last_error; }

static void fail(const char *format, const char *detail) {
    snprintf(last_error, sizeof last_error, format, detail);
}

static int has_suffix(const char *name, const char *suffix) {
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && g_ascii_strcasecmp(name + n - s, suffix) == 0;
}

/* fontconfig's stock bitmap-scaling rules, so that Noto Color Emoji is laid out at the size asked
 * for (see Scripts/pango-line-counts.c). */
static const char bitmap_scaling_rules[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <edit name=\"pixelsizefixupfactor\" mode=\"assign\">\n"
    "      <divide><name target=\"pattern\">pixelsize</name><name target=\"font\">pixelsize</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "  <match target=\"font\">\n"
    "    <test name=\"outline\" compare=\"eq\"><bool>false</bool></test>\n"
    "    <test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>\n"
    "    <edit name=\"matrix\" mode=\"assign\">\n"
    "      <times><name>matrix</name><matrix><name>pixelsizefixupfactor</name><double>0</double>\n"
    "        <double>0</double><name>pixelsizefixupfactor</name></matrix></times>\n"
    "    </edit>\n"
    "    <edit name=\"size\" mode=\"assign\">\n"
    "      <divide><name>size</name><name>pixelsizefixupfactor</name></divide>\n"
    "    </edit>\n"
    "  </match>\n"
    "</fontconfig>\n";

/* A configuration with nothing but the fonts of `dir` (Noto Sans Mono left out). */
static FcConfig *bundled_font_config(const char *dir) {
    FcConfig *config = FcConfigCreate();
    if (!config || !FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)bitmap_scaling_rules, FcTrue)) {
        fail("fontconfig: cannot make a configuration%s", "");
        return NULL;
    }
    DIR *d = opendir(dir);
    if (!d) {
        fail("cannot open the fonts directory %s", dir);
        FcConfigDestroy(config);
        return NULL;
    }
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!(has_suffix(e->d_name, ".ttf") || has_suffix(e->d_name, ".otf")) || strncmp(e->d_name, "NotoSansMono", 12) == 0)
            continue;
        char *path = g_build_filename(dir, e->d_name, NULL);
        int added = FcConfigAppFontAddFile(config, (const FcChar8 *)path);
        g_free(path);
        if (!added) {
            fail("fontconfig cannot add %s", e->d_name);
            closedir(d);
            FcConfigDestroy(config);
            return NULL;
        }
        count++;
    }
    closedir(d);
    if (count == 0) {
        fail("no fonts in %s", dir);
        FcConfigDestroy(config);
        return NULL;
    }
    return config;
}

PCBRenderer *pcb_renderer_create(const char *fonts_dir, double size) {
    FcConfig *config = bundled_font_config(fonts_dir);
    if (!config)
        return NULL;
    /* PangoFc substitutes patterns with the current configuration: make the private one current
     * so that no system rule (emoji first) takes part. */
    if (!FcConfigSetCurrent(config)) {
        fail("FcConfigSetCurrent failed%s", "");
        FcConfigDestroy(config);
        return NULL;
    }
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!map || !PANGO_IS_FC_FONT_MAP(map)) {
        fail("no PangoCairo FreeType font map%s", "");
        return NULL;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    FcConfigDestroy(config); /* fontconfig and the font map hold their own references */
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72);

    PangoContext *context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("und"));
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, FAMILIES);
    pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
    pango_context_set_font_description(context, font);
    pango_font_description_free(font);

    PCBRenderer *renderer = g_new0(PCBRenderer, 1);
    renderer->map = map;
    renderer->context = context;
    renderer->attributes = pango_attr_list_new();
    pango_attr_list_insert(renderer->attributes, pango_attr_insert_hyphens_new(FALSE));
    return renderer;
}

void pcb_renderer_destroy(PCBRenderer *renderer) {
    if (!renderer)
        return;
    pango_attr_list_unref(renderer->attributes);
    g_object_unref(renderer->context);
    g_object_unref(renderer->map);
    g_free(renderer);
}

/* What a Cairo stream surface writes, kept in memory (as TableRendering's ByteSink does). */
typedef struct {
    unsigned char *bytes;
    size_t count, capacity;
} Sink;

static cairo_status_t sink_write(void *closure, const unsigned char *data, unsigned int length) {
    Sink *sink = closure;
    if (sink->count + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 65536;
        while (capacity < sink->count + length)
            capacity *= 2;
        unsigned char *grown = realloc(sink->bytes, capacity);
        if (!grown)
            return CAIRO_STATUS_NO_MEMORY;
        sink->bytes = grown, sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->count, data, length);
    sink->count += length;
    return CAIRO_STATUS_SUCCESS;
}

/* A layout of `text` in the context's font, `width` points wide (-1: unbounded), wrapping. */
static PangoLayout *cell_layout(PCBRenderer *renderer, const char *text, double width) {
    PangoLayout *layout = pango_layout_new(renderer->context);
    pango_layout_set_attributes(layout, renderer->attributes);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, width < 0 ? -1 : (int)lround(width * PANGO_SCALE));
    pango_layout_set_text(layout, text, -1);
    return layout;
}

typedef struct {
    const PCBTable *table;
    PCBOutput output;
    long png_every;
    double scale;
    double x[64];
    PangoLayout *titles[64];
    Sink sink;
    cairo_surface_t *surface;  /* the PDF surface, or the page's image */
    cairo_t *cr;               /* while a page is drawn */
    long page;
} Pages;

static void begin_page(Pages *p) {
    const PCBTable *t = p->table;
    int png = p->output == PCB_PNG || p->output == PCB_PNG_RASTER;
    if (p->output == PCB_MEASURE || (png && p->page % p->png_every != 0))
        return;
    if (png)
        p->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(t->page_width), (int)ceil(t->page_height));
    p->cr = cairo_create(p->surface);
    cairo_translate(p->cr, t->margin, t->margin);
    cairo_scale(p->cr, p->scale, p->scale);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
    for (int c = 0; c < t->columns; c++) {
        int height;
        pango_layout_get_size(p->titles[c], NULL, &height);
        cairo_move_to(p->cr, p->x[c] + t->padding_leading, (t->header_height - height / (double)PANGO_SCALE) / 2);
        pango_cairo_show_layout(p->cr, p->titles[c]);
    }
    cairo_set_source_rgb(p->cr, 0.8, 0.8, 0.8);
    cairo_set_line_width(p->cr, 1);
    cairo_move_to(p->cr, 0, t->header_height);
    cairo_line_to(p->cr, p->x[t->columns], t->header_height);
    cairo_stroke(p->cr);
    cairo_set_source_rgb(p->cr, 0, 0, 0);
}

/* Ends the page; returns whether Cairo is still fine. */
static int end_page(Pages *p) {
    int ok = 1;
    if (p->cr) {
        if (p->output == PCB_PDF)
            cairo_show_page(p->cr);
        ok = cairo_status(p->cr) == CAIRO_STATUS_SUCCESS;
        cairo_destroy(p->cr);
        p->cr = NULL;
        if (p->output == PCB_PNG || p->output == PCB_PNG_RASTER) {
            if (p->output == PCB_PNG)
                ok = ok && cairo_surface_write_to_png_stream(p->surface, sink_write, &p->sink) == CAIRO_STATUS_SUCCESS;
            else
                cairo_surface_flush(p->surface);
            cairo_surface_destroy(p->surface);
            p->surface = NULL;
        }
    }
    p->page++;
    return ok;
}

int pcb_render(PCBRenderer *renderer, const PCBTable *t, PCBOutput output, long png_every, PCBResult *result) {
    if (t->columns < 1 || t->columns > 63 || png_every < 1) {
        fail("bad table or png_every%s", "");
        return -1;
    }
    Pages p = {.table = t, .output = output, .png_every = png_every};
    for (int c = 0; c < t->columns; c++)
        p.x[c + 1] = p.x[c] + t->widths[c];
    double available_width = t->page_width - 2 * t->margin, available_height = t->page_height - 2 * t->margin;
    p.scale = fmin(1, available_width / p.x[t->columns]);
    double room = available_height / p.scale - t->header_height;
    for (int c = 0; c < t->columns; c++) {
        p.titles[c] = cell_layout(renderer, t->titles[c],
                                  fmax(0, t->widths[c] - t->padding_leading - t->padding_trailing - t->sort_indicator_width));
        pango_layout_set_ellipsize(p.titles[c], PANGO_ELLIPSIZE_END);
    }
    if (output == PCB_PDF)
        p.surface = cairo_pdf_surface_create_for_stream(sink_write, &p.sink, t->page_width, t->page_height);

    int ok = 1;
    long layouts = 0;
    double used = 0, content = 0;
    long on_page = 0;
    PangoLayout *cells[64];
    begin_page(&p);
    for (long row = 0; row < t->rows && ok; row++) {
        double tallest = 0;
        for (int c = 0; c < t->columns; c++) {
            cells[c] = cell_layout(renderer, t->cells[row * t->columns + c],
                                   fmax(0, t->widths[c] - t->padding_leading - t->padding_trailing));
            int height;
            pango_layout_get_size(cells[c], NULL, &height);
            tallest = fmax(tallest, height / (double)PANGO_SCALE);
        }
        layouts += t->columns;
        double height = tallest + t->padding_top + t->padding_bottom;
        if (on_page > 0 && used + height > room + 1e-9) {
            ok = end_page(&p);
            begin_page(&p);
            used = 0, on_page = 0;
        }
        for (int c = 0; c < t->columns; c++) {
            if (p.cr) {
                cairo_move_to(p.cr, p.x[c] + t->padding_leading, t->header_height + used + t->padding_top);
                pango_cairo_show_layout(p.cr, cells[c]);
            }
            g_object_unref(cells[c]);
        }
        used += height, content += height;
        on_page++;
    }
    ok = end_page(&p) && ok;
    if (output == PCB_PDF) {
        cairo_surface_finish(p.surface);
        ok = ok && cairo_surface_status(p.surface) == CAIRO_STATUS_SUCCESS;
        cairo_surface_destroy(p.surface);
    }
    for (int c = 0; c < t->columns; c++)
        g_object_unref(p.titles[c]);
    free(p.sink.bytes);
    if (!ok) {
        fail("Cairo failed%s", "");
        return -1;
    }
    *result = (PCBResult){.pages = p.page, .layouts = layouts, .bytes = p.sink.count, .content_height = content,
                          .pages_drawn = output == PCB_PDF ? p.page
                              : output == PCB_PNG || output == PCB_PNG_RASTER ? (p.page + png_every - 1) / png_every : 0};
    return 0;
}

/* A PNG read back, for pcb_png_decode. */
typedef struct {
    const unsigned char *bytes;
    size_t length, offset;
} Source;

static cairo_status_t source_read(void *closure, unsigned char *data, unsigned int length) {
    Source *source = closure;
    if (source->offset + length > source->length)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(data, source->bytes + source->offset, length);
    source->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

void *pcb_png_decode(const unsigned char *png, size_t length) {
    Source source = {.bytes = png, .length = length};
    cairo_surface_t *image = cairo_image_surface_create_from_png_stream(source_read, &source);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(image);
        return NULL;
    }
    return image;
}

size_t pcb_png_encode(void *image) {
    Sink sink = {0};
    int ok = cairo_surface_write_to_png_stream(image, sink_write, &sink) == CAIRO_STATUS_SUCCESS;
    free(sink.bytes);
    return ok ? sink.count : 0;
}

void pcb_image_destroy(void *image) { cairo_surface_destroy(image); }
