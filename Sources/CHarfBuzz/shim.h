#ifndef TEXTMEASURE_CHARFBUZZ_SHIM_H
#define TEXTMEASURE_CHARFBUZZ_SHIM_H

// The one header of the CHarfBuzz module: HarfBuzz (core, OpenType, subsetter). Only
// TextMeasure imports it, with `internal import`, so none of these C names leak to its users.
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>

#endif
