// Dispatch: which instruction-set path the kernels run: the best the CPU's features allow, noted
// per thread at its first kernel, or another for the current thread only inside `ak_scope_path`
// (tests run each path that way without changing what other threads run).
#include "Dispatch.h"

_Thread_local int ak_thread_path __attribute__((tls_model("initial-exec"))) = 0;

int ak_available_paths(void) {
#if defined(__x86_64__)
    int paths = AK_PATH_SCALAR | AK_PATH_SSE2;  // SSE2 is part of x86-64
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) paths |= AK_PATH_AVX2;
    if ((paths & AK_PATH_AVX2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) paths |= AK_PATH_AVX512;
    return paths;
#else
    return AK_PATH_SCALAR;
#endif
}

static int best_path(void) {
    int paths = ak_available_paths();
    return (paths & AK_PATH_AVX512) ? AK_PATH_AVX512 : (paths & AK_PATH_AVX2) ? AK_PATH_AVX2
         : (paths & AK_PATH_SSE2) ? AK_PATH_SSE2 : AK_PATH_SCALAR;
}

int ak_start_thread_path(void) { return ak_thread_path = best_path(); }

int ak_current_path(void) { return ak_path(); }

int ak_uses_avx2(void) {
    int path = ak_path();
    return path == AK_PATH_AVX2 || path == AK_PATH_AVX512;
}

int ak_scope_path(int path) {
    if ((path != AK_PATH_SCALAR && path != AK_PATH_SSE2 && path != AK_PATH_AVX2 && path != AK_PATH_AVX512)
        || !(ak_available_paths() & path)) return -1;
    int previous = ak_path();
    ak_thread_path = path;
    return previous;
}

void ak_end_scope(int previous) { ak_thread_path = previous > 0 ? previous : 0; }
