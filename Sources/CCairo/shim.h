#ifndef TEXTMEASURE_CCAIRO_SHIM_H
#define TEXTMEASURE_CCAIRO_SHIM_H

// The one header of the CCairo module: Cairo with its image (PNG), PDF and SVG surfaces and its
// FreeType font backend, and FreeType itself (to open the faces Cairo draws with). Only
// TableRendering imports it, with `internal import`. (PNGs are written by libpng through the
// CPNGStream target.)
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#endif
