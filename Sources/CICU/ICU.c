#include "CICU.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>

int32_t animate_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                            int32_t *offsets, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t at = ubrk_following(iterator, 0); at != UBRK_DONE && count < capacity; at = ubrk_next(iterator)) {
        int32_t rule = ubrk_getRuleStatus(iterator);
        offsets[count] = at;
        hard[count] = rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT;
        count++;
    }
    ubrk_close(iterator);
    return count;
}

int animate_script(uint32_t codePoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codePoint, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : script;
}

const char *animate_script_tag(int script) { return uscript_getShortName((UScriptCode)script); }
