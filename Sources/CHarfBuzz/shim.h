#ifndef ANIMATE_CHARFBUZZ_SHIM_H
#define ANIMATE_CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ot.h>

// Macros that do not import into Swift.
static inline hb_tag_t charfbuzz_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
static inline unsigned int charfbuzz_feature_global_start(void) { return HB_FEATURE_GLOBAL_START; }
static inline unsigned int charfbuzz_feature_global_end(void) { return HB_FEATURE_GLOBAL_END; }

#endif
