#ifndef CKIOSKPIXELS_H
#define CKIOSKPIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Pixel loops the compositor runs where pixman has no single call that does the job.
   Pixels are 32-bit premultiplied 0xAARRGGBB; strides are in pixels. */

/* Box blur, in place, `passes` times in each direction, edges repeated; `radius` 1...120 (anything
   else leaves the pixels as they are). `scratch` holds at least
   2 x width x height + 2 x max(width, height) uint32_t. */
void kiosk_box_blur(uint32_t *pixels, int width, int height, ptrdiff_t stride, int radius, int passes,
                    uint32_t *scratch);

/* Scales `source` down by the even whole `factor` into `small`: each small pixel is the rounded
   mean of the 2x2 source pixels around its centre, which is the bilinear sample there (edges
   repeated). */
void kiosk_downscale_even(const uint32_t *source, ptrdiff_t source_stride, int width, int height,
                          uint32_t *small, ptrdiff_t small_stride, int small_width, int small_height, int factor);
/* Scales each row of `small` up by the whole `factor` horizontally with bilinear weights
   (pixel centres aligned, edges repeated) into `wide` (width small_width * factor). */
void kiosk_upscale_rows(const uint32_t *small, ptrdiff_t small_stride, int small_width, int rows,
                        uint32_t *wide, ptrdiff_t wide_stride, int factor);

/* Scales `wide` up by the whole `factor` vertically (bilinear, pixel centres aligned, edges
   repeated) into `full`, `height` rows of `width` pixels. */
void kiosk_upscale_columns(const uint32_t *wide, ptrdiff_t wide_stride, int wide_rows, int factor,
                           uint32_t *full, ptrdiff_t full_stride, int width, int height);

/* out = first x (128 - weight) / 128 + second x weight / 128 per channel, weight in 0...128. */
void kiosk_mix_row(uint32_t *out, const uint32_t *first, const uint32_t *second, int count, int weight);

/* The fused fade: out = camera x (128 - alpha) / 128 + blurred x alpha / 128, alpha in 0...128, where
   `blurred` is `wide` scaled up by `factor` vertically (bilinear, edges repeated), written once and
   past the cache. `out` and `camera` point at the rectangle's first pixel; (x, y) is that pixel in
   the blurred copy's full-size coordinates. */
void kiosk_fade_rect(uint32_t *out, ptrdiff_t out_stride, const uint32_t *camera, ptrdiff_t camera_stride,
                     const uint32_t *wide, ptrdiff_t wide_stride, int wide_rows, int factor,
                     int x, int y, int width, int height, int alpha);

/* Copies a rectangle of pixels with stores that bypass the cache where the CPU has them: a frame's
   opaque layers are written once and not read back, and should not evict the sources. */
void kiosk_copy_rect(uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride,
                     int width, int height);

/* Draws `source` (premultiplied, source_width x source_height, at most 16384 each way) through a
   projective map into the rectangle (x, y, width, height) of `out`. `inverse` maps an output
   pixel centre (X, Y) to the source: (u, v, w) = (i0 X + i1 Y + i2, i3 X + i4 Y + i5,
   i6 X + i7 Y + i8), sampled bilinearly at (u / w, v / w) with pixels off the source
   transparent; only where w > 0. The sample is scaled by `alpha` (0...255) and put OVER the
   output (`over` 1) or replaces it (`over` 0, SRC). Within 2/255 of pixman's bilinear
   projective composite of the same map. Returns -1 (drawing nothing) for a source too large. */
int kiosk_perspective_rect(uint32_t *out, ptrdiff_t out_stride, int x, int y, int width, int height,
                           const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                           const double inverse[9], int alpha, int over);

/* An enlarging bilinear scale of a source_width x source_height picture over out_width x
   out_height pixels (pixel centres aligned, edges repeated, weights in 128ths that sum to one, so
   a flat colour and its alpha come out as they went in): a table per output column and the row
   buffers of up to `bands` bands run at once, made once for the sizes. Its loop across is AVX2:
   NULL on a CPU without it, for out_width below source_width, sides above 16384, or out of memory
   (the caller scales another way). Both passes are AVX2 whatever table kiosk_pixels_mode names. */
typedef struct kiosk_bilinear kiosk_bilinear;
kiosk_bilinear *kiosk_bilinear_create(int source_width, int source_height, int out_width, int out_height, int bands);
void kiosk_bilinear_destroy(kiosk_bilinear *scale);
/* Output rows [from, to) of the scale from `source` into `out` (strides in pixels), with band
   `band`'s row buffers: bands run at once must use different ones. Every row is what the whole
   scale makes of it, so the pixels do not depend on the cut. */
void kiosk_bilinear_rows(kiosk_bilinear *scale, int band, const uint32_t *source, ptrdiff_t source_stride,
                         uint32_t *out, ptrdiff_t out_stride, int from, int to);

/* A fixed set of persistent threads that share out a job's tasks; the caller is one of them.
   Whoever creates a pool owns it: one job at a time, from one thread. */
typedef struct kiosk_pool kiosk_pool;
typedef void (*kiosk_pool_task)(void *context, int index);

/* A pool of `threads` in all (the caller included, so 1 starts none); fewer when the system
   refuses threads; NULL when out of memory. */
kiosk_pool *kiosk_pool_create(int threads);
void kiosk_pool_destroy(kiosk_pool *pool);
/* The threads a job runs on, the caller included (1 for a NULL pool). */
int kiosk_pool_threads(const kiosk_pool *pool);
/* Runs task(context, i) for every i in 0..<tasks across the pool's threads, returning when all
   have run. A NULL pool runs them on the caller. */
void kiosk_pool_run(kiosk_pool *pool, kiosk_pool_task task, void *context, int tasks);

/* A rectangle of output pixels, [x1, x2) across and [y1, y2) down; laid out as pixman's box. */
typedef struct {
    int32_t x1, y1, x2, y2;
} kiosk_box;

/* kiosk_perspective_rect over `count` boxes in one pass, the rows shared out in bands across
   `pool`'s threads (NULL: the caller's alone). Every row is computed as one thread computes it, so
   the pixels are the same bit for bit whatever the thread count. Each output row is solved once
   and drawn in every box on it, so a region cut into many narrow boxes (the inside of a turned
   card) costs what its area does. Boxes banded as pixman's regions are (sorted by y1 then x1, not
   overlapping, boxes that share rows sharing y1 and y2) take that pass; any other set is drawn box
   by box. Returns -1 (drawing nothing) for a source too large or when out of memory. */
int kiosk_perspective_boxes_pooled(kiosk_pool *pool, uint32_t *out, ptrdiff_t out_stride, const kiosk_box *boxes, int count,
                                   const uint32_t *source, ptrdiff_t source_stride, int source_width, int source_height,
                                   const double inverse[9], int alpha, int over);

/* Copies `source` into the boxes of `out` (each box within the source's place there), the rows
   shared out in bands across `pool`'s threads (a small copy, or a NULL pool, on the caller's
   alone): one core's stores do not fill the memory bus, and a region cut into many boxes (the
   camera round a turned card) is one job. The source's top-left pixel lands at (offset_x, offset_y). */
void kiosk_copy_boxes_pooled(kiosk_pool *pool, uint32_t *out, ptrdiff_t out_stride, const uint32_t *source, ptrdiff_t source_stride,
                             int offset_x, int offset_y, const kiosk_box *boxes, int count);

/* Which table of loops runs, chosen once at first use: "avx512", "avx2" (x86, as the CPU allows),
   "sse2" or "neon" (the vector loops a clang build makes for any x86_64 or aarch64 CPU) or
   "portable" (the plain C every CPU runs). SWIPE_KIOSK_PIXELS=portable in the environment, read at
   first use, or kiosk_pixels_force_portable(1) switches to the portable table;
   kiosk_pixels_force_portable(0) back to the fastest. */
const char *kiosk_pixels_mode(void);
void kiosk_pixels_force_portable(int portable);
/* The tables this build has and this CPU runs, fastest first and "portable" last: the name of the
   `index`th, NULL past the last. */
const char *kiosk_pixels_table(int index);
/* Switches to the table `name` names (one kiosk_pixels_table lists): 0, or -1 when there is none. */
int kiosk_pixels_use(const char *name);
/* 1 when SWIPE_KIOSK_PIXELS=portable or kiosk_pixels_force_portable(1) asked for the portable loops, on
   any CPU (kiosk_pixels_mode says "portable" also where no faster loops exist): what libyuv's C path follows. */
int kiosk_pixels_portable_forced(void);

#endif
