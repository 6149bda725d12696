#ifndef KIOSK_DISPATCH_H
#define KIOSK_DISPATCH_H

/* The kernels' choice between their portable C and an x86 build, made per call. */

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define KIOSK_HAVE_AVX2_PATH 1
#endif

/* True when the AVX2 (or AVX-512BW) loops may run: the CPU has them and nothing forced the portable ones. */
int kiosk_use_avx2(void);
int kiosk_use_avx512bw(void);

/* Defines `static void NAME PARAMS` calling NAME_for_avx2 or NAME_for_any_cpu with ARGS, as the
   CPU and SWIPE_KIOSK_PIXELS allow: the one choice both macros below make. */
#define KIOSK_CHOOSE_BUILD(name, params, args) \
    static void name params {                   \
        if (kiosk_use_avx2()) {                 \
            name##_for_avx2 args;               \
        } else {                                \
            name##_for_any_cpu args;            \
        }                                       \
    }

#define KIOSK_UNPARENTHESIZE(...) __VA_ARGS__

/* Defines `static void NAME PARAMS` running NAME_body either as built for AVX2 or as portable
   C, so one always-inline body serves both and the portable one can be forced at run time.
   KIOSK_TWO_BUILDS_TOLD also tells the body which build it is in, by one more argument (1 in the
   AVX2 build, 0 in the portable one), so it can call x86 helpers where they measurably win. */
#if defined(KIOSK_HAVE_AVX2_PATH)
#define KIOSK_TWO_BUILDS(name, params, args)                                                 \
    static void name##_for_any_cpu params { name##_body args; }                                 \
    __attribute__((target("avx2"))) static void name##_for_avx2 params { name##_body args; } \
    KIOSK_CHOOSE_BUILD(name, params, args)
#define KIOSK_TWO_BUILDS_TOLD(name, params, args)                                                                    \
    static void name##_for_any_cpu params { name##_body(KIOSK_UNPARENTHESIZE args, 0); }                              \
    __attribute__((target("avx2"))) static void name##_for_avx2 params { name##_body(KIOSK_UNPARENTHESIZE args, 1); } \
    KIOSK_CHOOSE_BUILD(name, params, args)
#else
#define KIOSK_TWO_BUILDS(name, params, args) \
    static void name params { name##_body args; }
#define KIOSK_TWO_BUILDS_TOLD(name, params, args) \
    static void name params { name##_body(KIOSK_UNPARENTHESIZE args, 0); }
#endif

#define KIOSK_BODY static inline __attribute__((always_inline))

#endif
