// The process's wall clock, read by Foundation's Date() through clock_gettime, gettimeofday and
// time: these definitions in the executable come before the C library's. While a thread draws a
// frame, its realtime clock reads the frame's date; every other clock, thread and moment reads the
// C library's clock unchanged.
#define _GNU_SOURCE
#include "CFrameClock.h"

#include <dlfcn.h>
#include <stddef.h>
#include <sys/time.h>
#include <time.h>

static __thread animate_frame_clock current;

animate_frame_clock animate_frame_clock_get(void) { return current; }

void animate_frame_clock_set(animate_frame_clock clock) { current = clock; }

typedef int (*clock_gettime_function)(clockid_t, struct timespec *);

/// The C library's clock_gettime, found once (a race only finds the same address twice).
static clock_gettime_function system_clock_gettime(void) {
    static clock_gettime_function found;
    clock_gettime_function f = __atomic_load_n(&found, __ATOMIC_ACQUIRE);
    if (f == NULL) {
        f = (clock_gettime_function)dlsym(RTLD_NEXT, "clock_gettime");
        __atomic_store_n(&found, f, __ATOMIC_RELEASE);
    }
    return f;
}

static int is_realtime(clockid_t id) { return id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE; }

int clock_gettime(clockid_t id, struct timespec *ts) {
    if (current.isFrameDate && is_realtime(id) && ts != NULL) {
        ts->tv_sec = (time_t)current.seconds;
        ts->tv_nsec = current.nanoseconds;
        return 0;
    }
    return system_clock_gettime()(id, ts);
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    (void)tz;
    if (tv == NULL) return 0;
    struct timespec ts;
    int r = clock_gettime(CLOCK_REALTIME, &ts);
    if (r != 0) return r;
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
    return 0;
}

time_t time(time_t *t) {
    struct timespec ts;
    time_t now = clock_gettime(CLOCK_REALTIME, &ts) == 0 ? ts.tv_sec : (time_t)-1;
    if (t != NULL) *t = now;
    return now;
}
