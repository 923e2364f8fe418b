#ifndef ANIMATE_CFRIBIDI_SHIM_H
#define ANIMATE_CFRIBIDI_SHIM_H

#include <fribidi.h>

// Macros that do not import into Swift.
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
/// Whether rule X9 removes characters of this type (embeddings, overrides, PDF, BN).
static inline int cfribidi_is_removed_by_x9(FriBidiCharType type) { return FRIBIDI_IS_EXPLICIT_OR_BN(type) ? 1 : 0; }

#endif
