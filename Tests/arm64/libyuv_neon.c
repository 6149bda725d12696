/* Shows which rows Debian's libyuv runs on this CPU: its CPU flags (NEON on aarch64), and the time
 * of one camera conversion (YUY2 1280x720 to ARGB, then scaled to 640x400, as the camera feed does)
 * with libyuv's SIMD rows and with them masked off (MaskCpuFlags(1): the portable C rows). Prints
 * one line of JSON; exits 1 when NEON is not among the flags on aarch64.
 * Built and run by `make test-arm64` (under qemu-user) and by hand on a board. */
#include <libyuv/convert_argb.h>
#include <libyuv/cpu_id.h>
#include <libyuv/scale_argb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { W = 1280, H = 720, SW = 640, SH = 400, ROUNDS = 10 };

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

/* Milliseconds per conversion; the last result in argb/scaled. */
static double convert(const uint8_t *yuy2, uint8_t *argb, uint8_t *scaled) {
    double start = seconds();
    for (int i = 0; i < ROUNDS; i++) {
        if (YUY2ToARGB(yuy2, W * 2, argb, W * 4, W, H) != 0 ||
            ARGBScale(argb, W * 4, W, H, scaled, SW * 4, SW, SH, kFilterBilinear) != 0) {
            fprintf(stderr, "libyuv refused the conversion\n");
            exit(2);
        }
    }
    return (seconds() - start) * 1000 / ROUNDS;
}

int main(void) {
    uint8_t *yuy2 = malloc(W * H * 2), *argb = malloc(W * H * 4);
    uint8_t *fast = malloc(SW * SH * 4), *portable = malloc(SW * SH * 4);
    for (int i = 0; i < W * H * 2; i++) yuy2[i] = (uint8_t)(i * 7 + i / (W * 2));
    int flags = InitCpuFlags();
    int neon = (flags & kCpuHasNEON) != 0;
    double simd_ms = convert(yuy2, argb, fast);
    MaskCpuFlags(1); /* libyuv: "1 to disable all cpu specific optimizations" */
    double c_ms = convert(yuy2, argb, portable);
    int worst = 0;
    for (int i = 0; i < SW * SH * 4; i++) {
        int d = abs(fast[i] - portable[i]);
        if (d > worst) worst = d;
    }
    printf("{\"cpu_flags\":\"0x%x\",\"neon\":%s,\"simd_ms\":%.2f,\"c_ms\":%.2f,\"speedup\":%.2f,\"largest_difference\":%d}\n",
           flags, neon ? "true" : "false", simd_ms, c_ms, c_ms / simd_ms, worst);
#if defined(__aarch64__)
    return neon ? 0 : 1;
#else
    return 0;
#endif
}
