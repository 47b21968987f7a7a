#ifndef TEXTMEASURE_CFONTCONFIG_SHIM_H
#define TEXTMEASURE_CFONTCONFIG_SHIM_H

// The one header of the CFontconfig module: fontconfig, which finds fonts by family and
// language. Only TextMeasure imports it, with `internal import`.
#include <fontconfig/fontconfig.h>

#endif
