#ifndef TEXTMEASURE_CFREETYPE_SHIM_H
#define TEXTMEASURE_CFREETYPE_SHIM_H

// The one header of the CFreeType module: FreeType, which checks that a font file's bytes are
// a face before HarfBuzz reads them. Only TextMeasure imports it, with `internal import`.
#include <ft2build.h>
#include FT_FREETYPE_H

#endif
