#ifndef ANIMATE_CESPEAKNG_SHIM_H
#define ANIMATE_CESPEAKNG_SHIM_H

#include <espeak-ng/speak_lib.h>

#endif
