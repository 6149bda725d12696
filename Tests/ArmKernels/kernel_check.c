/* Runs the pixel kernels on fixed pictures and prints a hash of each result and a few pixels,
   so an aarch64 build (under qemu-user) can be checked against the x86 one: expected.txt. */
#include "CKioskPixels.h"

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

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--portable") == 0) kiosk_pixels_force_portable(1);
    enum { SW = 97, SH = 61, W = 128, H = 80 };
    static uint32_t source[SW * SH], out[W * H], scratch[2 * W * H + 2 * W];
    fill_source(source, SW, SH);

    /* A turn about the vertical axis with perspective, as flip and cube draw (output to source). */
    const double turn[9] = {1.25, 0.0, -20.0, 0.11, 1.0, -12.0, 0.0042, 0.0, 0.83};
    fill_background(out, W * H);
    kiosk_perspective_rect(out, W, 0, 0, W, H, source, SW, SW, SH, turn, 255, 1);
    report("perspective-over", out, W * H);
    fill_background(out, W * H);
    kiosk_perspective_rect(out, W, 5, 7, 100, 50, source, SW, SW, SH, turn, 140, 0);
    report("perspective-src-clipped", out, W * H);
    const double strong[9] = {0.9, 0.05, 3.0, 0.0, 1.1, -4.0, -0.006, 0.0005, 1.2};
    fill_background(out, W * H);
    kiosk_perspective_rect(out, W, 0, 0, W, H, source, SW, SW, SH, strong, 200, 1);
    report("perspective-strong", out, W * H);

    fill_background(out, W * H);
    kiosk_box_blur(out, W, H, W, 2, 2, scratch);
    report("blur-direct", out, W * H);
    fill_background(out, W * H);
    kiosk_box_blur(out, W, H, W, 9, 3, scratch);
    report("blur-running", out, W * H);

    static uint32_t first[W], second[W], mixed[W];
    fill_background(first, W);
    fill_source(second, W, 1);
    kiosk_mix_row(mixed, first, second, W, 37, 0);
    report("mix-row", mixed, W);

    static uint32_t small[16 * 10], wide[16 * 8 * 10];
    fill_background(out, W * H);
    kiosk_downscale_even(out, W, W, H, small, 16, 16, 10, 8);
    report("downscale", small, 16 * 10);
    kiosk_upscale_rows(small, 16, 16, 10, wide, 128, 8);
    report("upscale-rows", wide, 128 * 10);
    static uint32_t camera[W * H];
    fill_background(camera, W * H);
    kiosk_fade_rect(out, W, camera, W, wide, 128, 10, 8, 0, 0, W, H, 77);
    report("fade", out, W * H);
    return 0;
}
