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
#if defined(KIOSK_HAVE_VECTOR_PATH)
#if defined(__aarch64__)
static const kiosk_pixel_table vector_table = {"neon", &kiosk_raster_vector, &kiosk_perspective_portable};
#else
static const kiosk_pixel_table vector_table = {"sse2", &kiosk_raster_vector, &kiosk_perspective_portable};
#endif
#endif

/* The tables this CPU runs, fastest first (portable last); `count` says how many. */
static int runnable_tables(const kiosk_pixel_table *tables[4]) {
    int count = 0;
#if defined(KIOSK_HAVE_AVX2_PATH)
    if (__builtin_cpu_supports("avx512bw")) tables[count++] = &avx512_table;
    if (__builtin_cpu_supports("avx2")) tables[count++] = &avx2_table;
#endif
#if defined(KIOSK_HAVE_VECTOR_PATH)
    tables[count++] = &vector_table; /* NEON is part of every aarch64 CPU, SSE2 of every x86_64 one. */
#endif
    tables[count++] = &portable_table;
    return count;
}

static const kiosk_pixel_table *fastest_table(void) {
    const kiosk_pixel_table *tables[4];
    runnable_tables(tables);
    return tables[0];
}

/* The table in use (NULL until first use) and whether the portable one was asked for: process-wide
   switches like the CPU's own feature bits, which they mask. */
static _Atomic(const kiosk_pixel_table *) chosen_table = NULL;
static atomic_int forced_portable = 0;

static const kiosk_pixel_table *use(const kiosk_pixel_table *table) {
    atomic_store_explicit(&forced_portable, table == &portable_table, memory_order_relaxed);
    atomic_store_explicit(&chosen_table, table, memory_order_release);
    return table;
}

static const kiosk_pixel_table *choose(int portable) {
    return use(portable ? &portable_table : fastest_table());
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

const char *kiosk_pixels_table(int index) {
    const kiosk_pixel_table *tables[4];
    int count = runnable_tables(tables);
    return index >= 0 && index < count ? tables[index]->name : NULL;
}

int kiosk_pixels_use(const char *name) {
    const kiosk_pixel_table *tables[4];
    int count = runnable_tables(tables);
    for (int i = 0; i < count; i++) {
        if (strcmp(tables[i]->name, name) == 0) {
            use(tables[i]);
            return 0;
        }
    }
    return -1;
}
