#ifndef KIOSK_DISPATCH_H
#define KIOSK_DISPATCH_H

#include <stddef.h>
#include <stdint.h>

/* The kernels' CPU paths. Every loop built more than one way is reached through one table of
   function pointers (kiosk_pixel_table), chosen once: the CPU's features, unless
   SWIPE_KIOSK_PIXELS=portable or kiosk_pixels_force_portable(1) asks for the portable C. No
   kernel asks the CPU per call. */

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define KIOSK_HAVE_AVX2_PATH 1
#endif

/* The baseline CPU's vector path: the clang vector-extension loops (the upscale) built for any
   CPU of the architecture, which compile to NEON on aarch64 ("neon") and to SSE2 on x86_64
   ("sse2", for x86 CPUs without AVX2). GCC has no __builtin_convertvector: a GCC build has no such path. */
#if defined(__clang__) && (defined(__aarch64__) || defined(__x86_64__))
#define KIOSK_HAVE_VECTOR_PATH 1
#endif

/* The loops of kiosk_pixels.c (blur, scaling, mixing, the fade, copies) and of kiosk_perspective.c
   (the projective draw), one set per path; each file defines its sets. */
typedef struct kiosk_raster_kernels kiosk_raster_kernels;
typedef struct kiosk_perspective_kernels kiosk_perspective_kernels;

/* One CPU path: its name (the bench's "pixels") and its loops. */
typedef struct {
    const char *name;
    const kiosk_raster_kernels *raster;
    const kiosk_perspective_kernels *perspective;
} kiosk_pixel_table;

extern const kiosk_raster_kernels kiosk_raster_portable;
extern const kiosk_perspective_kernels kiosk_perspective_portable;
#if defined(KIOSK_HAVE_AVX2_PATH)
extern const kiosk_raster_kernels kiosk_raster_avx2, kiosk_raster_avx512;
extern const kiosk_perspective_kernels kiosk_perspective_avx2;
#endif
#if defined(KIOSK_HAVE_VECTOR_PATH)
extern const kiosk_raster_kernels kiosk_raster_vector;
#endif

/* The table in use: chosen at first use, changed only by kiosk_pixels_force_portable. */
const kiosk_pixel_table *kiosk_pixel_table_chosen(void);

#define KIOSK_UNPARENTHESIZE(...) __VA_ARGS__

/* Defines `static void NAME_for_any_cpu PARAMS` running NAME_body as portable C and, on x86,
   `NAME_for_avx2` running it built for AVX2, so one always-inline body serves both tables.
   KIOSK_TWO_BUILDS_TOLD also tells the body which build it is in, by one more argument (1 in the
   AVX2 build, 0 in the portable one), so it can call x86 helpers where they measurably win.
   Unused is allowed: a build may have no table that takes it. */
#if defined(KIOSK_HAVE_AVX2_PATH)
#define KIOSK_TWO_BUILDS(name, params, args)                                           \
    __attribute__((unused)) static void name##_for_any_cpu params { name##_body args; } \
    __attribute__((unused, target("avx2"))) static void name##_for_avx2 params { name##_body args; }
#define KIOSK_TWO_BUILDS_TOLD(name, params, args)                                                               \
    __attribute__((unused)) static void name##_for_any_cpu params { name##_body(KIOSK_UNPARENTHESIZE args, 0); } \
    __attribute__((unused, target("avx2"))) static void name##_for_avx2 params { name##_body(KIOSK_UNPARENTHESIZE args, 1); }
#else
#define KIOSK_TWO_BUILDS(name, params, args) \
    __attribute__((unused)) static void name##_for_any_cpu params { name##_body args; }
#define KIOSK_TWO_BUILDS_TOLD(name, params, args) \
    __attribute__((unused)) static void name##_for_any_cpu params { name##_body(KIOSK_UNPARENTHESIZE args, 0); }
#endif

#define KIOSK_BODY static inline __attribute__((always_inline))

#if defined(KIOSK_HAVE_AVX2_PATH)
/* kiosk_mix_row built for AVX2 whatever the table, for an output written once and read after
   other work: whole cache lines stored past the cache (a weight of 0 or 128 copies); the writer
   fences (_mm_sfence) after its last row. kiosk_bilinear's mix down, which follows libyuv's
   choice of rows as its loop across does, not the table. */
void kiosk_mix_row_streaming_avx2(uint32_t *out, const uint32_t *first, const uint32_t *second, int count, int weight);
#endif

#endif
