// Compiles the vector section of the stage AK_STAGE_FILE once per instruction set, narrowest
// first (so a pass can finish its rows' tails with the one before it), as Highway's
// foreach_target does. The stage guards that section with `#ifdef AK_ISA`.
#if defined(__x86_64__)
#define AK_ISA AK_ISA_SSE2
#include "Vector.h"
#include AK_STAGE_FILE
#undef AK_ISA
#define AK_ISA AK_ISA_AVX2
#include "Vector.h"
#include AK_STAGE_FILE
#undef AK_ISA
#define AK_ISA AK_ISA_AVX512
#include "Vector.h"
#include AK_STAGE_FILE
#undef AK_ISA
#endif
