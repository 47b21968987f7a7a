/*
 * pango-family-widths.c: Pango's natural widths of texts set in font families, the reference
 * for FontStack(families:) (see Scripts/pango-family-widths.sh).
 *
 * For every line `label<TAB>families<TAB>language<TAB>text` of the fixture, lay the text out on
 * one line (no width) with PangoFT2 in the font description `families` at SIZE px (absolute),
 * the context language `language`, unrounded glyph positions, and print
 *
 *     label<TAB>pangoUnits<TAB>runs
 *
 * where pangoUnits is the line's logical width in Pango units (1/1024 px) and runs lists each
 * run's font family, comma-separated. fontconfig's configuration is whatever FONTCONFIG_FILE
 * names (the script sets it); PangoFT2 uses the current configuration for both the font map
 * and its substitutions.
 *
 * Exits 1 if a text shapes with an unknown glyph (no font covers a character).
 *
 * Build: gcc -O2 -o pango-family-widths pango-family-widths.c $(pkg-config --cflags --libs pangoft2)
 * Usage: pango-family-widths FIXTURE [SIZE_PX]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangoft2.h>

static void print_runs(PangoLayout *layout) {
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    int first = 1;
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run) continue;
        PangoFontDescription *description = pango_font_describe(run->item->analysis.font);
        printf("%s%s", first ? "" : ",", pango_font_description_get_family(description));
        pango_font_description_free(description);
        first = 0;
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FIXTURE [SIZE_PX]\n", argv[0]);
        return 2;
    }
    double size = argc > 2 ? atof(argv[2]) : 16;
    FILE *file = fopen(argv[1], "r");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);

    int status = 0;
    char line[8192];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] == '#' || line[0] == 0) continue;
        char *label = strtok(line, "\t"), *families = strtok(NULL, "\t"), *language = strtok(NULL, "\t"),
             *text = strtok(NULL, "\t");
        if (!label || !families || !language || !text) {
            fprintf(stderr, "malformed fixture line: %s\n", line);
            return 2;
        }
        pango_context_set_language(context, pango_language_from_string(language));
        PangoFontDescription *description = pango_font_description_new();
        pango_font_description_set_family(description, families);
        pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, description);
        pango_layout_set_text(layout, text, -1);
        PangoRectangle logical;
        pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, 0), NULL, &logical);
        printf("%s\t%d\t", label, logical.width);
        print_runs(layout);
        printf("\n");
        if (pango_layout_get_unknown_glyphs_count(layout) != 0) {
            fprintf(stderr, "%s: %d unknown glyphs\n", label, pango_layout_get_unknown_glyphs_count(layout));
            status = 1;
        }
        g_object_unref(layout);
        pango_font_description_free(description);
    }
    fclose(file);
    g_object_unref(context);
    g_object_unref(map);
    return status;
}
