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

/* out = first x (128 - weight) / 128 + second x weight / 128 per channel, weight in 0...128.
   `streaming` stores past the cache, for output that is not read back soon. */
void kiosk_mix_row(uint32_t *out, const uint32_t *first, const uint32_t *second, int count, int weight, int streaming);

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

#endif
