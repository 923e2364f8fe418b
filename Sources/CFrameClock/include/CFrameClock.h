#ifndef CFRAMECLOCK_H
#define CFRAMECLOCK_H

#include <stdint.h>

/// The wall clock this thread sees: the real one, or a frame's date while a frame is drawn.
typedef struct {
    int32_t isFrameDate;
    int64_t seconds;      // since 1970-01-01 00:00:00 UTC
    int32_t nanoseconds;  // 0 ..< 1_000_000_000
} animate_frame_clock;

/// This thread's clock.
animate_frame_clock animate_frame_clock_get(void);

/// Sets this thread's clock (a frame's date, or back to the real clock).
void animate_frame_clock_set(animate_frame_clock clock);

#endif
