/*
 * pango-line-counts.c: an independent line-wrapping reference made with Pango.
 *
 * For every paragraph of a `label<TAB>paragraph` file and every width W in
 * 60, 70, ..., 400 px, lay the paragraph out with PangoFT2 (PANGO_WRAP_WORD_CHAR,
 * no inserted hyphens) and print
 *
 *     label<TAB>W<TAB>lineCount<TAB>maxLineWidth
 *
 * where maxLineWidth is the widest line's logical width in px (3 decimals).
 * A first row per paragraph with W = 0 is laid out without a width (no
 * wrapping) and gives the paragraph's natural width.
 *
 * Fonts: a private FcConfig holds only the *.ttf / *.otf files of the fonts
 * directory (minus Noto Sans Mono), so no system font can take part.
 *
 * Usage: pango-line-counts [--debug] [--lines=W] FONTS_DIR PARAGRAPHS_FILE [SIZE_PX]
 *   SIZE_PX defaults to 16.
 *   --debug  also prints, on stderr, every run of every paragraph (laid out
 *            without wrapping): byte range, text, font family chosen by
 *            Pango's fallback, script, language, bidi level and width.
 *   --lines=W  also prints, on stderr, every line of every paragraph at
 *            width W: byte range, logical width and text.
 *
 * Exits 1 if any paragraph shapes with an unknown glyph (no font covers a
 * character), after printing everything.
 *
 * Build: gcc -O2 -o pango-line-counts pango-line-counts.c \
 *            $(pkg-config --cflags --libs pangoft2 fontconfig)
 * See Scripts/README-pango.md and Scripts/pango-line-counts.sh.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangoft2.h>

#define FAMILIES "Noto Sans, Noto Sans Arabic, Noto Sans Hebrew, Noto Sans Devanagari, " \
                 "Noto Sans Thai, Noto Sans CJK SC, Noto Color Emoji"
#define WIDTH_MIN 60
#define WIDTH_MAX 400
#define WIDTH_STEP 10

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int has_suffix(const char *name, const char *suffix) {
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && g_ascii_strcasecmp(name + n - s, suffix) == 0;
}

/* The bitmap-scaling rules of fontconfig's stock 10-scale-bitmap-fonts.conf
 * (the two that apply to a colour bitmap font, which has scalable=true and
 * outline=false). Without them a CBDT font such as Noto Color Emoji is
 * rendered at its strike's pixel size (32 px here) whatever size is asked for;
 * with them the font gets a matrix of requested/strike size, so it is laid out
 * at the requested size like every other font. */
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

/* A configuration with nothing but the bundled fonts: no config files, no
 * system font directories, no aliases; its only rules are the bitmap-scaling
 * ones above. */
static FcConfig *bundled_font_config(const char *dir) {
    FcConfig *config = FcConfigCreate();
    if (!config) {
        fprintf(stderr, "FcConfigCreate failed\n");
        exit(2);
    }
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)bitmap_scaling_rules, FcTrue)) {
        fprintf(stderr, "cannot load the bitmap-scaling rules\n");
        exit(2);
    }
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cannot open fonts directory %s: %s\n", dir, strerror(errno));
        exit(2);
    }
    char *names[64];
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!(has_suffix(e->d_name, ".ttf") || has_suffix(e->d_name, ".otf")))
            continue;
        if (strncmp(e->d_name, "NotoSansMono", 12) == 0)
            continue;
        if (count == 64) {
            fprintf(stderr, "too many fonts in %s\n", dir);
            exit(2);
        }
        names[count++] = g_strdup(e->d_name);
    }
    closedir(d);
    qsort(names, count, sizeof names[0], compare_strings);
    for (int i = 0; i < count; i++) {
        char *path = g_build_filename(dir, names[i], NULL);
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)path)) {
            fprintf(stderr, "FcConfigAppFontAddFile failed for %s\n", path);
            exit(2);
        }
        g_free(path);
        g_free(names[i]);
    }
    FcFontSet *set = FcConfigGetFonts(config, FcSetApplication);
    if (!set || set->nfont != count || count == 0) {
        fprintf(stderr, "expected %d fonts in the private config, got %d\n", count, set ? set->nfont : 0);
        exit(2);
    }
    if (FcConfigGetFonts(config, FcSetSystem) && FcConfigGetFonts(config, FcSetSystem)->nfont > 0) {
        fprintf(stderr, "private config unexpectedly has system fonts\n");
        exit(2);
    }
    return config;
}

static void debug_runs(const char *label, PangoLayout *layout, const char *text) {
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run)
            continue; /* end of line */
        PangoItem *item = run->item;
        PangoFontDescription *fd = pango_font_describe(item->analysis.font);
        const char *family = pango_font_description_get_family(fd);
        GUnicodeScript script = (GUnicodeScript)item->analysis.script;
        char tag[5];
        guint32 iso = g_unicode_script_to_iso15924(script);
        tag[0] = (char)(iso >> 24), tag[1] = (char)(iso >> 16), tag[2] = (char)(iso >> 8), tag[3] = (char)iso, tag[4] = 0;
        int width = pango_glyph_string_get_width(run->glyphs);
        fprintf(stderr, "%s\trun\tbytes=%d+%d\tfont=%s\tscript=%s\tlang=%s\tlevel=%d\tglyphs=%d\twidth=%.3f\t\"%.*s\"\n",
                label, item->offset, item->length, family ? family : "?", tag,
                pango_language_to_string(item->analysis.language), item->analysis.level,
                run->glyphs->num_glyphs, width / (double)PANGO_SCALE, item->length, text + item->offset);
        pango_font_description_free(fd);
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
}

static void debug_lines(const char *label, int width, PangoLayout *layout, const char *text) {
    int index = 0;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l; l = l->next, index++) {
        PangoLayoutLine *line = l->data;
        PangoRectangle logical;
        pango_layout_line_get_extents(line, NULL, &logical);
        fprintf(stderr, "%s\tline\tW=%d\t#%d\tbytes=%d+%d\twidth=%.3f\t\"%.*s\"\n", label, width, index,
                line->start_index, line->length, logical.width / (double)PANGO_SCALE, line->length,
                text + line->start_index);
    }
}

/* Widest line's logical width (Pango units) and the number of lines. */
static int measure(PangoLayout *layout, int *max_width) {
    int widest = 0;
    for (GSList *l = pango_layout_get_lines_readonly(layout); l; l = l->next) {
        PangoRectangle logical;
        pango_layout_line_get_extents((PangoLayoutLine *)l->data, NULL, &logical);
        if (logical.width > widest)
            widest = logical.width;
    }
    *max_width = widest;
    return pango_layout_get_line_count(layout);
}

int main(int argc, char **argv) {
    int debug = 0, lines_width = 0;
    int argi = 1;
    for (; argi < argc && strncmp(argv[argi], "--", 2) == 0; argi++) {
        if (strcmp(argv[argi], "--debug") == 0) {
            debug = 1;
        } else if (strncmp(argv[argi], "--lines=", 8) == 0 && atoi(argv[argi] + 8) > 0) {
            lines_width = atoi(argv[argi] + 8);
        } else {
            argi = argc; /* unknown option: print usage */
            break;
        }
    }
    if (argc - argi < 2 || argc - argi > 3) {
        fprintf(stderr, "usage: %s [--debug] [--lines=W] FONTS_DIR PARAGRAPHS_FILE [SIZE_PX]\n", argv[0]);
        return 2;
    }
    const char *fonts_dir = argv[argi];
    const char *paragraphs_path = argv[argi + 1];
    double size = 16.0;
    if (argc - argi == 3) {
        char *end;
        size = g_ascii_strtod(argv[argi + 2], &end);
        if (*end || !(size > 0)) {
            fprintf(stderr, "bad size %s\n", argv[argi + 2]);
            return 2;
        }
    }

    FcConfig *config = bundled_font_config(fonts_dir);
    /* PangoFT2 runs FcConfigSubstitute(NULL, ...) on its patterns, i.e. with
     * the *current* configuration, not the font map's: with the system
     * configuration current, its alias and emoji rules (45-generic.conf,
     * 60-generic.conf add lang=und-zsye and color=true for "Noto Color
     * Emoji") make FcFontMatch put Noto Color Emoji first, and it then wins
     * ASCII digits, '#' and '*'. So the private configuration is made the
     * current one as well. */
    if (!FcConfigSetCurrent(config)) {
        fprintf(stderr, "FcConfigSetCurrent failed\n");
        return 2;
    }
    PangoFontMap *map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    FcConfigDestroy(config); /* fontconfig and the font map hold their own references */
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);

    PangoContext *ctx = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    pango_context_set_language(ctx, pango_language_from_string("und"));
    /* Base direction: Pango's default (the layout's auto-dir takes each
     * paragraph's direction from its first strong character). */

    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, FAMILIES);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);

    PangoLayout *layout = pango_layout_new(ctx);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    PangoAttrList *attrs = pango_attr_list_new();
    pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
    pango_layout_set_attributes(layout, attrs);
    pango_attr_list_unref(attrs);

    gchar *contents = NULL;
    GError *error = NULL;
    if (!g_file_get_contents(paragraphs_path, &contents, NULL, &error)) {
        fprintf(stderr, "%s\n", error->message);
        return 2;
    }
    int unknown_total = 0, paragraphs = 0;
    gchar **lines = g_strsplit(contents, "\n", -1);
    for (gchar **p = lines; *p; p++) {
        char *line = *p;
        if (*line == 0 || *line == '#')
            continue;
        char *tab = strchr(line, '\t');
        if (!tab || strchr(tab + 1, '\t') || strchr(line, '\r')) {
            fprintf(stderr, "malformed line (want label<TAB>paragraph): %s\n", line);
            return 2;
        }
        *tab = 0;
        const char *label = line, *text = tab + 1;
        if (!g_utf8_validate(text, -1, NULL)) {
            fprintf(stderr, "%s: invalid UTF-8\n", label);
            return 2;
        }
        paragraphs++;
        pango_layout_set_text(layout, text, -1);

        int widest;
        pango_layout_set_width(layout, -1);
        int n = measure(layout, &widest);
        printf("%s\t0\t%d\t%.3f\n", label, n, widest / (double)PANGO_SCALE);
        int unknown = pango_layout_get_unknown_glyphs_count(layout);
        if (unknown) {
            fprintf(stderr, "%s: %d unknown glyph(s)\n", label, unknown);
            unknown_total += unknown;
        }
        if (debug)
            debug_runs(label, layout, text);

        for (int w = WIDTH_MIN; w <= WIDTH_MAX; w += WIDTH_STEP) {
            pango_layout_set_width(layout, w * PANGO_SCALE);
            n = measure(layout, &widest);
            printf("%s\t%d\t%d\t%.3f\n", label, w, n, widest / (double)PANGO_SCALE);
        }
        if (lines_width) {
            pango_layout_set_width(layout, lines_width * PANGO_SCALE);
            debug_lines(label, lines_width, layout, text);
        }
    }
    g_strfreev(lines);
    g_free(contents);
    if (debug)
        fprintf(stderr, "%d paragraphs, Pango %s\n", paragraphs, pango_version_string());

    g_object_unref(layout);
    pango_font_description_free(desc);
    g_object_unref(ctx);
    g_object_unref(map);
    return unknown_total ? 1 : 0;
}
