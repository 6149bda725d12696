#include "CKioskPixels.h"
#include "kiosk_dispatch.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Every path this build has, portable first. */
static const kiosk_pixel_table portable_table = {"portable", &kiosk_raster_portable, &kiosk_perspective_portable};
#if defined(KIOSK_HAVE_AVX2_PATH)
static const kiosk_pixel_table avx2_table = {"avx2", &kiosk_raster_avx2, &kiosk_perspective_avx2};
/* AVX-512BW only where it measured faster (the box blur's averages, the upscale by 8); AVX2 elsewhere. */
static const kiosk_pixel_table avx512_table = {"avx512", &kiosk_raster_avx512, &kiosk_perspective_avx2};
#endif
#if defined(KIOSK_HAVE_NEON_PATH)
static const kiosk_pixel_table neon_table = {"neon", &kiosk_raster_neon, &kiosk_perspective_portable};
#endif

/* The fastest table this CPU runs. */
static const kiosk_pixel_table *fastest_table(void) {
#if defined(KIOSK_HAVE_AVX2_PATH)
    if (__builtin_cpu_supports("avx512bw")) return &avx512_table;
    if (__builtin_cpu_supports("avx2")) return &avx2_table;
#endif
#if defined(KIOSK_HAVE_NEON_PATH)
    return &neon_table; /* NEON is part of every aarch64 CPU. */
#else
    return &portable_table;
#endif
}

/* The table in use (NULL until first use) and whether the portable one was asked for: process-wide
   switches like the CPU's own feature bits, which they mask. */
static _Atomic(const kiosk_pixel_table *) chosen_table = NULL;
static atomic_int forced_portable = 0;

static const kiosk_pixel_table *choose(int portable) {
    const kiosk_pixel_table *table = portable ? &portable_table : fastest_table();
    atomic_store_explicit(&forced_portable, portable, memory_order_relaxed);
    atomic_store_explicit(&chosen_table, table, memory_order_release);
    return table;
}

const kiosk_pixel_table *kiosk_pixel_table_chosen(void) {
    const kiosk_pixel_table *table = atomic_load_explicit(&chosen_table, memory_order_acquire);
    if (table != NULL) return table;
    const char *choice = getenv("SWIPE_KIOSK_PIXELS");
    return choose(choice != NULL && strcmp(choice, "portable") == 0);
}

int kiosk_pixels_portable_forced(void) {
    kiosk_pixel_table_chosen();
    return atomic_load_explicit(&forced_portable, memory_order_relaxed);
}

void kiosk_pixels_force_portable(int portable) {
    choose(portable != 0);
}

const char *kiosk_pixels_mode(void) {
    return kiosk_pixel_table_chosen()->name;
}
