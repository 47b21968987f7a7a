#ifndef TEXTMEASURE_CHARFBUZZ_SHIM_H
#define TEXTMEASURE_CHARFBUZZ_SHIM_H

// The one header of the CHarfBuzz module: HarfBuzz (core, OpenType, FreeType
// bridge, subsetter), FreeType itself and fontconfig. Only TextMeasure imports it, with
// `internal import`, so none of these C names leak to its users.
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
#include <hb-subset.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <fontconfig/fontconfig.h>

#endif
