#include "CKioskPixels.h"
#include "kiosk_dispatch.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* -1 until the environment is read; then 1 when the portable loops are forced. A process-wide
   switch like the CPU's own feature bits, which it masks. */
static atomic_int forced_portable = -1;

int kiosk_pixels_portable_forced(void) {
    int forced = atomic_load_explicit(&forced_portable, memory_order_relaxed);
    if (forced < 0) {
        const char *choice = getenv("SWIPE_KIOSK_PIXELS");
        forced = choice != NULL && strcmp(choice, "portable") == 0;
        atomic_store_explicit(&forced_portable, forced, memory_order_relaxed);
    }
    return forced;
}

void kiosk_pixels_force_portable(int portable) {
    atomic_store_explicit(&forced_portable, portable != 0, memory_order_relaxed);
}

int kiosk_use_avx2(void) {
#if defined(KIOSK_HAVE_AVX2_PATH)
    return !kiosk_pixels_portable_forced() && __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

int kiosk_use_avx512bw(void) {
#if defined(KIOSK_HAVE_AVX2_PATH)
    return !kiosk_pixels_portable_forced() && __builtin_cpu_supports("avx512bw");
#else
    return 0;
#endif
}

const char *kiosk_pixels_mode(void) {
    if (kiosk_use_avx512bw()) return "avx512";
    if (kiosk_use_avx2()) return "avx2";
    return "portable";
}
