#include "CKioskPixels.h"
#include "kiosk_dispatch.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A projective scanline drawer. Per output row: the run of pixels whose bilinear footprint can
   touch the source is solved from the map's linear parts; texture coordinates are exact (one
   division) at the ends of short spans and interpolated in between, the span as long as the
   interpolation stays within SPAN_ERROR pixels; each pixel is the bilinear mean of its four
   source taps (taps off the source transparent, which antialiases the edges), computed as
   pixman does (7-bit weights, truncated), then put OVER (or SRC) the output. The vector types
   are the compiler's portable ones: SSE2/AVX2 on x86, NEON on ARM, from one source. */

/* Exact IEEE arithmetic on every CPU (no fused multiply-adds), so ARM computes the same
   coordinates; GCC builds take -ffp-contract=off instead. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* The vector helpers are always inlined, so the ABI of passing 256-bit vectors never applies. */
#pragma GCC diagnostic ignored "-Wpsabi"

typedef uint32_t kiosk_u32x8 __attribute__((vector_size(32)));
typedef int32_t kiosk_i32x8 __attribute__((vector_size(32)));
typedef uint16_t kiosk_u16x16 __attribute__((vector_size(32)));
typedef uint64_t kiosk_u64x4 __attribute__((vector_size(32)));
typedef int16_t kiosk_i16x16 __attribute__((vector_size(32)));
typedef int16_t kiosk_i16x8 __attribute__((vector_size(16)));

/* Pixels per chunk of precomputed coordinates (kept on the stack). */
#define CHUNK 256
/* Largest interpolation error allowed, in source pixels: a quarter of pixman's 1/128 weight step. */
#define SPAN_ERROR (1.0 / 512.0)
#define FIXED_ONE 65536.0
/* How far below the rows being read the source is fetched ahead, in source rows. */
#define PREFETCH_ROWS 8

/* One linear function along a row: value at pixel centre X is `at` + `slope` X. */
typedef struct {
    double slope, at;
} row_line;

/* Narrows [*lo, *hi) to the pixels i (centre X = i + 0.5) where slope X + at > 0. */
static void keep_positive(row_line f, double *lo, double *hi) {
    if (f.slope == 0) {
        if (!(f.at > 0)) *hi = *lo;
        return;
    }
    double root = -f.at / f.slope - 0.5;
    if (f.slope > 0) {
        if (root > *lo) *lo = root;
    } else if (root < *hi) {
        *hi = root;
    }
}

/* 16.16 fixed source coordinate of the top-left bilinear tap from `quotient` = value / w,
   less half a pixel, clamped to a range far off the source at both ends; truncating a positive
   number is floor. */
KIOSK_BODY int32_t to_fixed(float quotient, int size) {
    float fixed = (quotient - 0.5f) * (float)FIXED_ONE;
    float low = -4 * (float)FIXED_ONE, high = (float)(size + 4) * (float)FIXED_ONE;
    fixed = fixed < low ? low : (fixed > high ? high : fixed);
    return (int32_t)(fixed + 8 * (float)FIXED_ONE) - (int32_t)(8 * FIXED_ONE);
}

/* Fills sx, sy for `count` (at most CHUNK) pixels from X = first + 0.5: exact every `span`
   pixels (a power of two, `shift` its log) and at the last pixel, linear in between. The exact
   ends are computed first in one loop the compiler vectorises; the linear parts in double (no
   cancellation), the division in float, eight to an instruction: its relative error of 6e-8 is
   at most 1/1000 of a pixel on the largest source. */
KIOSK_BODY void row_coordinates(row_line u, row_line v, row_line w, int first, int count, int span, int shift,
                            int source_width, int source_height, int32_t *sx, int32_t *sy) {
    int32_t end_x[CHUNK + 1], end_y[CHUNK + 1];
    int ends = (count - 1 + span - 1) / span + 1;
    for (int k = 0; k < ends; k++) {
        int offset = k * span < count - 1 ? k * span : count - 1;
        double x = first + offset + 0.5;
        float depth = (float)(w.at + w.slope * x);
        end_x[k] = to_fixed((float)(u.at + u.slope * x) / depth, source_width);
        end_y[k] = to_fixed((float)(v.at + v.slope * x) / depth, source_height);
    }
    int whole = (count - 1) / span;
    for (int k = 0; k < whole; k++) {
        int32_t x0 = end_x[k], y0 = end_y[k], dx = (end_x[k + 1] - x0) >> shift, dy = (end_y[k + 1] - y0) >> shift;
        for (int j = 0; j < span; j++) {
            sx[k * span + j] = x0 + dx * j;
            sy[k * span + j] = y0 + dy * j;
        }
    }
    int done = whole * span, rest = count - 1 - done;
    if (rest > 0) {
        int32_t x0 = end_x[whole], y0 = end_y[whole], dx = (end_x[whole + 1] - x0) / rest, dy = (end_y[whole + 1] - y0) / rest;
        for (int j = 0; j < rest; j++) {
            sx[done + j] = x0 + dx * j;
            sy[done + j] = y0 + dy * j;
        }
    }
    sx[count - 1] = end_x[ends - 1];
    sy[count - 1] = end_y[ends - 1];
}

/* The longest power-of-two span (up to 64) over which straight interpolation of value / w
   errs by at most SPAN_ERROR: for f = (a + b X) / w the chord error over L pixels is at most
   L^2 |b w - a w'| |w'| / (4 w^3), w at its smallest (w is linear: at an end). */
static int span_shift(row_line u, row_line v, row_line w, double first, double last) {
    double w_low = fmin(w.at + w.slope * first, w.at + w.slope * last);
    double bend_u = fabs(u.slope * w.at - u.at * w.slope), bend_v = fabs(v.slope * w.at - v.at * w.slope);
    double bend = fmax(bend_u, bend_v) * fabs(w.slope) / (4 * w_low * w_low * w_low);
    int shift = 0;
    while (shift < 6 && bend * (double)(1 << (2 * shift + 2)) <= SPAN_ERROR) shift++;
    return shift;
}

/* Two neighbouring pixels as one 64-bit value (little-endian: the left one low). */
static inline uint64_t pair(const uint32_t *p) {
    uint64_t value;
    memcpy(&value, p, sizeof value);
    return value;
}

/* x * alpha / 255 per channel, rounded as pixman's UN8x4_MUL_UN8 does; alpha per lane. */
KIOSK_BODY kiosk_u32x8 multiply_channels(kiosk_u32x8 x, kiosk_u32x8 alpha) {
    const kiosk_u32x8 mask = {0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF};
    kiosk_u16x16 both = (kiosk_u16x16)(alpha | alpha << 16);
    kiosk_u32x8 rb = (kiosk_u32x8)((kiosk_u16x16)(x & mask) * both) + 0x00800080;
    kiosk_u32x8 ag = (kiosk_u32x8)((kiosk_u16x16)((x >> 8) & mask) * both) + 0x00800080;
    rb = ((rb + ((rb >> 8) & mask)) >> 8) & mask;
    ag = (ag + ((ag >> 8) & mask)) & ~mask;
    return rb | ag;
}

/* Per lane, low half times low half plus high half times high half, the halves 16-bit signed
   numbers: written so compilers emit one multiply-add (pmaddwd). */
KIOSK_BODY kiosk_u32x8 pair_dot(kiosk_u32x8 x, kiosk_u32x8 y) {
    kiosk_i16x16 a = (kiosk_i16x16)x, b = (kiosk_i16x16)y;
    kiosk_i16x8 a_low = __builtin_shufflevector(a, a, 0, 2, 4, 6, 8, 10, 12, 14), a_high = __builtin_shufflevector(a, a, 1, 3, 5, 7, 9, 11, 13, 15);
    kiosk_i16x8 b_low = __builtin_shufflevector(b, b, 0, 2, 4, 6, 8, 10, 12, 14), b_high = __builtin_shufflevector(b, b, 1, 3, 5, 7, 9, 11, 13, 15);
    kiosk_i32x8 sum = __builtin_convertvector(a_low, kiosk_i32x8) * __builtin_convertvector(b_low, kiosk_i32x8)
                    + __builtin_convertvector(a_high, kiosk_i32x8) * __builtin_convertvector(b_high, kiosk_i32x8);
    return (kiosk_u32x8)sum;
}

/* Eight bilinear samples: exactly pixman's sum of the four taps with weights in 128ths each
   way, truncated. Horizontal sums fit 15 bits per channel, two channels to a lane; the
   vertical ones take a channel per 32-bit lane. */
KIOSK_BODY kiosk_u32x8 bilinear8(kiosk_u32x8 tl, kiosk_u32x8 tr, kiosk_u32x8 bl, kiosk_u32x8 br, kiosk_u32x8 fx, kiosk_u32x8 fy) {
    const kiosk_u32x8 mask = {0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF, 0x00FF00FF};
    kiosk_u16x16 right = (kiosk_u16x16)(fx | fx << 16), left = (kiosk_u16x16)(0x00800080 - (fx | fx << 16));
    kiosk_u32x8 top_rb = (kiosk_u32x8)((kiosk_u16x16)(tl & mask) * left + (kiosk_u16x16)(tr & mask) * right);
    kiosk_u32x8 top_ag = (kiosk_u32x8)((kiosk_u16x16)((tl >> 8) & mask) * left + (kiosk_u16x16)((tr >> 8) & mask) * right);
    kiosk_u32x8 bottom_rb = (kiosk_u32x8)((kiosk_u16x16)(bl & mask) * left + (kiosk_u16x16)(br & mask) * right);
    kiosk_u32x8 bottom_ag = (kiosk_u32x8)((kiosk_u16x16)((bl >> 8) & mask) * left + (kiosk_u16x16)((br >> 8) & mask) * right);
    /* Each channel's top and bottom sums (15 bits each) side by side in a lane, weighed and added
       in one 16-bit multiply-add (pmaddwd on x86). */
    kiosk_u32x8 weights = (128 - fy) | fy << 16;
    kiosk_u32x8 b = pair_dot((top_rb & 0xFFFF) | bottom_rb << 16, weights) >> 14;
    kiosk_u32x8 r = pair_dot(top_rb >> 16 | (bottom_rb & 0xFFFF0000), weights) >> 14;
    kiosk_u32x8 g = pair_dot((top_ag & 0xFFFF) | bottom_ag << 16, weights) >> 14;
    kiosk_u32x8 a = pair_dot(top_ag >> 16 | (bottom_ag & 0xFFFF0000), weights) >> 14;
    return a << 24 | r << 16 | g << 8 | b;
}

#if defined(KIOSK_HAVE_AVX2_PATH)
/* bilinear8 on the taps as loaded, each lane's left and right neighbours side by side in 64 bits
   (pixels 0-3, then 4-7, of the top row, then of the bottom one), with the same arithmetic: a
   byte shuffle puts each channel's left and right values in one 16-bit word, one unsigned-by-signed
   multiply-add weighs them (127 - fx and fx, plus the left value once more, which is 128 - fx
   exactly), one 16-bit multiply-add weighs the rows; no splitting the pairs, and about a third
   fewer instructions for the sum. By pointer: the portable build must not pass 256-bit vectors, even in code it never runs. */
__attribute__((target("avx2"))) static inline void bilinear8_pairs_avx2(const kiosk_u64x4 pairs[4], const kiosk_u32x8 *fx,
                                                                        const kiosk_u32x8 *fy, kiosk_u32x8 *sample) {
    const __m256i spread = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                            0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    __m256i x = (__m256i)*fx, y = (__m256i)*fy;
    __m256i across = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(127), x), _mm256_slli_epi32(x, 8));
    across = _mm256_or_si256(across, _mm256_slli_epi32(across, 16));
    __m256i down = _mm256_or_si256(_mm256_sub_epi32(_mm256_set1_epi32(128), y), _mm256_slli_epi32(y, 16));
    /* Each pixel's weights over its 64 bits (across), and over the 128-bit lane its channels
       land in after the rows are interleaved (down): pixels 0 and 2, 1 and 3, 4 and 6, 5 and 7. */
    __m256i across_of[2] = {_mm256_permutevar8x32_epi32(across, _mm256_setr_epi32(0, 0, 1, 1, 2, 2, 3, 3)),
                            _mm256_permutevar8x32_epi32(across, _mm256_setr_epi32(4, 4, 5, 5, 6, 6, 7, 7))};
    __m256i down_of[4] = {_mm256_permutevar8x32_epi32(down, _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2)),
                          _mm256_permutevar8x32_epi32(down, _mm256_setr_epi32(1, 1, 1, 1, 3, 3, 3, 3)),
                          _mm256_permutevar8x32_epi32(down, _mm256_setr_epi32(4, 4, 4, 4, 6, 6, 6, 6)),
                          _mm256_permutevar8x32_epi32(down, _mm256_setr_epi32(5, 5, 5, 5, 7, 7, 7, 7))};
    const __m256i low_bytes = _mm256_set1_epi16(0xFF);
    __m256i packed[2];
    for (int half = 0; half < 2; half++) {
        __m256i top = _mm256_shuffle_epi8((__m256i)pairs[half], spread);
        __m256i bottom = _mm256_shuffle_epi8((__m256i)pairs[2 + half], spread);
        top = _mm256_add_epi16(_mm256_maddubs_epi16(top, across_of[half]), _mm256_and_si256(top, low_bytes));
        bottom = _mm256_add_epi16(_mm256_maddubs_epi16(bottom, across_of[half]), _mm256_and_si256(bottom, low_bytes));
        __m256i first = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(top, bottom), down_of[2 * half]), 14);
        __m256i second = _mm256_srli_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(top, bottom), down_of[2 * half + 1]), 14);
        packed[half] = _mm256_packus_epi32(first, second);
    }
    *sample = (kiosk_u32x8)_mm256_permute4x64_epi64(_mm256_packus_epi16(packed[0], packed[1]), 0xD8);
}
#endif

/* Each lane of `v` clamped to [0, high]. */
KIOSK_BODY kiosk_i32x8 clamp_lanes(kiosk_i32x8 v, int high) {
    v &= ~(v >> 31);
    kiosk_i32x8 above = v > high;
    return (v & ~above) | (high & above);
}

/* Eight pixels: taps fetched per lane (off-picture ones as transparent only near the edges),
   the arithmetic on whole vectors. `avx2` is 1 in the AVX2 build. */
KIOSK_BODY void draw8(uint32_t *out, const int32_t *sx, const int32_t *sy,
                      const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over, int avx2) {
    kiosk_i32x8 x, y;
    memcpy(&x, sx, sizeof x);
    memcpy(&y, sy, sizeof y);
    kiosk_i32x8 ix = x >> 16, iy = y >> 16;
    kiosk_i32x8 inside = ((kiosk_u32x8)ix < (uint32_t)(width - 1)) & ((kiosk_u32x8)iy < (uint32_t)(height - 1));
    int all_inside = 1;
    for (int lane = 0; lane < 8; lane++) all_inside &= inside[lane] != 0;
    kiosk_u32x8 vtl, vtr, vbl, vbr, s;
    kiosk_u32x8 fx = (kiosk_u32x8)(x >> 9) & 127, fy = (kiosk_u32x8)(y >> 9) & 127;
    if (all_inside) {
        /* Each lane's two neighbours in a row are one 64-bit load; the AVX2 build weighs the
           pairs as they are, the portable one splits them into left and right taps. Built from
           loads, not through an array, whose vector load would wait on eight stores. */
        /* The rows below are the next output rows' taps: asked for now, they arrive in time
           (the walk along a slanted source line is nothing a hardware prefetcher follows). */
        int ahead = iy[0] + PREFETCH_ROWS < height ? iy[0] + PREFETCH_ROWS : height - 1;
        int below = ahead + 1 < height ? ahead + 1 : ahead;
        __builtin_prefetch(source + ahead * stride + ix[0]);
        __builtin_prefetch(source + ahead * stride + ix[7]);
        /* And the row under it: a shrunk source skips rows, and the bottom taps need them. */
        __builtin_prefetch(source + below * stride + ix[0]);
        __builtin_prefetch(source + below * stride + ix[7]);
        kiosk_i32x8 at = iy * (int32_t)stride + ix;
        kiosk_u64x4 top_low = {pair(source + at[0]), pair(source + at[1]), pair(source + at[2]), pair(source + at[3])};
        kiosk_u64x4 top_high = {pair(source + at[4]), pair(source + at[5]), pair(source + at[6]), pair(source + at[7])};
        kiosk_u64x4 bottom_low = {pair(source + stride + at[0]), pair(source + stride + at[1]),
                                  pair(source + stride + at[2]), pair(source + stride + at[3])};
        kiosk_u64x4 bottom_high = {pair(source + stride + at[4]), pair(source + stride + at[5]),
                                   pair(source + stride + at[6]), pair(source + stride + at[7])};
#if defined(KIOSK_HAVE_AVX2_PATH)
        if (avx2) {
            kiosk_u64x4 pairs[4] = {top_low, top_high, bottom_low, bottom_high};
            bilinear8_pairs_avx2(pairs, &fx, &fy, &s);
        } else
#endif
        {
            (void)avx2;
            kiosk_u32x8 a = (kiosk_u32x8)top_low, b = (kiosk_u32x8)top_high, c = (kiosk_u32x8)bottom_low, d = (kiosk_u32x8)bottom_high;
            vtl = __builtin_shufflevector(a, b, 0, 2, 4, 6, 8, 10, 12, 14);
            vtr = __builtin_shufflevector(a, b, 1, 3, 5, 7, 9, 11, 13, 15);
            vbl = __builtin_shufflevector(c, d, 0, 2, 4, 6, 8, 10, 12, 14);
            vbr = __builtin_shufflevector(c, d, 1, 3, 5, 7, 9, 11, 13, 15);
            s = bilinear8(vtl, vtr, vbl, vbr, fx, fy);
        }
    } else {
        /* Near the picture's edges: every tap read from a clamped place and cleared where it is
           off the picture, with no branch per tap (a branch per tap was mispredicted so often
           that these few pixels took 8% of the kernel's time). Read into plain arrays:
           writing vector lanes one by one stalls on every store's forwarding. */
        kiosk_i32x8 left_in = (kiosk_u32x8)ix < (uint32_t)width, right_in = (kiosk_u32x8)(ix + 1) < (uint32_t)width;
        kiosk_i32x8 top_in = (kiosk_u32x8)iy < (uint32_t)height, bottom_in = (kiosk_u32x8)(iy + 1) < (uint32_t)height;
        kiosk_i32x8 x0 = clamp_lanes(ix, width - 1), x1 = clamp_lanes(ix + 1, width - 1);
        kiosk_i32x8 y0 = clamp_lanes(iy, height - 1) * (int32_t)stride, y1 = clamp_lanes(iy + 1, height - 1) * (int32_t)stride;
        uint32_t tl[8], tr[8], bl[8], br[8];
        for (int lane = 0; lane < 8; lane++) {
            tl[lane] = source[y0[lane] + x0[lane]];
            tr[lane] = source[y0[lane] + x1[lane]];
            bl[lane] = source[y1[lane] + x0[lane]];
            br[lane] = source[y1[lane] + x1[lane]];
        }
        memcpy(&vtl, tl, sizeof vtl);
        memcpy(&vtr, tr, sizeof vtr);
        memcpy(&vbl, bl, sizeof vbl);
        memcpy(&vbr, br, sizeof vbr);
        vtl &= (kiosk_u32x8)(left_in & top_in);
        vtr &= (kiosk_u32x8)(right_in & top_in);
        vbl &= (kiosk_u32x8)(left_in & bottom_in);
        vbr &= (kiosk_u32x8)(right_in & bottom_in);
        s = bilinear8(vtl, vtr, vbl, vbr, fx, fy);
    }
    if (alpha < 255) s = multiply_channels(s, (kiosk_u32x8){0} + alpha);
    if (over) {
        /* Opaque runs (a card's inside) skip reading the output: it may not be in the cache. */
        kiosk_u32x8 clear = (s >> 24) ^ 255;
        uint32_t any = 0;
        for (int lane = 0; lane < 8; lane++) any |= clear[lane];
        if (any) {
            kiosk_u32x8 d;
            memcpy(&d, out, sizeof d);
            s += multiply_channels(d, clear);
        }
    }
    memcpy(out, &s, sizeof s);
}

/* The chunk's pixels, eight at a time; the last few through the same vector code, their
   missing lanes repeating the last pixel and left unwritten (a scalar tail cost a tenth of the
   kernel's time). */
KIOSK_BODY void draw_chunk_body(uint32_t *out, const int32_t *sx, const int32_t *sy, int count,
                                const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over,
                                int avx2) {
    int i = 0;
    for (; i + 8 <= count; i += 8) draw8(out + i, sx + i, sy + i, source, stride, width, height, alpha, over, avx2);
    int rest = count - i;
    if (rest == 0) return;
    int32_t x[8], y[8];
    uint32_t pixels[8];
    for (int lane = 0; lane < 8; lane++) {
        int from = lane < rest ? i + lane : count - 1;
        x[lane] = sx[from];
        y[lane] = sy[from];
        pixels[lane] = out[from];
    }
    draw8(pixels, x, y, source, stride, width, height, alpha, over, avx2);
    memcpy(out + i, pixels, sizeof(uint32_t) * (size_t)rest);
}

/* A row's run of pixels from `first` to `last`, chunk by chunk: coordinates, then pixels. */
KIOSK_BODY void draw_run_body(uint32_t *line, int first, int last, row_line u, row_line v, row_line w, int shift,
                              const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over,
                              int avx2) {
    int32_t sx[CHUNK], sy[CHUNK];
    for (int start = first; start < last; start += CHUNK) {
        int count = last - start < CHUNK ? last - start : CHUNK;
        row_coordinates(u, v, w, start, count, 1 << shift, shift, width, height, sx, sy);
        draw_chunk_body(line + start, sx, sy, count, source, stride, width, height, alpha, over, avx2);
    }
}
KIOSK_TWO_BUILDS_TOLD(draw_run, (uint32_t *line, int first, int last, row_line u, row_line v, row_line w, int shift,
                            const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over),
                 (line, first, last, u, v, w, shift, source, stride, width, height, alpha, over))

/* An upright map (u and w do not depend on the row: a turn about the vertical axis, as flip and
   cube draw) samples the same source column in every row, and the source row along a column is
   linear in the row: per column, the 16.16 column `sx`, and the source row as `at` + Y `step`
   (Y the output pixel centre). Exact at every pixel, one multiply-add per pixel and row. */
typedef struct {
    int32_t *sx;
    float *at, *step;
} upright_columns;

KIOSK_BODY void draw_upright_run_body(uint32_t *line, int first, int last, int left, float row, upright_columns columns,
                                      const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over,
                                      int avx2) {
    int32_t sy[CHUNK];
    for (int start = first; start < last; start += CHUNK) {
        int count = last - start < CHUNK ? last - start : CHUNK;
        const float *at = columns.at + (start - left), *step = columns.step + (start - left);
        for (int j = 0; j < count; j++) sy[j] = to_fixed(at[j] + row * step[j], height);
        draw_chunk_body(line + start, columns.sx + (start - left), sy, count, source, stride, width, height, alpha, over, avx2);
    }
}
KIOSK_TWO_BUILDS_TOLD(draw_upright_run, (uint32_t *line, int first, int last, int left, float row, upright_columns columns,
                                    const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over),
                 (line, first, last, left, row, columns, source, stride, width, height, alpha, over))

/* One path's draws (see kiosk_dispatch.h). */
struct kiosk_perspective_kernels {
    void (*draw_run)(uint32_t *line, int first, int last, row_line u, row_line v, row_line w, int shift,
                     const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over);
    void (*draw_upright_run)(uint32_t *line, int first, int last, int left, float row, upright_columns columns,
                             const uint32_t *source, ptrdiff_t stride, int width, int height, uint32_t alpha, int over);
};

const kiosk_perspective_kernels kiosk_perspective_portable = {draw_run_for_any_cpu, draw_upright_run_for_any_cpu};
#if defined(KIOSK_HAVE_AVX2_PATH)
const kiosk_perspective_kernels kiosk_perspective_avx2 = {draw_run_for_avx2, draw_upright_run_for_avx2};
#endif

/* The columns of an upright map across [left, left + count); false when out of memory. */
static int upright_columns_make(upright_columns *columns, const double inverse[9], int left, int count, int source_width) {
    columns->sx = malloc(sizeof(int32_t) * (size_t)count);
    columns->at = malloc(sizeof(float) * (size_t)count);
    columns->step = malloc(sizeof(float) * (size_t)count);
    if (!columns->sx || !columns->at || !columns->step) return 0;
    for (int i = 0; i < count; i++) {
        double x = left + i + 0.5;
        float depth = (float)(inverse[6] * x + inverse[8]);
        columns->sx[i] = to_fixed((float)(inverse[0] * x + inverse[2]) / depth, source_width);
        columns->at[i] = (float)((inverse[3] * x + inverse[5]) / (inverse[6] * x + inverse[8]));
        columns->step[i] = (float)(inverse[4] / (inverse[6] * x + inverse[8]));
    }
    return 1;
}

static void upright_columns_free(upright_columns *columns) {
    free(columns->sx);
    free(columns->at);
    free(columns->step);
}

/* The pixels of output row `row` between `left` and `right` that can touch the source, as
   [*first, *last); empty when *first >= *last. */
static void row_run(const double inverse[9], double row, int left, int right, int source_width, int source_height,
                    row_line *u, row_line *v, row_line *w, int *first, int *last) {
    *u = (row_line){inverse[0], inverse[1] * row + inverse[2]};
    *v = (row_line){inverse[3], inverse[4] * row + inverse[5]};
    *w = (row_line){inverse[6], inverse[7] * row + inverse[8]};
    /* Pixels whose top-left tap lies in (-1, size) on both axes, i.e. u / w in (-0.5, size + 0.5),
       a pixel either way for rounding; and only where w is well in front of the eye. */
    double lo = left, hi = right;
    keep_positive((row_line){u->slope + 0.5 * w->slope, u->at + 0.5 * w->at}, &lo, &hi);
    keep_positive((row_line){(source_width + 0.5) * w->slope - u->slope, (source_width + 0.5) * w->at - u->at}, &lo, &hi);
    keep_positive((row_line){v->slope + 0.5 * w->slope, v->at + 0.5 * w->at}, &lo, &hi);
    keep_positive((row_line){(source_height + 0.5) * w->slope - v->slope, (source_height + 0.5) * w->at - v->at}, &lo, &hi);
    int from = (int)floor(lo) - 1, to = (int)ceil(hi) + 1;
    double front_lo = left, front_hi = right;
    keep_positive((row_line){w->slope, w->at - 1e-3}, &front_lo, &front_hi);
    if (from < (int)ceil(front_lo)) from = (int)ceil(front_lo);
    if (to > (int)floor(front_hi)) to = (int)floor(front_hi);
    *first = from < left ? left : from;
    *last = to > right ? right : to;
}

/* Rows of the output that share one set of boxes: [y1, y2), boxes[first ..< first + count]. */
typedef struct {
    int y1, y2, first, count;
} box_band;

/* One drawing, shared by the threads that draw its bands of rows: the boxes' rows are solved
   across the boxes' extents once each, then drawn in every box on the row. */
typedef struct {
    uint32_t *out;
    ptrdiff_t out_stride, source_stride;
    int x, y, width, height, source_width, source_height, alpha, over, upright, bands;
    const uint32_t *source;
    const double *inverse;
    upright_columns columns;
    const kiosk_box *boxes;
    const box_band *rows;
    int row_bands;
} perspective_job;

/* The first band of boxes whose rows end below `row`. */
static int band_at(const perspective_job *job, int row) {
    int lo = 0, hi = job->row_bands;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (job->rows[mid].y2 <= row) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* Output rows [from, to) (absolute), each independent of every other. */
static void draw_rows(const perspective_job *job, int from, int to) {
    const double *inverse = job->inverse;
    int x = job->x, width = job->width;
    const kiosk_perspective_kernels *kernels = kiosk_pixel_table_chosen()->perspective;
    int band = band_at(job, from);
    for (int row = from; row < to; row++) {
        while (band < job->row_bands && job->rows[band].y2 <= row) band++;
        if (band == job->row_bands) return;
        if (job->rows[band].y1 > row) continue;
        row_line u, v, w;
        int first, last;
        row_run(inverse, row + 0.5, x, x + width, job->source_width, job->source_height, &u, &v, &w, &first, &last);
        uint32_t *line = job->out + (ptrdiff_t)row * job->out_stride;
        int shift = !job->upright && first < last ? span_shift(u, v, w, first + 0.5, last - 0.5) : 0;
        const kiosk_box *box = job->boxes + job->rows[band].first;
        for (int k = 0; k < job->rows[band].count; k++, box++) {
            int lo = first > box->x1 ? first : box->x1, hi = last < box->x2 ? last : box->x2;
            if (!job->over) {
                /* SRC leaves nothing behind: off the picture it writes transparent, as pixman does. */
                for (int i = box->x1; i < (lo < hi ? lo : box->x2); i++) line[i] = 0;
                for (int i = lo > hi ? lo : hi; i < box->x2; i++) line[i] = 0;
            }
            if (lo >= hi) continue;
            if (job->upright) {
                kernels->draw_upright_run(line, lo, hi, x, (float)(row + 0.5), job->columns, job->source, job->source_stride,
                                 job->source_width, job->source_height, (uint32_t)job->alpha, job->over);
            } else {
                kernels->draw_run(line, lo, hi, u, v, w, shift, job->source, job->source_stride, job->source_width,
                         job->source_height, (uint32_t)job->alpha, job->over);
            }
        }
    }
}

static void draw_band(void *context, int band) {
    const perspective_job *job = context;
    draw_rows(job, job->y + (int)((long)job->height * band / job->bands), job->y + (int)((long)job->height * (band + 1) / job->bands));
}

/* Rows per band at least: fewer and the per-band overhead shows. */
#define BAND_ROWS 16
/* Bands per thread: more than one, so a thread the scheduler holds back is covered by the others. */
#define BANDS_PER_THREAD 4

/* True when the boxes are non-empty and banded as pixman's regions are (see the header). */
static int banded(const kiosk_box *boxes, int count) {
    for (int i = 0; i < count; i++) {
        if (boxes[i].x1 >= boxes[i].x2 || boxes[i].y1 >= boxes[i].y2) return 0;
        if (i == 0) continue;
        const kiosk_box *before = &boxes[i - 1];
        if (boxes[i].y1 == before->y1 ? boxes[i].y2 != before->y2 || boxes[i].x1 < before->x2 : boxes[i].y1 < before->y2)
            return 0;
    }
    return 1;
}

int kiosk_perspective_boxes_pooled(kiosk_pool *pool, uint32_t *out, ptrdiff_t out_stride, const kiosk_box *boxes, int count,
                                   const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                   const double inverse[9], int alpha, int over) {
    if (source_width <= 0 || source_height <= 0 || source_width > 16384 || source_height > 16384) return -1;
    if (count <= 0 || alpha <= 0) return 0;
    if (!banded(boxes, count)) {
        for (int i = 0; i < count; i++) {
            if (boxes[i].x1 >= boxes[i].x2 || boxes[i].y1 >= boxes[i].y2) continue;
            kiosk_perspective_boxes_pooled(pool, out, out_stride, &boxes[i], 1, source, source_stride, source_width,
                                           source_height, inverse, alpha, over);
        }
        return 0;
    }
    box_band *rows = malloc(sizeof(box_band) * (size_t)count);
    if (!rows) return -1;
    int row_bands = 0, left = boxes[0].x1, right = boxes[0].x2;
    for (int i = 0; i < count; i++) {
        if (boxes[i].x1 < left) left = boxes[i].x1;
        if (boxes[i].x2 > right) right = boxes[i].x2;
        if (row_bands > 0 && rows[row_bands - 1].y1 == boxes[i].y1) {
            rows[row_bands - 1].count++;
        } else {
            rows[row_bands++] = (box_band){boxes[i].y1, boxes[i].y2, i, 1};
        }
    }
    int top = boxes[0].y1, bottom = boxes[count - 1].y2;
    perspective_job job = {
        .out = out, .out_stride = out_stride, .source_stride = source_stride, .x = left, .y = top, .width = right - left,
        .height = bottom - top, .source_width = source_width, .source_height = source_height,
        .alpha = alpha > 255 ? 255 : alpha, .over = over, .source = source, .inverse = inverse,
        .boxes = boxes, .rows = rows, .row_bands = row_bands,
    };
    job.upright = inverse[1] == 0 && inverse[7] == 0 && upright_columns_make(&job.columns, inverse, left, job.width, source_width);
    int threads = kiosk_pool_threads(pool);
    int bands = threads * BANDS_PER_THREAD;
    if (bands > job.height / BAND_ROWS) bands = job.height / BAND_ROWS;
    job.bands = bands < 1 ? 1 : bands;
    /* Whole rows, top to bottom (strips of columns, for the source's cache lines, measured slower). */
    kiosk_pool_run(threads > 1 ? pool : NULL, draw_band, &job, job.bands);
    upright_columns_free(&job.columns);
    free(rows);
    return 0;
}

int kiosk_perspective_rect(uint32_t *out, ptrdiff_t out_stride, int x, int y, int width, int height,
                           const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                           const double inverse[9], int alpha, int over) {
    if (width <= 0 || height <= 0) {
        return source_width <= 0 || source_height <= 0 || source_width > 16384 || source_height > 16384 ? -1 : 0;
    }
    kiosk_box box = {x, y, x + width, y + height};
    return kiosk_perspective_boxes_pooled(NULL, out, out_stride, &box, 1, source, source_stride, source_width, source_height,
                                          inverse, alpha, over);
}
