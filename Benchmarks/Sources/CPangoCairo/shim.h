#ifndef TEXTMEASURE_BENCHMARKS_CPANGOCAIRO_SHIM_H
#define TEXTMEASURE_BENCHMARKS_CPANGOCAIRO_SHIM_H

// Pango with its Cairo and fontconfig font maps, and Cairo's PDF surface, for the Pango + Cairo
// baseline of RenderBenchmarks (target PangoCairoBaseline). Pango is never a dependency of
// TextMeasure itself: only this benchmark package links it.
#include <cairo.h>
#include <cairo-pdf.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#endif
