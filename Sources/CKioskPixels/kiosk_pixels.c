#include "CKioskPixels.h"
#include "kiosk_dispatch.h"

#include <string.h>

/* Byte loops with 16-bit products: compilers turn them into packed multiplies (pmullw / NEON
   vmla) without help. Built for AVX2 as well (KIOSK_TWO_BUILDS); the tables at the end of the
   file say which build each path runs. */

/* The weights of an upscale by `factor`: per output column of a small pixel, in 128ths, and the
   same four at a time across a vector's 16 channels (the clang vector loop's). */
typedef struct {
    int16_t weights[64];
    int16_t lanes[16][16] __attribute__((aligned(32)));
} upscale_weights;

/* One path's loops (see kiosk_dispatch.h). */
struct kiosk_raster_kernels {
    void (*blur_columns)(uint8_t *pixels, ptrdiff_t stride_bytes, int row_bytes, int rows, int radius, uint8_t *copy,
                         uint16_t *sums);
    void (*average_rows)(uint8_t *restrict out, const uint8_t *const *rows, int window, int count, uint16_t *restrict sums);
    void (*downscale_row)(const uint32_t *a, const uint32_t *b, int width, uint32_t *out, int small_width, int factor);
    void (*upscale_row)(const uint32_t *small, int small_width, uint32_t *out, int factor, const upscale_weights *weights);
    void (*mix_row)(uint8_t *restrict out, const uint8_t *restrict first, const uint8_t *restrict second, int bytes, int weight);
    void (*fade_row)(uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                     const uint8_t *restrict bottom, int bytes, int keep, int top_weight, int bottom_weight);
    /* A rectangle copied without the final store fence, so a band of many boxes pays for one. */
    void (*copy_rows)(uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride, int width, int height);
    /* Makes the streaming stores before it visible to whoever reads the output next. */
    void (*fence)(void);
};

static const kiosk_raster_kernels *raster(void) {
    return kiosk_pixel_table_chosen()->raster;
}

/* One vertical box pass over every byte of the rows at once: running sums per byte column, so
   the work runs along rows and vectorises; horizontal passes run on the transposed picture. */
KIOSK_BODY void blur_columns_body(uint8_t *pixels, ptrdiff_t stride_bytes, int row_bytes, int rows, int radius,
                                  uint8_t *copy, uint16_t *sums) {
    for (int y = 0; y < rows; y++) memcpy(copy + (ptrdiff_t)y * row_bytes, pixels + y * stride_bytes, (size_t)row_bytes);
    uint32_t window = (uint32_t)(2 * radius + 1);
    /* Division by the window as a 16-bit multiply keeping the high half (pmulhuw / vqdmulh). */
    uint32_t reciprocal = (65536u + window - 1) / window;
    uint16_t half = (uint16_t)(window / 2);
    for (int i = 0; i < row_bytes; i++) sums[i] = 0;
    for (int k = -radius; k <= radius; k++) {
        const uint8_t *row = copy + (ptrdiff_t)(k < 0 ? 0 : (k >= rows ? rows - 1 : k)) * row_bytes;
        for (int i = 0; i < row_bytes; i++) sums[i] = (uint16_t)(sums[i] + row[i]);
    }
    for (int y = 0; y < rows; y++) {
        uint8_t *out = pixels + y * stride_bytes;
        int add = y + radius + 1, sub = y - radius;
        const uint8_t *in = copy + (ptrdiff_t)(add >= rows ? rows - 1 : add) * row_bytes;
        const uint8_t *gone = copy + (ptrdiff_t)(sub < 0 ? 0 : sub) * row_bytes;
        for (int i = 0; i < row_bytes; i++) {
            out[i] = (uint8_t)(((uint32_t)(uint16_t)(sums[i] + half) * reciprocal) >> 16);
            sums[i] = (uint16_t)(sums[i] + in[i] - gone[i]);
        }
    }
}

KIOSK_TWO_BUILDS(blur_columns, (uint8_t *pixels, ptrdiff_t stride_bytes, int row_bytes, int rows, int radius,
                                 uint8_t *copy, uint16_t *sums), (pixels, stride_bytes, row_bytes, rows, radius, copy, sums))

static void transpose(const uint32_t *source, ptrdiff_t source_stride, int width, int height, uint32_t *target) {
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) target[(ptrdiff_t)x * height + y] = source[y * source_stride + x];
    }
}

/* out[i] = the rounded mean of rows[0][i] ... rows[window - 1][i]: the sums kept in 16 bits, the
   division a 16-bit multiply keeping the high half, with `reciprocal` 65536 / window rounded up
   (it fits 16 bits for any window of 3 or more). */
static void average_rows_portable(uint8_t *restrict out, const uint8_t *const *rows, int window, int count,
                                  uint16_t *restrict sums) {
    uint16_t reciprocal = (uint16_t)((65536u + (unsigned)window - 1) / (unsigned)window), half = (uint16_t)(window / 2);
    for (int i = 0; i < count; i++) sums[i] = rows[0][i];
    for (int k = 1; k < window; k++) {
        const uint8_t *restrict row = rows[k];
        for (int i = 0; i < count; i++) sums[i] = (uint16_t)(sums[i] + row[i]);
    }
    for (int i = 0; i < count; i++) out[i] = (uint8_t)(((uint32_t)(uint16_t)(sums[i] + half) * reciprocal) >> 16);
}

#if defined(KIOSK_HAVE_AVX2_PATH)
/* The same in one pass with no sums in memory; compilers widen the portable division to 32-bit
   multiplies, where vpmulhuw does it in 16 bits. */
__attribute__((target("avx2")))
static void average_rows_avx2(uint8_t *restrict out, const uint8_t *const *rows, int window, int count,
                              uint16_t *restrict sums) {
    uint16_t reciprocal = (uint16_t)((65536u + (unsigned)window - 1) / (unsigned)window), half = (uint16_t)(window / 2);
    const __m256i halves = _mm256_set1_epi16((int16_t)half), factor = _mm256_set1_epi16((int16_t)reciprocal);
    int i = 0;
    for (; i + 32 <= count; i += 32) {
        __m256i low = halves, high = halves;
        for (int k = 0; k < window; k++) {
            low = _mm256_add_epi16(low, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(rows[k] + i))));
            high = _mm256_add_epi16(high, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(rows[k] + i + 16))));
        }
        low = _mm256_mulhi_epu16(low, factor);
        high = _mm256_mulhi_epu16(high, factor);
        /* packus works within 128-bit lanes; the permute puts the four quarters back in order. */
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_permute4x64_epi64(_mm256_packus_epi16(low, high), 0xD8));
    }
    if (i < count) {
        const uint8_t *rest[9];
        for (int k = 0; k < window; k++) rest[k] = rows[k] + i;
        average_rows_portable(out + i, rest, window, count - i, sums);
    }
}
/* The same, 32 bytes per 512-bit register, narrowed back to bytes by vpmovwb. */
__attribute__((target("avx512bw")))
static void average_rows_avx512(uint8_t *restrict out, const uint8_t *const *rows, int window, int count,
                                uint16_t *restrict sums) {
    uint16_t reciprocal = (uint16_t)((65536u + (unsigned)window - 1) / (unsigned)window), half = (uint16_t)(window / 2);
    const __m512i halves = _mm512_set1_epi16((int16_t)half), factor = _mm512_set1_epi16((int16_t)reciprocal);
    int i = 0;
    for (; i + 64 <= count; i += 64) {
        __m512i low = halves, high = halves;
        for (int k = 0; k < window; k++) {
            low = _mm512_add_epi16(low, _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(rows[k] + i))));
            high = _mm512_add_epi16(high, _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(rows[k] + i + 32))));
        }
        _mm256_storeu_si256((__m256i *)(out + i), _mm512_cvtepi16_epi8(_mm512_mulhi_epu16(low, factor)));
        _mm256_storeu_si256((__m256i *)(out + i + 32), _mm512_cvtepi16_epi8(_mm512_mulhi_epu16(high, factor)));
    }
    if (i < count) {
        const uint8_t *rest[9];
        for (int k = 0; k < window; k++) rest[k] = rows[k] + i;
        average_rows_avx2(out + i, rest, window, count - i, sums);
    }
}
#endif

/* One vertical box pass for small radii (at most 4), `source` to `target` (separate buffers):
   each output row averages its 2r + 1 neighbours (edges repeated) directly, which beats running
   sums when r is small. */
static void box_columns_direct(const kiosk_raster_kernels *kernels, const uint32_t *source, ptrdiff_t source_stride, uint32_t *target,
                               ptrdiff_t target_stride, int width, int height, int radius, uint16_t *sums) {
    const uint8_t *rows[9];
    for (int y = 0; y < height; y++) {
        for (int k = -radius; k <= radius; k++) {
            int row = y + k < 0 ? 0 : (y + k >= height ? height - 1 : y + k);
            rows[k + radius] = (const uint8_t *)(source + row * source_stride);
        }
        kernels->average_rows((uint8_t *)(target + y * target_stride), rows, 2 * radius + 1, width * 4, sums);
    }
}

/* The horizontal pass to match: each row is copied with `radius` repeated pixels either side, so
   the window's pixels are plain offsets into the copy. */
static void box_rows_direct(const kiosk_raster_kernels *kernels, const uint32_t *source, ptrdiff_t source_stride, uint32_t *target,
                            ptrdiff_t target_stride, int width, int height, int radius, uint16_t *sums, uint32_t *padded) {
    const uint8_t *rows[9];
    for (int k = 0; k <= 2 * radius; k++) rows[k] = (const uint8_t *)(padded + k);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = source + y * source_stride;
        for (int x = 0; x < radius; x++) {
            padded[x] = row[0];
            padded[radius + width + x] = row[width - 1];
        }
        memcpy(padded + radius, row, (size_t)width * 4);
        kernels->average_rows((uint8_t *)(target + y * target_stride), rows, 2 * radius + 1, width * 4, sums);
    }
}

void kiosk_box_blur(uint32_t *pixels, int width, int height, ptrdiff_t stride, int radius, int passes,
                    uint32_t *scratch) {
    if (radius <= 0 || radius > 120 || width <= 0 || height <= 0) return;
    const kiosk_raster_kernels *kernels = raster();
    size_t area = (size_t)width * (size_t)height;
    if (radius <= 4 && (size_t)width + 2 * (size_t)radius <= area) {
        /* Passes ping-pong between the picture and a copy in the scratch buffer. */
        uint32_t *copy = scratch;
        uint16_t *sums = (uint16_t *)(scratch + area);
        uint32_t *padded = scratch + area + 2 * (size_t)(width > height ? width : height);
        int in_copy = 0;
        for (int pass = 0; pass < 2 * passes; pass++) {
            const uint32_t *from = in_copy ? copy : pixels;
            uint32_t *to = in_copy ? pixels : copy;
            ptrdiff_t from_stride = in_copy ? width : stride, to_stride = in_copy ? stride : width;
            if (pass < passes) {
                box_columns_direct(kernels, from, from_stride, to, to_stride, width, height, radius, sums);
            } else {
                box_rows_direct(kernels, from, from_stride, to, to_stride, width, height, radius, sums, padded);
            }
            in_copy = !in_copy;
        }
        /* An even number of passes always ends back in the picture. */
        return;
    }
    uint32_t *turned = scratch;
    uint8_t *copy = (uint8_t *)(scratch + area);
    uint16_t *sums = (uint16_t *)(scratch + 2 * area);
    for (int pass = 0; pass < passes; pass++) {
        kernels->blur_columns((uint8_t *)pixels, stride * 4, width * 4, height, radius, copy, sums);
    }
    transpose(pixels, stride, width, height, turned);
    for (int pass = 0; pass < passes; pass++) {
        kernels->blur_columns((uint8_t *)turned, (ptrdiff_t)height * 4, height * 4, width, radius, copy, sums);
    }
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) pixels[y * stride + x] = turned[(ptrdiff_t)x * height + y];
    }
}

/* The rounded mean of two neighbouring pixels in each of two rows, per channel. */
static inline uint32_t mean_of_four(const uint32_t *a, const uint32_t *b, int c0, int c1) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t sum = (a[c0] >> shift & 0xFF) + (a[c1] >> shift & 0xFF) + (b[c0] >> shift & 0xFF) + (b[c1] >> shift & 0xFF);
        result |= ((sum + 2) >> 2) << shift;
    }
    return result;
}

/* One row of the downscale from small pixel `x` on, in portable C. */
static void downscale_row_from(const uint32_t *a, const uint32_t *b, int width, uint32_t *out, int small_width, int factor, int x) {
    for (; x < small_width; x++) {
        int c0 = factor * x + factor / 2 - 1, c1 = c0 + 1;
        if (c0 > width - 1) c0 = width - 1;
        if (c1 > width - 1) c1 = width - 1;
        out[x] = mean_of_four(a, b, c0, c1);
    }
}

static void downscale_row_portable(const uint32_t *a, const uint32_t *b, int width, uint32_t *out, int small_width, int factor) {
    downscale_row_from(a, b, width, out, small_width, factor, 0);
}

#if defined(KIOSK_HAVE_AVX2_PATH)
/* Two small pixels per step: both pixel pairs of a row in one register, widened to 16 bits. */
__attribute__((target("avx2")))
static void downscale_row_avx2(const uint32_t *a, const uint32_t *b, int width, uint32_t *out, int small_width, int factor) {
    const __m128i two = _mm_set1_epi16(2);
    int x = 0;
    for (; x + 1 < small_width && factor * (x + 1) + factor / 2 < width; x += 2) {
        int c = factor * x + factor / 2 - 1, d = c + factor;
        __m128i top = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(a + c)), _mm_loadl_epi64((const __m128i *)(a + d)));
        __m128i bottom = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(b + c)), _mm_loadl_epi64((const __m128i *)(b + d)));
        __m128i first = _mm_add_epi16(_mm_cvtepu8_epi16(top), _mm_cvtepu8_epi16(bottom));
        __m128i second = _mm_add_epi16(_mm_cvtepu8_epi16(_mm_srli_si128(top, 8)), _mm_cvtepu8_epi16(_mm_srli_si128(bottom, 8)));
        __m128i sums = _mm_add_epi16(_mm_unpacklo_epi64(first, second), _mm_unpackhi_epi64(first, second));
        __m128i means = _mm_srli_epi16(_mm_add_epi16(sums, two), 2);
        _mm_storel_epi64((__m128i *)(out + x), _mm_packus_epi16(means, means));
    }
    downscale_row_from(a, b, width, out, small_width, factor, x);
}
#endif

void kiosk_downscale_even(const uint32_t *source, ptrdiff_t source_stride, int width, int height,
                          uint32_t *small, ptrdiff_t small_stride, int small_width, int small_height, int factor) {
    if (factor < 2 || factor % 2 != 0 || width <= 0 || height <= 0) return;
    const kiosk_raster_kernels *kernels = raster();
    for (int y = 0; y < small_height; y++) {
        int r0 = factor * y + factor / 2 - 1, r1 = r0 + 1;
        if (r0 > height - 1) r0 = height - 1;
        if (r1 > height - 1) r1 = height - 1;
        const uint32_t *a = source + r0 * source_stride, *b = source + r1 * source_stride;
        kernels->downscale_row(a, b, width, small + y * small_stride, small_width, factor);
    }
}

/* One row of the horizontal upscale, from the first small pixel's centre to the last one's:
   each small pixel blends towards the next over `factor` columns, weights in 128ths. */
static void upscale_row_scalar(const uint8_t *s, int small_width, uint8_t *o, int factor, const int16_t *weights) {
    for (int j = 0; j + 1 < small_width; j++) {
        for (int m = 0; m < factor; m++) {
            for (int c = 0; c < 4; c++) {
                int p = s[4 * j + c], q = s[4 * j + 4 + c];
                o[4 * (j * factor + m) + c] = (uint8_t)(p + (((q - p) * weights[m]) >> 7));
            }
        }
    }
}

#if defined(__clang__)
typedef int16_t kiosk_i16x16 __attribute__((vector_size(32)));
typedef int16_t kiosk_i16x4 __attribute__((vector_size(8)));
typedef uint8_t kiosk_u8x16 __attribute__((vector_size(16)));
typedef uint8_t kiosk_u8x4 __attribute__((vector_size(4)));

/* The same, four output pixels (16 channels) per vector operation; `factor` a multiple of 4. */
KIOSK_BODY void upscale_row_vector_body(const uint8_t *s, int small_width, uint8_t *o, int factor,
                                       const kiosk_i16x16 *lane_weights) {
    for (int j = 0; j + 1 < small_width; j++) {
        kiosk_u8x4 p8, q8;
        memcpy(&p8, s + 4 * j, 4);
        memcpy(&q8, s + 4 * j + 4, 4);
        kiosk_i16x4 p4 = __builtin_convertvector(p8, kiosk_i16x4);
        kiosk_i16x4 d4 = __builtin_convertvector(q8, kiosk_i16x4) - p4;
        kiosk_i16x16 p = __builtin_shufflevector(p4, p4, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
        kiosk_i16x16 d = __builtin_shufflevector(d4, d4, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3);
        for (int m = 0; m < factor; m += 4) {
            kiosk_u8x16 bytes = __builtin_convertvector(p + ((d * lane_weights[m / 4]) >> 7), kiosk_u8x16);
            memcpy(o + 4 * (j * factor + m), &bytes, 16);
        }
    }
}
KIOSK_TWO_BUILDS(upscale_row_vector, (const uint8_t *s, int small_width, uint8_t *o, int factor, const kiosk_i16x16 *lane_weights),
                 (s, small_width, o, factor, lane_weights))
#endif

static void upscale_row_portable(const uint32_t *s, int small_width, uint32_t *o, int factor, const upscale_weights *w) {
    upscale_row_scalar((const uint8_t *)s, small_width, (uint8_t *)o, factor, w->weights);
}

#if defined(KIOSK_HAVE_VECTOR_PATH)
/* The vector loop where the factor fills whole vectors, built for any CPU of the architecture (NEON, SSE2). */
static void upscale_row_baseline_vector(const uint32_t *s, int small_width, uint32_t *o, int factor, const upscale_weights *w) {
    if (factor % 4 == 0) {
        upscale_row_vector_for_any_cpu((const uint8_t *)s, small_width, (uint8_t *)o, factor, (const kiosk_i16x16 *)w->lanes);
    } else {
        upscale_row_portable(s, small_width, o, factor, w);
    }
}
#endif

#if defined(KIOSK_HAVE_AVX2_PATH)
/* The vector loop built for AVX2 (clang); a GCC build has only the scalar one. */
static void upscale_row_avx2(const uint32_t *s, int small_width, uint32_t *o, int factor, const upscale_weights *w) {
#if defined(__clang__)
    if (factor % 4 == 0) {
        upscale_row_vector_for_avx2((const uint8_t *)s, small_width, (uint8_t *)o, factor, (const kiosk_i16x16 *)w->lanes);
        return;
    }
#endif
    upscale_row_portable(s, small_width, o, factor, w);
}
#endif

#if defined(KIOSK_HAVE_AVX2_PATH)
/* Factor 8 with AVX-512BW: one small pixel's eight output pixels per register, its channels
   widened to 16 bits and repeated eight times, so each pixel is a few whole-register operations. */
__attribute__((target("avx512bw")))
static void upscale_row_by_8_avx512(const uint32_t *s, int small_width, uint32_t *o, const int16_t *weights) {
    int16_t lanes[32];
    for (int lane = 0; lane < 32; lane++) lanes[lane] = weights[lane >> 2];
    const __m512i lane_weights = _mm512_loadu_si512((const void *)lanes);
    __m512i p = _mm512_cvtepu8_epi16(_mm256_set1_epi32((int)s[0]));
    for (int j = 0; j + 1 < small_width; j++) {
        __m512i q = _mm512_cvtepu8_epi16(_mm256_set1_epi32((int)s[j + 1]));
        __m512i mixed = _mm512_add_epi16(p, _mm512_srai_epi16(_mm512_mullo_epi16(_mm512_sub_epi16(q, p), lane_weights), 7));
        _mm256_storeu_si256((__m256i *)(o + 8 * j), _mm512_cvtepi16_epi8(mixed));
        p = q;
    }
}

static void upscale_row_avx512(const uint32_t *s, int small_width, uint32_t *o, int factor, const upscale_weights *w) {
    if (factor == 8) {
        upscale_row_by_8_avx512(s, small_width, o, w->weights);
    } else {
        upscale_row_avx2(s, small_width, o, factor, w);
    }
}
#endif

void kiosk_upscale_rows(const uint32_t *small, ptrdiff_t small_stride, int small_width, int rows,
                        uint32_t *wide, ptrdiff_t wide_stride, int factor) {
    if (factor < 1 || factor > 64 || small_width <= 0) return;
    /* Output column x samples small column (x + 0.5) / factor - 0.5, so the first factor / 2
       columns repeat the first pixel, as do the columns past the last centre. */
    upscale_weights w;
    for (int m = 0; m < factor; m++) w.weights[m] = (int16_t)(((2 * m + 1) * 128 + factor) / (2 * factor));
    for (int m = 0; m + 3 < factor; m += 4) {
        for (int lane = 0; lane < 16; lane++) w.lanes[m / 4][lane] = w.weights[m + (lane >> 2)];
    }
    const kiosk_raster_kernels *kernels = raster();
    int lead = factor / 2;
    for (int r = 0; r < rows; r++) {
        const uint32_t *source = small + r * small_stride;
        uint32_t *row = wide + r * wide_stride;
        for (int x = 0; x < lead; x++) row[x] = source[0];
        kernels->upscale_row(source, small_width, row + lead, factor, &w);
        for (int x = lead + (small_width - 1) * factor; x < small_width * factor; x++) row[x] = source[small_width - 1];
    }
}

/* out = (first x (128 - weight) + second x weight) / 128 per byte, rounded. */
static void mix_row_portable(uint8_t *restrict out, const uint8_t *restrict first, const uint8_t *restrict second,
                             int bytes, int weight) {
    uint16_t keep = (uint16_t)(128 - weight), take = (uint16_t)weight;
    for (int i = 0; i < bytes; i++) out[i] = (uint8_t)((uint16_t)(first[i] * keep + second[i] * take + 64) >> 7);
}

#if defined(KIOSK_HAVE_AVX2_PATH)

/* Bytes from `p` to the next 64-byte cache line boundary (0 on one): the part of a row before
   the first whole line, which streaming stores leave to ordinary ones. */
static inline int bytes_to_cache_line(const void *p) {
    return (int)((64 - ((uintptr_t)p & 63)) & 63);
}

/* The same with AVX2: bytes of both inputs interleaved, then one multiply-add (vpmaddubsw)
   per 16 channels gives first x keep + second x take; weights fit a signed byte below 128. */
__attribute__((target("avx2"))) static inline __m256i mix32(const uint8_t *first, const uint8_t *second, int i, __m256i weights) {
    const __m256i half = _mm256_set1_epi16(64);
    __m256i a = _mm256_loadu_si256((const __m256i *)(first + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(second + i));
    __m256i low = _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), weights);
    __m256i high = _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), weights);
    low = _mm256_srli_epi16(_mm256_add_epi16(low, half), 7);
    high = _mm256_srli_epi16(_mm256_add_epi16(high, half), 7);
    return _mm256_packus_epi16(low, high);
}

static inline uint8_t mix_byte(uint8_t first, uint8_t second, int weight) {
    return (uint8_t)((first * (128 - weight) + second * weight + 64) >> 7);
}

__attribute__((target("avx2")))
static void mix_row_avx2(uint8_t *restrict out, const uint8_t *restrict first, const uint8_t *restrict second,
                         int bytes, int weight) {
    int i = 0;
    while (i < bytes && ((uintptr_t)(out + i) & 31) != 0) {
        out[i] = mix_byte(first[i], second[i], weight);
        i++;
    }
    const __m256i weights = _mm256_set1_epi16((int16_t)((weight << 8) | (128 - weight)));
    for (; i + 32 <= bytes; i += 32) _mm256_store_si256((__m256i *)(out + i), mix32(first, second, i, weights));
    for (; i < bytes; i++) out[i] = mix_byte(first[i], second[i], weight);
}

/* Whole cache lines streamed, as fade_row_avx2 does; a line the row covers in part gets ordinary stores. */
__attribute__((target("avx2")))
static void mix_row_streaming_avx2(uint8_t *restrict out, const uint8_t *restrict first, const uint8_t *restrict second,
                                   int bytes, int weight) {
    const __m256i weights = _mm256_set1_epi16((int16_t)((weight << 8) | (128 - weight)));
    int head = bytes_to_cache_line(out), i = 0;
    if (bytes >= head + 64) {
        for (; i + 32 <= head; i += 32) _mm256_storeu_si256((__m256i *)(out + i), mix32(first, second, i, weights));
        for (; i < head; i++) out[i] = mix_byte(first[i], second[i], weight);
        for (; i + 64 <= bytes; i += 64) {
            _mm256_stream_si256((__m256i *)(out + i), mix32(first, second, i, weights));
            _mm256_stream_si256((__m256i *)(out + i + 32), mix32(first, second, i + 32, weights));
        }
    }
    for (; i + 32 <= bytes; i += 32) _mm256_storeu_si256((__m256i *)(out + i), mix32(first, second, i, weights));
    for (; i < bytes; i++) out[i] = mix_byte(first[i], second[i], weight);
}
#endif

void kiosk_mix_row(uint32_t *out, const uint32_t *first, const uint32_t *second, int count, int weight) {
    if (count <= 0) return;
    if (weight <= 0) {
        if (out != first) memcpy(out, first, (size_t)count * 4);
        return;
    }
    if (weight >= 128) {
        if (out != second) memcpy(out, second, (size_t)count * 4);
        return;
    }
    raster()->mix_row((uint8_t *)out, (const uint8_t *)first, (const uint8_t *)second, count * 4, weight);
}


void kiosk_upscale_columns(const uint32_t *wide, ptrdiff_t wide_stride, int wide_rows, int factor,
                           uint32_t *full, ptrdiff_t full_stride, int width, int height) {
    if (wide_rows <= 0 || factor < 1) return;
    for (int y = 0; y < height; y++) {
        /* Row y samples wide row (y + 0.5) / factor - 0.5, in 128ths. */
        int position = ((2 * y + 1) * 64) / factor - 64;
        int row = position < 0 ? 0 : position >> 7, fraction = position < 0 ? 0 : position & 127;
        int next = row + 1;
        if (row >= wide_rows - 1) { row = wide_rows - 1; next = row; fraction = 0; }
        kiosk_mix_row(full + y * full_stride, wide + row * wide_stride, wide + next * wide_stride, width, fraction);
    }
}

/* The fused fade, per byte: camera x keep + top x top_weight + bottom x bottom_weight, in 128ths. */
static inline uint8_t fade_byte(uint8_t camera, uint8_t top, uint8_t bottom, uint16_t keep, uint16_t top_weight,
                                uint16_t bottom_weight) {
    return (uint8_t)((uint16_t)(camera * keep + top * top_weight + bottom * bottom_weight + 64) >> 7);
}

/* Portable: a byte loop with 16-bit products, which compilers vectorise for SSE2 or NEON. */
KIOSK_BODY void fade_row_body(uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                              const uint8_t *restrict bottom, int bytes, uint16_t keep, uint16_t top_weight,
                              uint16_t bottom_weight) {
    for (int i = 0; i < bytes; i++) out[i] = fade_byte(camera[i], top[i], bottom[i], keep, top_weight, bottom_weight);
}
KIOSK_TWO_BUILDS(fade_row, (uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                            const uint8_t *restrict bottom, int bytes, uint16_t keep, uint16_t top_weight, uint16_t bottom_weight),
                 (out, camera, top, bottom, bytes, keep, top_weight, bottom_weight))

static void fade_row_portable(uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                              const uint8_t *restrict bottom, int bytes, int keep, int top_weight, int bottom_weight) {
    fade_row_for_any_cpu(out, camera, top, bottom, bytes, (uint16_t)keep, (uint16_t)top_weight, (uint16_t)bottom_weight);
}

#if defined(KIOSK_HAVE_AVX2_PATH)

/* With vpmaddubsw: camera and top-row bytes interleaved against (keep, top weight), bottom-row
   bytes against (bottom weight, 0); every weight below 128 so it fits a signed byte. `pair` and
   `single` hold those weights; the 32 bytes from offset i. */
__attribute__((target("avx2"))) static inline __m256i fade32(const uint8_t *camera, const uint8_t *top, const uint8_t *bottom,
                                                             int i, __m256i pair, __m256i single) {
    /* vpmulhrsw by 256 is (x * 256 + 2^14) >> 15 = (x + 64) >> 7: the rounded division in one step. */
    const __m256i scale = _mm256_set1_epi16(256), zero = _mm256_setzero_si256();
    __m256i c = _mm256_loadu_si256((const __m256i *)(camera + i));
    __m256i t = _mm256_loadu_si256((const __m256i *)(top + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(bottom + i));
    __m256i low = _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_unpacklo_epi8(c, t), pair),
                                   _mm256_maddubs_epi16(_mm256_unpacklo_epi8(b, zero), single));
    __m256i high = _mm256_add_epi16(_mm256_maddubs_epi16(_mm256_unpackhi_epi8(c, t), pair),
                                    _mm256_maddubs_epi16(_mm256_unpackhi_epi8(b, zero), single));
    return _mm256_packus_epi16(_mm256_mulhrs_epi16(low, scale), _mm256_mulhrs_epi16(high, scale));
}

/* The row 32 bytes at a time. Whole cache lines of the output are stored past the cache (the
   frame is written once and not read back; the caller fences); a line the row covers only in
   part (the rest is another rectangle's or layer's) gets ordinary stores, since streaming part
   of a line costs a partial write-back. */
__attribute__((target("avx2")))
static void fade_row_avx2(uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                          const uint8_t *restrict bottom, int bytes, int keep, int top_weight, int bottom_weight) {
    const __m256i pair = _mm256_set1_epi16((int16_t)((top_weight << 8) | keep));
    const __m256i single = _mm256_set1_epi16((int16_t)bottom_weight);
    int head = bytes_to_cache_line(out), i = 0;
    if (bytes >= head + 64) {
        for (; i + 32 <= head; i += 32) _mm256_storeu_si256((__m256i *)(out + i), fade32(camera, top, bottom, i, pair, single));
        for (; i < head; i++) out[i] = fade_byte(camera[i], top[i], bottom[i], (uint16_t)keep, (uint16_t)top_weight, (uint16_t)bottom_weight);
        for (; i + 64 <= bytes; i += 64) {
            _mm256_stream_si256((__m256i *)(out + i), fade32(camera, top, bottom, i, pair, single));
            _mm256_stream_si256((__m256i *)(out + i + 32), fade32(camera, top, bottom, i + 32, pair, single));
        }
    }
    for (; i + 32 <= bytes; i += 32) _mm256_storeu_si256((__m256i *)(out + i), fade32(camera, top, bottom, i, pair, single));
    for (; i < bytes; i++) out[i] = fade_byte(camera[i], top[i], bottom[i], (uint16_t)keep, (uint16_t)top_weight, (uint16_t)bottom_weight);
}

/* vpmaddubsw takes weights below 128 only: a fade all camera or all blur runs the plain loop built for AVX2. */
static void fade_row_avx2_any_weights(uint8_t *restrict out, const uint8_t *restrict camera, const uint8_t *restrict top,
                                      const uint8_t *restrict bottom, int bytes, int keep, int top_weight, int bottom_weight) {
    if (keep < 128 && top_weight < 128) {
        fade_row_avx2(out, camera, top, bottom, bytes, keep, top_weight, bottom_weight);
    } else {
        fade_row_for_avx2(out, camera, top, bottom, bytes, (uint16_t)keep, (uint16_t)top_weight, (uint16_t)bottom_weight);
    }
}
#endif

void kiosk_fade_rect(uint32_t *out, ptrdiff_t out_stride, const uint32_t *camera, ptrdiff_t camera_stride,
                     const uint32_t *wide, ptrdiff_t wide_stride, int wide_rows, int factor,
                     int x, int y, int width, int height, int alpha) {
    if (width <= 0 || height <= 0 || wide_rows <= 0 || factor < 1) return;
    if (alpha < 0) alpha = 0;
    if (alpha > 128) alpha = 128;
    /* No AVX-512 loop: on this bench's CPU (which splits 512-bit work in two) the AVX2 loop was the
       faster, 2.2-2.6 against 2.4-2.8 times the memcpy, measured side by side in one process. */
    const kiosk_raster_kernels *kernels = raster();
    for (int r = 0; r < height; r++) {
        /* Row y samples wide row (y + 0.5) / factor - 0.5, in 128ths. */
        int position = ((2 * (y + r) + 1) * 64) / factor - 64;
        int row = position < 0 ? 0 : position >> 7, fraction = position < 0 ? 0 : position & 127;
        int next = row + 1;
        if (row >= wide_rows - 1) { row = wide_rows - 1; next = row; fraction = 0; }
        int bottom_weight = (alpha * fraction + 64) >> 7, top_weight = alpha - bottom_weight, keep = 128 - alpha;
        uint8_t *o = (uint8_t *)(out + r * out_stride);
        const uint8_t *c = (const uint8_t *)(camera + r * camera_stride);
        const uint8_t *t = (const uint8_t *)(wide + row * wide_stride + x);
        const uint8_t *b = (const uint8_t *)(wide + next * wide_stride + x);
        kernels->fade_row(o, c, t, b, width * 4, keep, top_weight, bottom_weight);
    }
    /* One fence for the whole rectangle: a fence after every row stalled each row until the last
       one's stores had drained (2.7 against 2.5 times the memcpy, side by side in one process). */
    kernels->fence();
}

#if defined(KIOSK_HAVE_AVX2_PATH)
__attribute__((target("avx2")))
static void copy_row_streaming(uint32_t *restrict out, const uint32_t *restrict source, int width) {
    /* Streaming stores only for whole cache lines: a line they write in part (a box's ends, which
       the neighbouring box or a perspective draw writes the rest of) costs a partial write-back. */
    int head = bytes_to_cache_line(out) / 4;
    if (width < head + 16) {
        memcpy(out, source, (size_t)width * 4);
        return;
    }
    memcpy(out, source, (size_t)head * 4);
    int i = head;
    for (; i + 16 <= width; i += 16) {
        _mm256_stream_si256((__m256i *)(out + i), _mm256_loadu_si256((const __m256i *)(source + i)));
        _mm256_stream_si256((__m256i *)(out + i + 8), _mm256_loadu_si256((const __m256i *)(source + i + 8)));
    }
    memcpy(out + i, source + i, (size_t)(width - i) * 4);
}
#endif

#if defined(KIOSK_HAVE_AVX2_PATH)
void kiosk_mix_row_streaming_avx2(uint32_t *out, const uint32_t *first, const uint32_t *second, int count, int weight) {
    if (count <= 0) return;
    if (weight <= 0 || weight >= 128) {
        copy_row_streaming(out, weight <= 0 ? first : second, count);
        return;
    }
    mix_row_streaming_avx2((uint8_t *)out, (const uint8_t *)first, (const uint8_t *)second, count * 4, weight);
}
#endif

static void copy_rows_portable(uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride, int width, int height) {
    for (int r = 0; r < height; r++) memcpy(out + r * out_stride, source + r * source_stride, (size_t)width * 4);
}

/* Plain stores need no fence. */
static void fence_nothing(void) {}

#if defined(KIOSK_HAVE_AVX2_PATH)
static void copy_rows_streaming(uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride, int width, int height) {
    for (int r = 0; r < height; r++) copy_row_streaming(out + r * out_stride, source + r * source_stride, width);
}

static void fence_streaming_stores(void) {
    _mm_sfence();
}
#endif

void kiosk_copy_rect(uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride,
                     int width, int height) {
    if (width <= 0 || height <= 0) return;
    const kiosk_raster_kernels *kernels = raster();
    kernels->copy_rows(out, out_stride, source, source_stride, width, height);
    kernels->fence();
}

/* One band of rows of a pooled copy: the part of every box in it. */
typedef struct {
    uint32_t *out;
    const uint32_t *source;
    ptrdiff_t out_stride, source_stride;
    int offset_x, offset_y;
    const kiosk_box *boxes;
    int count, top, height, bands;
} copy_job;

static void copy_band(void *context, int band) {
    const copy_job *job = context;
    const kiosk_raster_kernels *kernels = raster();
    int from = job->top + (int)((long)job->height * band / job->bands);
    int to = job->top + (int)((long)job->height * (band + 1) / job->bands);
    for (int k = 0; k < job->count; k++) {
        const kiosk_box *box = &job->boxes[k];
        int y1 = box->y1 > from ? box->y1 : from, y2 = box->y2 < to ? box->y2 : to;
        if (y1 >= y2 || box->x1 >= box->x2) continue;
        kernels->copy_rows(job->out + (ptrdiff_t)y1 * job->out_stride + box->x1, job->out_stride,
                  job->source + (ptrdiff_t)(y1 - job->offset_y) * job->source_stride + (box->x1 - job->offset_x), job->source_stride,
                  box->x2 - box->x1, y2 - y1);
    }
    kernels->fence();
}

/* Copies below this many pixels in all are done by the caller alone: sharing them costs more than it saves. */
#define POOLED_COPY_PIXELS (64 * 1024)

void kiosk_copy_boxes_pooled(kiosk_pool *pool, uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride,
                             int offset_x, int offset_y, const kiosk_box *boxes, int count) {
    long area = 0;
    int top = 0, bottom = 0;
    for (int k = 0; k < count; k++) {
        if (boxes[k].x1 >= boxes[k].x2 || boxes[k].y1 >= boxes[k].y2) continue;
        if (area == 0 || boxes[k].y1 < top) top = boxes[k].y1;
        if (area == 0 || boxes[k].y2 > bottom) bottom = boxes[k].y2;
        area += (long)(boxes[k].x2 - boxes[k].x1) * (boxes[k].y2 - boxes[k].y1);
    }
    if (area == 0) return;
    int threads = kiosk_pool_threads(pool);
    int bands = threads < 2 || area < POOLED_COPY_PIXELS ? 1 : threads * 2;
    if (bands > bottom - top) bands = bottom - top;
    copy_job job = {out, source, out_stride, source_stride, offset_x, offset_y, boxes, count, top, bottom - top, bands};
    kiosk_pool_run(bands > 1 ? pool : NULL, copy_band, &job, bands);
}

/* The paths' loops: what differs from one path to the next is only which build each entry takes. */
const kiosk_raster_kernels kiosk_raster_portable = {
    .blur_columns = blur_columns_for_any_cpu, .average_rows = average_rows_portable, .downscale_row = downscale_row_portable,
    .upscale_row = upscale_row_portable, .mix_row = mix_row_portable, .fade_row = fade_row_portable,
    .copy_rows = copy_rows_portable, .fence = fence_nothing,
};
#if defined(KIOSK_HAVE_VECTOR_PATH)
const kiosk_raster_kernels kiosk_raster_vector = {
    .blur_columns = blur_columns_for_any_cpu, .average_rows = average_rows_portable, .downscale_row = downscale_row_portable,
    .upscale_row = upscale_row_baseline_vector, .mix_row = mix_row_portable, .fade_row = fade_row_portable,
    .copy_rows = copy_rows_portable, .fence = fence_nothing,
};
#endif
#if defined(KIOSK_HAVE_AVX2_PATH)
const kiosk_raster_kernels kiosk_raster_avx2 = {
    .blur_columns = blur_columns_for_avx2, .average_rows = average_rows_avx2, .downscale_row = downscale_row_avx2,
    .upscale_row = upscale_row_avx2, .mix_row = mix_row_avx2, .fade_row = fade_row_avx2_any_weights,
    .copy_rows = copy_rows_streaming, .fence = fence_streaming_stores,
};
const kiosk_raster_kernels kiosk_raster_avx512 = {
    .blur_columns = blur_columns_for_avx2, .average_rows = average_rows_avx512, .downscale_row = downscale_row_avx2,
    .upscale_row = upscale_row_avx512, .mix_row = mix_row_avx2, .fade_row = fade_row_avx2_any_weights,
    .copy_rows = copy_rows_streaming, .fence = fence_streaming_stores,
};
#endif
