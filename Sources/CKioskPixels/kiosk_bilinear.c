#include "CKioskPixels.h"
#include "kiosk_dispatch.h"

#include <stdlib.h>
#include <string.h>

/* An enlarging bilinear scale done as two passes per output row: each source row the output needs
   is filtered across once into a row buffer (the table below says, per output column, which two
   source pixels it mixes and by how much), then the output row mixes two such rows
   (kiosk_mix_row_streaming_avx2: the frame is read by the compositor after other work, so its
   stores go past the cache and do not first read each line in). Both passes are AVX2 whatever
   the compositor's table: the caller uses this scale only where libyuv runs its SIMD rows, so
   the feed's conversion follows libyuv's one choice. Across, four output pixels at a time take their pixels from one 16-byte load
   of the source row with a byte shuffle, and one multiply-add (vpmaddubsw) per two pixels weighs
   them: libyuv's ARGB column filter fetches each pair with scalar loads and extracts, which was
   two thirds of its scale (README, "Camera and video conversions"). */

#if defined(KIOSK_HAVE_AVX2_PATH)

/* Output pixels per group: one 16-byte source load serves a group while the group's pixels lie
   within four source pixels, which an enlargement keeps (its four outputs span at most three
   source steps). Two groups fill a 256-bit register. */
#define GROUP 4

/* One pair of groups' shuffles and weights, laid out as the 256-bit registers take them. */
typedef struct {
    uint8_t first[32];   /* per lane: the bytes of the group's pixels 0 and 1, each channel as (left, right) */
    uint8_t second[32];  /* pixels 2 and 3 */
    uint8_t first_weights[32];
    uint8_t second_weights[32];
} pair_table;

/* One band's two filtered rows and which source rows they hold (-1: none yet). */
typedef struct {
    uint32_t *rows[2];
    int held[2];
} band_rows;

struct kiosk_bilinear {
    int source_width, source_height, out_width, out_height, bands;
    /* Per output column: the left source pixel and the right one's weight in 128ths. */
    int32_t *columns;
    uint8_t *fractions;
    /* Per pair of groups: the source pixel each group's load starts at, and the table. */
    int32_t *starts;
    pair_table *pairs;
    /* Output pixels the vector loop makes (whole pairs from the left); the scalar loop does the rest. */
    int vector_pixels;
    band_rows *band;
};

/* Where output pixel `i` of `out` samples a line of `in` pixels, in 128ths of a source pixel:
   centres aligned, (i + 0.5) x in / out - 0.5, and the edges repeated. */
static void sample(int i, int in, int out, int *pixel, int *fraction) {
    long position = ((2L * i + 1) * in * 128) / (2L * out) - 64;
    if (position < 0) position = 0;
    int whole = (int)(position >> 7), part = (int)(position & 127);
    if (whole >= in - 1) { whole = in - 1; part = 0; }
    *pixel = whole;
    *fraction = part;
}

/* One output pixel across: left x (128 - f) + right x f, two channels at a time in 16-bit fields. */
static inline uint32_t mix_pixel(uint32_t left, uint32_t right, uint32_t f) {
    uint32_t keep = 128 - f;
    uint32_t rb = (((left & 0x00FF00FF) * keep + (right & 0x00FF00FF) * f + 0x00400040) >> 7) & 0x00FF00FF;
    uint32_t ga = ((((left >> 8) & 0x00FF00FF) * keep + ((right >> 8) & 0x00FF00FF) * f + 0x00400040) << 1) & 0xFF00FF00;
    return rb | ga;
}

static void filter_scalar(const kiosk_bilinear *s, const uint32_t *source, uint32_t *out, int from) {
    for (int x = from; x < s->out_width; x++) {
        int left = s->columns[x], f = s->fractions[x];
        out[x] = f == 0 ? source[left] : mix_pixel(source[left], source[left + 1], (uint32_t)f);
    }
}

__attribute__((target("avx2")))
static void filter_avx2(const kiosk_bilinear *s, const uint32_t *source, uint32_t *out) {
    const __m256i half = _mm256_set1_epi16(64);
    for (int x = 0, pair = 0; x < s->vector_pixels; x += 2 * GROUP, pair++) {
        const pair_table *t = &s->pairs[pair];
        __m256i pixels = _mm256_inserti128_si256(
            _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(source + s->starts[2 * pair]))),
            _mm_loadu_si128((const __m128i *)(source + s->starts[2 * pair + 1])), 1);
        __m256i first = _mm256_maddubs_epi16(_mm256_shuffle_epi8(pixels, _mm256_load_si256((const __m256i *)t->first)),
                                             _mm256_load_si256((const __m256i *)t->first_weights));
        __m256i second = _mm256_maddubs_epi16(_mm256_shuffle_epi8(pixels, _mm256_load_si256((const __m256i *)t->second)),
                                              _mm256_load_si256((const __m256i *)t->second_weights));
        first = _mm256_srli_epi16(_mm256_add_epi16(first, half), 7);
        second = _mm256_srli_epi16(_mm256_add_epi16(second, half), 7);
        /* Each lane packs its group's pixels 0, 1 then 2, 3: the groups stay in order. */
        _mm256_storeu_si256((__m256i *)(out + x), _mm256_packus_epi16(first, second));
    }
    filter_scalar(s, source, out, s->vector_pixels);
}

/* Fills the table of the group of output pixels from `x` in lane `lane` of `t`; 0 when its
   pixels do not lie within four source pixels from its first (or past the row's end). */
static int plan_group(kiosk_bilinear *s, int x, pair_table *t, int lane) {
    int start = s->columns[x];
    if (start + GROUP > s->source_width) return 0;
    for (int k = 0; k < GROUP; k++) {
        int left = s->columns[x + k] - start, f = s->fractions[x + k];
        int right = f == 0 ? left : left + 1;
        if (right >= GROUP) return 0;
        /* vpmaddubsw's weights are signed bytes: a whole pixel is weighed as 64 + 64 of itself. */
        int keep = f == 0 ? 64 : 128 - f, take = f == 0 ? 64 : f;
        uint8_t *shuffle = k < 2 ? t->first : t->second, *weights = k < 2 ? t->first_weights : t->second_weights;
        for (int c = 0; c < 4; c++) {
            int at = 16 * lane + 8 * (k % 2) + 2 * c;
            shuffle[at] = (uint8_t)(4 * left + c);
            shuffle[at + 1] = (uint8_t)(4 * right + c);
            weights[at] = (uint8_t)keep;
            weights[at + 1] = (uint8_t)take;
        }
    }
    return 1;
}

kiosk_bilinear *kiosk_bilinear_create(int source_width, int source_height, int out_width, int out_height, int bands) {
    if (!__builtin_cpu_supports("avx2")) return NULL;
    if (source_width < 1 || source_height < 1 || out_width < source_width || out_height < 1 || bands < 1) return NULL;
    if (out_width > 16384 || out_height > 16384) return NULL;
    kiosk_bilinear *s = calloc(1, sizeof *s);
    if (s == NULL) return NULL;
    *s = (kiosk_bilinear){.source_width = source_width, .source_height = source_height, .out_width = out_width,
                          .out_height = out_height, .bands = bands};
    int pairs = out_width / (2 * GROUP);
    s->columns = malloc(sizeof(int32_t) * (size_t)out_width);
    s->fractions = malloc((size_t)out_width);
    s->starts = malloc(sizeof(int32_t) * (size_t)(2 * pairs + 2));
    s->pairs = aligned_alloc(32, sizeof(pair_table) * (size_t)(pairs + 1));
    s->band = calloc((size_t)bands, sizeof(band_rows));
    if (s->columns == NULL || s->fractions == NULL || s->starts == NULL || s->pairs == NULL || s->band == NULL) {
        kiosk_bilinear_destroy(s);
        return NULL;
    }
    for (int b = 0; b < bands; b++) {
        for (int r = 0; r < 2; r++) {
            s->band[b].rows[r] = aligned_alloc(32, ((sizeof(uint32_t) * (size_t)out_width + 31) / 32) * 32);
            if (s->band[b].rows[r] == NULL) {
                kiosk_bilinear_destroy(s);
                return NULL;
            }
        }
    }
    for (int x = 0; x < out_width; x++) {
        int pixel, fraction;
        sample(x, source_width, out_width, &pixel, &fraction);
        s->columns[x] = pixel;
        s->fractions[x] = (uint8_t)fraction;
    }
    /* Whole pairs from the left while both groups fit; the right edge goes to the scalar loop. */
    int pair = 0;
    for (; pair < pairs; pair++) {
        int x = pair * 2 * GROUP;
        if (!plan_group(s, x, &s->pairs[pair], 0) || !plan_group(s, x + GROUP, &s->pairs[pair], 1)) break;
        s->starts[2 * pair] = s->columns[x];
        s->starts[2 * pair + 1] = s->columns[x + GROUP];
    }
    s->vector_pixels = pair * 2 * GROUP;
    return s;
}

void kiosk_bilinear_destroy(kiosk_bilinear *s) {
    if (s == NULL) return;
    if (s->band != NULL) {
        for (int b = 0; b < s->bands; b++) {
            free(s->band[b].rows[0]);
            free(s->band[b].rows[1]);
        }
    }
    free(s->band);
    free(s->pairs);
    free(s->starts);
    free(s->fractions);
    free(s->columns);
    free(s);
}

/* Makes `rows->rows[slot]` hold source row `row` filtered across, reusing the other slot's. */
static void hold(const kiosk_bilinear *s, band_rows *rows, int slot, int row, const uint32_t *source, ptrdiff_t source_stride) {
    if (rows->held[slot] == row) return;
    if (rows->held[1 - slot] == row) {
        uint32_t *swap = rows->rows[slot];
        rows->rows[slot] = rows->rows[1 - slot];
        rows->rows[1 - slot] = swap;
        rows->held[1 - slot] = rows->held[slot];
        rows->held[slot] = row;
        return;
    }
    filter_avx2(s, source + row * source_stride, rows->rows[slot]);
    rows->held[slot] = row;
}

void kiosk_bilinear_rows(kiosk_bilinear *s, int band, const uint32_t *source, ptrdiff_t source_stride,
                         uint32_t *out, ptrdiff_t out_stride, int from, int to) {
    if (s == NULL || band < 0 || band >= s->bands) return;
    if (from < 0) from = 0;
    if (to > s->out_height) to = s->out_height;
    band_rows *rows = &s->band[band];
    /* A new source each call: nothing filtered before is kept. */
    rows->held[0] = rows->held[1] = -1;
    for (int y = from; y < to; y++) {
        int row, fraction;
        sample(y, s->source_height, s->out_height, &row, &fraction);
        hold(s, rows, 0, row, source, source_stride);
        if (fraction > 0) hold(s, rows, 1, row + 1, source, source_stride);
        kiosk_mix_row_streaming_avx2(out + y * out_stride, rows->rows[0], rows->rows[1], s->out_width, fraction);
    }
    _mm_sfence();
}

#else

/* No loop for other CPUs: the caller scales with libyuv (NEON on ARM). */

kiosk_bilinear *kiosk_bilinear_create(int source_width, int source_height, int out_width, int out_height, int bands) {
    (void)source_width, (void)source_height, (void)out_width, (void)out_height, (void)bands;
    return NULL;
}

void kiosk_bilinear_destroy(kiosk_bilinear *s) {
    (void)s;
}

void kiosk_bilinear_rows(kiosk_bilinear *s, int band, const uint32_t *source, ptrdiff_t source_stride,
                         uint32_t *out, ptrdiff_t out_stride, int from, int to) {
    (void)s, (void)band, (void)source, (void)source_stride, (void)out, (void)out_stride, (void)from, (void)to;
}

#endif
