// The floor for `textmeasure width`: read lines from standard input, shape each with HarfBuzz
// (hb-ot font functions, scale = units-per-em, one reused buffer), print its width in px,
// sum of x_advance × size ÷ upem, with "%.17g". Lines end at "\n" (a "\r" before it is dropped).
//
//   cc -O2 hb-shape-loop.c $(pkg-config --cflags --libs harfbuzz) -o hb-shape-loop
//   hb-shape-loop FONT [SIZE] < lines
#include <hb.h>
#include <hb-ot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FONT [SIZE] < lines\n", argv[0]); return 2; }
    double size = argc > 2 ? atof(argv[2]) : 14;
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) { fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[1]); return 1; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    hb_ot_font_set_funcs(font);
    unsigned upem = hb_face_get_upem(face);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_buffer_t *buffer = hb_buffer_create();
    static char out[1 << 16];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') length--;
        if (length > 0 && line[length - 1] == '\r') length--;
        hb_buffer_clear_contents(buffer);
        hb_buffer_add_utf8(buffer, line, (int)length, 0, (int)length);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(font, buffer, NULL, 0);
        unsigned count;
        hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
        long sum = 0;
        for (unsigned i = 0; i < count; i++) sum += positions[i].x_advance;
        printf("%.17g\n", (double)sum * size / upem);
    }
    free(line);
    hb_buffer_destroy(buffer);
    hb_font_destroy(font);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    return 0;
}
