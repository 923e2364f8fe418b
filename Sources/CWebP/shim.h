#ifndef ANIMATE_CWEBP_SHIM_H
#define ANIMATE_CWEBP_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>

// WebPAnimDecoderOptionsInit and WebPAnimDecoderNew are inline wrappers of versioned calls;
// these expose them to Swift.
static inline int cwebp_anim_options_init(WebPAnimDecoderOptions *options) { return WebPAnimDecoderOptionsInit(options); }
static inline WebPAnimDecoder *cwebp_anim_decoder_new(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}

#endif
