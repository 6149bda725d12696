/* Runs the pixel kernels on fixed pictures and prints a hash of each result and a few pixels,
   so an aarch64 build (under qemu-user) can be checked against the x86 one: expected.txt. The
   perspective draws are also checked pixel by pixel against a plain double-precision rendering
   of pixman's projective bilinear sampling, on whatever CPU runs this: at most 2/255 apart. */
#include "CKioskPixels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t fnv(const uint32_t *pixels, size_t count) {
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < count; i++) {
        for (int shift = 0; shift < 32; shift += 8) hash = (hash ^ (pixels[i] >> shift & 0xFF)) * 16777619u;
    }
    return hash;
}

static void report(const char *name, const uint32_t *pixels, size_t count) {
    printf("%s %08x %08x %08x %08x\n", name, fnv(pixels, count), pixels[0], pixels[count / 2], pixels[count - 1]);
}

/* A premultiplied picture with an antialiased alpha border, colours varying everywhere. */
static void fill_source(uint32_t *pixels, int width, int height) {
    for (int y = 0; y < height; y++) {
        for (int x = 0; x < width; x++) {
            uint32_t a = (x == 0 || y == 0 || x == width - 1 || y == height - 1) ? 128 : 255;
            uint32_t r = (uint32_t)(x * 255 / width) * a / 255, g = (uint32_t)(y * 255 / height) * a / 255;
            uint32_t b = (uint32_t)((x * 7 + y * 13) & 255) * a / 255;
            pixels[y * width + x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
}

static void fill_background(uint32_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) pixels[i] = 0xFF000000u | (uint32_t)(i * 2654435761u >> 8);
}

/* x * alpha / 255 per channel, rounded as pixman's UN8x4_MUL_UN8. */
static uint32_t scaled(uint32_t x, uint32_t alpha) {
    uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t t = (x >> shift & 0xFF) * alpha + 0x80;
        result |= ((t + (t >> 8)) >> 8 & 0xFF) << shift;
    }
    return result;
}

static uint32_t reference_tap(const uint32_t *source, int width, int height, int x, int y) {
    return x >= 0 && y >= 0 && x < width && y < height ? source[y * width + x] : 0;
}

/* What pixman draws for output pixel (x, y): the sample at (u / w, v / w) less half a pixel, 16.16,
   7-bit weights, the four taps (off the picture transparent) summed and truncated, scaled, OVER or SRC. */
static uint32_t reference_pixel(uint32_t under, const uint32_t *source, int width, int height, const double m[9],
                                int x, int y, int alpha, int over) {
    double cx = x + 0.5, cy = y + 0.5, w = m[6] * cx + m[7] * cy + m[8];
    int32_t fx = (int32_t)floor(((m[0] * cx + m[1] * cy + m[2]) / w - 0.5) * 65536);
    int32_t fy = (int32_t)floor(((m[3] * cx + m[4] * cy + m[5]) / w - 0.5) * 65536);
    int ix = fx >> 16, iy = fy >> 16;
    uint32_t wx = (uint32_t)(fx >> 9) & 127, wy = (uint32_t)(fy >> 9) & 127, sample = 0;
    uint32_t tl = reference_tap(source, width, height, ix, iy), tr = reference_tap(source, width, height, ix + 1, iy);
    uint32_t bl = reference_tap(source, width, height, ix, iy + 1), br = reference_tap(source, width, height, ix + 1, iy + 1);
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t top = (tl >> shift & 0xFF) * (128 - wx) + (tr >> shift & 0xFF) * wx;
        uint32_t bottom = (bl >> shift & 0xFF) * (128 - wx) + (br >> shift & 0xFF) * wx;
        sample |= ((top * (128 - wy) + bottom * wy) >> 14) << shift;
    }
    if (alpha < 255) sample = scaled(sample, (uint32_t)alpha);
    return over ? sample + scaled(under, 255 - (sample >> 24)) : sample;
}

/* Draws `source` through `m` into the rectangle of a fresh background and prints the largest
   channel difference from reference_pixel over the whole picture; false when it exceeds 2. */
static int check_perspective(const char *name, uint32_t *out, int out_width, int out_height, int x, int y, int width,
                             int height, const uint32_t *source, int source_width, int source_height, const double m[9],
                             int alpha, int over) {
    static uint32_t background[128 * 80];
    fill_background(background, (size_t)out_width * out_height);
    memcpy(out, background, sizeof(uint32_t) * (size_t)out_width * out_height);
    kiosk_perspective_rect(out, out_width, x, y, width, height, source, source_width, source_width, source_height, m, alpha, over);
    int worst = 0;
    for (int py = 0; py < out_height; py++) {
        for (int px = 0; px < out_width; px++) {
            uint32_t under = background[py * out_width + px], want = under;
            if (px >= x && py >= y && px < x + width && py < y + height)
                want = reference_pixel(under, source, source_width, source_height, m, px, py, alpha, over);
            uint32_t got = out[py * out_width + px];
            for (int shift = 0; shift < 32; shift += 8) {
                int difference = abs((int)(got >> shift & 0xFF) - (int)(want >> shift & 0xFF));
                if (difference > worst) worst = difference;
            }
        }
    }
    report(name, out, (size_t)out_width * out_height);
    printf("%s-largest-difference-from-pixman %d\n", name, worst);
    /* The same drawn by three threads, rows in bands: it must be the same bit for bit. */
    static uint32_t pooled[128 * 80];
    memcpy(pooled, background, sizeof(uint32_t) * (size_t)out_width * out_height);
    kiosk_pool *pool = kiosk_pool_create(3);
    kiosk_box box = {x, y, x + width, y + height};
    kiosk_perspective_boxes_pooled(pool, pooled, out_width, &box, 1, source, source_width, source_width, source_height, m, alpha, over);
    int threads = kiosk_pool_threads(pool);
    kiosk_pool_destroy(pool);
    int same = memcmp(pooled, out, sizeof(uint32_t) * (size_t)out_width * out_height) == 0;
    printf("%s-same-on-%d-threads %d\n", name, threads, same);
    return worst <= 2 && same;
}

/* The turn drawn over a region of boxes in one pass (two sharing rows, one below): inside the
   boxes as pixman samples, outside untouched, and the same on three threads. */
static int check_boxes(uint32_t *out, int out_width, int out_height, const uint32_t *source, int source_width,
                       int source_height, const double m[9]) {
    static const kiosk_box boxes[] = {{4, 3, 40, 20}, {52, 3, 90, 20}, {10, 30, 120, 70}};
    static uint32_t background[128 * 80], pooled[128 * 80];
    int count = (int)(sizeof boxes / sizeof boxes[0]);
    fill_background(background, (size_t)out_width * out_height);
    memcpy(out, background, sizeof(uint32_t) * (size_t)out_width * out_height);
    memcpy(pooled, background, sizeof(uint32_t) * (size_t)out_width * out_height);
    kiosk_perspective_boxes_pooled(NULL, out, out_width, boxes, count, source, source_width, source_width, source_height, m, 255, 1);
    kiosk_pool *pool = kiosk_pool_create(3);
    kiosk_perspective_boxes_pooled(pool, pooled, out_width, boxes, count, source, source_width, source_width, source_height, m, 255, 1);
    kiosk_pool_destroy(pool);
    int worst = 0;
    for (int py = 0; py < out_height; py++) {
        for (int px = 0; px < out_width; px++) {
            uint32_t under = background[py * out_width + px], want = under;
            for (int k = 0; k < count; k++) {
                if (px >= boxes[k].x1 && px < boxes[k].x2 && py >= boxes[k].y1 && py < boxes[k].y2)
                    want = reference_pixel(under, source, source_width, source_height, m, px, py, 255, 1);
            }
            uint32_t got = out[py * out_width + px];
            for (int shift = 0; shift < 32; shift += 8) {
                int difference = abs((int)(got >> shift & 0xFF) - (int)(want >> shift & 0xFF));
                if (difference > worst) worst = difference;
            }
        }
    }
    int same = memcmp(pooled, out, sizeof(uint32_t) * (size_t)out_width * out_height) == 0;
    report("perspective-boxes", out, (size_t)out_width * out_height);
    printf("perspective-boxes-largest-difference-from-pixman %d\n", worst);
    printf("perspective-boxes-same-on-3-threads %d\n", same);
    return worst <= 2 && same;
}

int main(int argc, char **argv) {
    /* --tables: the tables this CPU runs, fastest first; --mode: the one chosen; --table NAME: run with that one. */
    if (argc > 1 && strcmp(argv[1], "--tables") == 0) {
        for (int i = 0; kiosk_pixels_table(i) != NULL; i++) printf("%s\n", kiosk_pixels_table(i));
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--mode") == 0) {
        printf("%s\n", kiosk_pixels_mode());
        return 0;
    }
    if (argc > 2 && strcmp(argv[1], "--table") == 0 && kiosk_pixels_use(argv[2]) != 0) {
        fprintf(stderr, "kernel_check: no table %s here\n", argv[2]);
        return 2;
    }
    enum { SW = 97, SH = 61, W = 128, H = 80 };
    static uint32_t source[SW * SH], out[W * H], scratch[2 * W * H + 2 * W];
    fill_source(source, SW, SH);

    /* A turn about the vertical axis with perspective, as flip and cube draw (output to source),
       magnified at one side and shrunk at the other; then a general perspective map. */
    int matches = 1;
    const double turn[9] = {1.25, 0.0, -20.0, 0.11, 1.0, -12.0, 0.0042, 0.0, 0.83};
    matches &= check_perspective("perspective-over", out, W, H, 0, 0, W, H, source, SW, SH, turn, 255, 1);
    matches &= check_perspective("perspective-src-clipped", out, W, H, 5, 7, 100, 50, source, SW, SH, turn, 140, 0);
    const double strong[9] = {0.9, 0.05, 3.0, 0.0, 1.1, -4.0, -0.006, 0.0005, 1.2};
    matches &= check_perspective("perspective-strong", out, W, H, 0, 0, W, H, source, SW, SH, strong, 200, 1);
    const double shrink[9] = {2.6, 0.0, -30.0, 0.05, 1.4, -6.0, 0.009, 0.0, 0.7};
    matches &= check_perspective("perspective-shrunk", out, W, H, 0, 0, W, H, source, SW, SH, shrink, 255, 1);
    matches &= check_boxes(out, W, H, source, SW, SH, turn);

    fill_background(out, W * H);
    kiosk_box_blur(out, W, H, W, 2, 2, scratch);
    report("blur-direct", out, W * H);
    fill_background(out, W * H);
    kiosk_box_blur(out, W, H, W, 9, 3, scratch);
    report("blur-running", out, W * H);

    static uint32_t first[W], second[W], mixed[W];
    fill_background(first, W);
    fill_source(second, W, 1);
    kiosk_mix_row(mixed, first, second, W, 37);
    report("mix-row", mixed, W);

    static uint32_t small[16 * 10], wide[16 * 8 * 10];
    fill_background(out, W * H);
    kiosk_downscale_even(out, W, W, H, small, 16, 16, 10, 8);
    report("downscale", small, 16 * 10);
    kiosk_upscale_rows(small, 16, 16, 10, wide, 128, 8);
    report("upscale-rows", wide, 128 * 10);
    /* By 4 (a whole vector per small pixel on the vector paths) and by 6 (the scalar loop on every path). */
    static uint32_t wide4[16 * 4 * 10], wide6[16 * 6 * 10];
    kiosk_upscale_rows(small, 16, 16, 10, wide4, 64, 4);
    report("upscale-rows-by-4", wide4, 64 * 10);
    kiosk_upscale_rows(small, 16, 16, 10, wide6, 96, 6);
    report("upscale-rows-by-6", wide6, 96 * 10);
    static uint32_t camera[W * H];
    fill_background(camera, W * H);
    kiosk_fade_rect(out, W, camera, W, wide, 128, 10, 8, 0, 0, W, H, 77);
    report("fade", out, W * H);

    /* A copy large enough to be shared out: boxes of one picture into another. */
    static uint32_t large[400 * 300], copied[400 * 300];
    static const kiosk_box copy_boxes[] = {{5, 3, 150, 100}, {160, 3, 395, 100}, {5, 120, 395, 293}};
    fill_background(large, 400 * 300);
    fill_source(copied, 400, 300);
    kiosk_pool *pool = kiosk_pool_create(2);
    kiosk_copy_boxes_pooled(pool, copied, 400, large, 400, 5, 3, copy_boxes, 3);
    kiosk_pool_destroy(pool);
    report("copy-pooled", copied, 400 * 300);
    if (!matches) fprintf(stderr, "kernel_check: a perspective draw is more than 2/255 from pixman's sampling\n");
    return matches ? 0 : 1;
}
