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
#include <string.h>

// A PNG written a band of rows at a time through libpng, with no row filter at zlib `level`: a
// table image is flat colour and anti-aliased text, where libpng's adaptive filters (Cairo's
// writer tries all of them) buy little, so this is 2.5x faster at level 6 and its files are
// smaller. The pixels are Cairo's writer's: 8-bit RGBA, un-premultiplied as Cairo does it.
// libpng reports errors by longjmp, which each function below catches with its own setjmp, so
// no jump ever leaves the function that called libpng; the stream then keeps libpng's message
// and refuses more rows. libpng's default user limit of 1,000,000 px a side is lifted to PNG's
// own, 2^31 - 1.
typedef struct {
    png_structp png;
    png_infop info;
    cairo_write_func_t write;
    void *closure;
    cairo_status_t status;      // the first failure of `write`, or CAIRO_STATUS_SUCCESS
    unsigned char *row;         // one row of RGBA pixels
    uint32_t width;
    char message[160];          // libpng's error, or empty
} textmeasure_png_stream;

static void textmeasure_png_write(png_structp png, png_bytep data, size_t length) {
    textmeasure_png_stream *stream = (textmeasure_png_stream *)png_get_io_ptr(png);
    while (length > 0 && stream->status == CAIRO_STATUS_SUCCESS) {  // `write` takes an unsigned int
        const unsigned int part = length > 0x40000000 ? 0x40000000 : (unsigned int)length;
        stream->status = stream->write(stream->closure, data, part);
        data += part;
        length -= part;
    }
    if (stream->status != CAIRO_STATUS_SUCCESS) png_error(png, "the output could not be written");
}

static void textmeasure_png_flush(png_structp png) { (void)png; }

static void textmeasure_png_error(png_structp png, png_const_charp message) {
    textmeasure_png_stream *stream = (textmeasure_png_stream *)png_get_error_ptr(png);
    if (!stream->message[0]) {
        strncpy(stream->message, message, sizeof stream->message - 1);
        stream->message[sizeof stream->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void textmeasure_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

// Starts a PNG `width` x `height` pixels on `write`. False when libpng or memory failed (then
// `message` says why, or is empty for memory); `textmeasure_png_destroy` frees it either way.
static inline int textmeasure_png_begin(textmeasure_png_stream *stream, uint32_t width, uint32_t height, int level,
                                        cairo_write_func_t write, void *closure) {
    memset(stream, 0, sizeof *stream);
    stream->write = write;
    stream->closure = closure;
    stream->width = width;
    stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, stream, textmeasure_png_error, textmeasure_png_warning);
    stream->info = stream->png ? png_create_info_struct(stream->png) : NULL;
    stream->row = malloc((size_t)width * 4);
    if (!stream->png || !stream->info || !stream->row) return 0;
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    png_set_user_limits(stream->png, 0x7fffffff, 0x7fffffff);
    png_set_write_fn(stream->png, stream, textmeasure_png_write, textmeasure_png_flush);
    png_set_compression_level(stream->png, level);
    png_set_filter(stream->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(stream->png, stream->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(stream->png, stream->info);
    return 1;
}

// Writes the next `count` rows, `width` ARGB32 pixels each (Cairo's premultiplied, native-endian
// format), `stride` bytes apart from `pixels` on. False when libpng failed, now or before.
static inline int textmeasure_png_write_rows(textmeasure_png_stream *stream, const unsigned char *pixels, size_t stride,
                                             uint32_t count) {
    if (stream->message[0] || stream->status != CAIRO_STATUS_SUCCESS) return 0;
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    for (uint32_t y = 0; y < count; y++) {
        const uint32_t *source = (const uint32_t *)(pixels + (size_t)y * stride);
        unsigned char *target = stream->row;
        for (uint32_t x = 0; x < stream->width; x++, target += 4) {
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
        png_write_row(stream->png, stream->row);
    }
    return 1;
}

// Ends the PNG once every row is written. False when libpng failed, now or before.
static inline int textmeasure_png_finish(textmeasure_png_stream *stream) {
    if (stream->message[0] || stream->status != CAIRO_STATUS_SUCCESS) return 0;
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    png_write_end(stream->png, stream->info);
    return 1;
}

static inline void textmeasure_png_destroy(textmeasure_png_stream *stream) {
    png_destroy_write_struct(&stream->png, &stream->info);
    free(stream->row);
    stream->row = NULL;
}

#endif
