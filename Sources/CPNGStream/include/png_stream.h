#ifndef TEXTMEASURE_PNG_STREAM_H
#define TEXTMEASURE_PNG_STREAM_H

// A PNG written a strip of rows at a time through libpng, with no row filter at zlib `level`: a
// table image is flat colour and anti-aliased text, where libpng's adaptive filters (Cairo's
// writer tries all of them) buy little, so this is 2.5x faster at level 6 and its files are
// smaller. The pixels are Cairo's writer's: 8-bit RGBA, un-premultiplied as Cairo does it.
// libpng reports errors by longjmp, which each function catches with its own setjmp (in
// png_stream.c), so no jump ever leaves the function that called libpng; the stream then keeps
// libpng's message and refuses more rows. libpng's default user limit of 1,000,000 px a side is
// lifted to PNG's own, 2^31 - 1. No libpng type appears here: Swift imports this header alone.

#include <stddef.h>
#include <stdint.h>

// Takes the next `length` bytes of the PNG; returns nonzero when they were written.
typedef int (*textmeasure_png_write_func)(void *closure, const unsigned char *data, unsigned int length);

typedef struct textmeasure_png_stream textmeasure_png_stream;

// A stream to begin; NULL when memory failed. `textmeasure_png_destroy` frees it.
textmeasure_png_stream *textmeasure_png_create(void);

// Starts a PNG `width` x `height` pixels on `write`. False when libpng or memory failed (then
// `textmeasure_png_message` says why, or is empty for memory).
int textmeasure_png_begin(textmeasure_png_stream *stream, uint32_t width, uint32_t height, int level,
                          textmeasure_png_write_func write, void *closure);

// Writes the next `count` rows, `width` ARGB32 pixels each (Cairo's premultiplied, native-endian
// format), `stride` bytes apart from `pixels` on. False when libpng or `write` failed, now or before.
int textmeasure_png_write_rows(textmeasure_png_stream *stream, const unsigned char *pixels, size_t stride,
                               uint32_t count);

// Ends the PNG once every row is written. False when libpng or `write` failed, now or before.
int textmeasure_png_finish(textmeasure_png_stream *stream);

// libpng's error message, or "" when libpng has not failed.
const char *textmeasure_png_message(const textmeasure_png_stream *stream);

// Nonzero when `write` refused bytes.
int textmeasure_png_write_failed(const textmeasure_png_stream *stream);

// Frees libpng's state and the stream (NULL is allowed), finished or not.
void textmeasure_png_destroy(textmeasure_png_stream *stream);

#endif
