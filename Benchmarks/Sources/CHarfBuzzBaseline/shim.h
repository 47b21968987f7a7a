#ifndef TEXTMEASURE_BENCHMARKS_CHARFBUZZBASELINE_SHIM_H
#define TEXTMEASURE_BENCHMARKS_CHARFBUZZBASELINE_SHIM_H

// HarfBuzz's core and OpenType API, for the bare hb_shape baseline benchmark.
#include <hb.h>
#include <hb-ot.h>

#endif
