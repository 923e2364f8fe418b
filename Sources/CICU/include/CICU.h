#ifndef ANIMATE_CICU_H
#define ANIMATE_CICU_H

#include <stdint.h>

// ICU's line breaking and script property, behind names that import into Swift (ICU's
// own are macros that add its version). Text is UTF-16; offsets count UTF-16 code units.

/// Line break opportunities in `text` by UAX #14 with ICU's dictionaries (Thai, Lao, Khmer,
/// Burmese, CJK): each offset after which a line may end is written to `offsets` (the text's end
/// included), with 1 in `hard` where the line must end there. Returns the count, or -1 when ICU
/// fails; `capacity` must be at least `length + 1`.
int32_t animate_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *offsets, uint8_t *hard, int32_t capacity);

/// The ISO 15924 script code of a code point (ICU's UScriptCode): 0 Common, 1 Inherited.
int animate_script(uint32_t codePoint);
/// The script's four-letter ISO 15924 tag ("Arab"), as HarfBuzz takes it.
const char *animate_script_tag(int script);

#endif
