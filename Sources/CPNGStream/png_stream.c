#include "png_stream.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

struct textmeasure_png_stream {
    png_structp png;
    png_infop info;
    textmeasure_png_write_func write;
    void *closure;
    int write_failed;           // `write` refused bytes
    unsigned char *row;         // one row of RGBA pixels
    uint32_t width;
    char message[160];          // libpng's error, or empty
};

static void png_stream_write(png_structp png, png_bytep data, size_t length) {
    textmeasure_png_stream *stream = (textmeasure_png_stream *)png_get_io_ptr(png);
    while (length > 0 && !stream->write_failed) {  // `write` takes an unsigned int
        const unsigned int part = length > 0x40000000 ? 0x40000000 : (unsigned int)length;
        stream->write_failed = !stream->write(stream->closure, data, part);
        data += part;
        length -= part;
    }
    if (stream->write_failed) png_error(png, "the output could not be written");
}

static void png_stream_flush(png_structp png) { (void)png; }

static void png_stream_error(png_structp png, png_const_charp message) {
    textmeasure_png_stream *stream = (textmeasure_png_stream *)png_get_error_ptr(png);
    if (!stream->message[0]) {
        strncpy(stream->message, message, sizeof stream->message - 1);
        stream->message[sizeof stream->message - 1] = 0;
    }
    png_longjmp(png, 1);
}

static void png_stream_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

textmeasure_png_stream *textmeasure_png_create(void) { return calloc(1, sizeof(textmeasure_png_stream)); }

int textmeasure_png_begin(textmeasure_png_stream *stream, uint32_t width, uint32_t height, int level,
                          textmeasure_png_write_func write, void *closure) {
    stream->write = write;
    stream->closure = closure;
    stream->width = width;
    stream->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, stream, png_stream_error, png_stream_warning);
    stream->info = stream->png ? png_create_info_struct(stream->png) : NULL;
    stream->row = malloc((size_t)width * 4);
    if (!stream->png || !stream->info || !stream->row) return 0;
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    png_set_user_limits(stream->png, 0x7fffffff, 0x7fffffff);
    png_set_write_fn(stream->png, stream, png_stream_write, png_stream_flush);
    png_set_compression_level(stream->png, level);
    png_set_filter(stream->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_IHDR(stream->png, stream->info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(stream->png, stream->info);
    return 1;
}

int textmeasure_png_write_rows(textmeasure_png_stream *stream, const unsigned char *pixels, size_t stride,
                               uint32_t count) {
    if (stream->message[0] || stream->write_failed) return 0;
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

int textmeasure_png_finish(textmeasure_png_stream *stream) {
    if (stream->message[0] || stream->write_failed) return 0;
    if (setjmp(png_jmpbuf(stream->png))) return 0;
    png_write_end(stream->png, stream->info);
    return 1;
}

const char *textmeasure_png_message(const textmeasure_png_stream *stream) { return stream->message; }

int textmeasure_png_write_failed(const textmeasure_png_stream *stream) { return stream->write_failed; }

void textmeasure_png_destroy(textmeasure_png_stream *stream) {
    if (!stream) return;
    png_destroy_write_struct(&stream->png, &stream->info);
    free(stream->row);
    free(stream);
}
