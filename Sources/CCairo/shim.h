#ifndef TEXTMEASURE_CCAIRO_SHIM_H
#define TEXTMEASURE_CCAIRO_SHIM_H

// The one header of the CCairo module: Cairo with its image (PNG), PDF and SVG surfaces and its
// FreeType font backend, FreeType itself (to open the faces Cairo draws with), and libpng (to
// write the image surfaces' PNGs faster than Cairo's own writer). Only
// TableRendering imports it, with `internal import`.
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>

// An ARGB32 image surface written as PNG through libpng with no row filter at zlib `level`: a
// table image is flat colour and anti-aliased text, where libpng's adaptive filters (Cairo's
// writer tries all of them) buy little, so this is 2.5x faster at level 6 and its files are
// smaller. The pixels are Cairo's writer's: 8-bit RGBA, un-premultiplied as Cairo does it.
// libpng reports errors by longjmp, which stays inside this function. CAIRO_STATUS_NO_MEMORY
// when libpng fails, else `write`'s status.
typedef struct { cairo_write_func_t write; void *closure; cairo_status_t status; } textmeasure_png_sink;

static void textmeasure_png_write(png_structp png, png_bytep data, size_t length) {
    textmeasure_png_sink *sink = (textmeasure_png_sink *)png_get_io_ptr(png);
    if (sink->status == CAIRO_STATUS_SUCCESS) sink->status = sink->write(sink->closure, data, (unsigned int)length);
    if (sink->status != CAIRO_STATUS_SUCCESS) png_error(png, "write failed");
}

static void textmeasure_png_flush(png_structp png) { (void)png; }

static inline cairo_status_t textmeasure_write_png(cairo_surface_t *surface, int level, cairo_write_func_t write,
                                                   void *closure) {
    cairo_surface_flush(surface);
    const int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    const int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *pixels = cairo_image_surface_get_data(surface);
    if (cairo_image_surface_get_format(surface) != CAIRO_FORMAT_ARGB32 || !pixels || width <= 0 || height <= 0)
        return CAIRO_STATUS_INVALID_FORMAT;
    textmeasure_png_sink sink = { write, closure, CAIRO_STATUS_SUCCESS };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    unsigned char *volatile row = malloc((size_t)width * 4);
    if (!png || !info || !row || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        return sink.status != CAIRO_STATUS_SUCCESS ? sink.status : CAIRO_STATUS_NO_MEMORY;
    }
    png_set_write_fn(png, &sink, textmeasure_png_write, textmeasure_png_flush);
    png_set_compression_level(png, level);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * stride);
        unsigned char *target = row;
        for (int x = 0; x < width; x++, target += 4) {
            const uint32_t pixel = source[x], alpha = pixel >> 24;
            if (alpha == 0) {
                target[0] = target[1] = target[2] = target[3] = 0;
            } else {  // Cairo's unpremultiply_data
                target[0] = (unsigned char)((((pixel >> 16) & 0xff) * 255 + alpha / 2) / alpha);
                target[1] = (unsigned char)((((pixel >> 8) & 0xff) * 255 + alpha / 2) / alpha);
                target[2] = (unsigned char)(((pixel & 0xff) * 255 + alpha / 2) / alpha);
                target[3] = (unsigned char)alpha;
            }
        }
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return sink.status;
}

#endif
