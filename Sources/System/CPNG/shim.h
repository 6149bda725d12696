#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* libpng's simplified API formats are macros of macros, which Swift does not import. */
static const png_uint_32 kiosk_png_format_bgra = PNG_FORMAT_BGRA;
static const png_uint_32 kiosk_png_format_bgr = PNG_FORMAT_BGR;
static const png_uint_32 kiosk_png_image_version = PNG_IMAGE_VERSION;

/* libpng's full API reports errors by longjmp, which Swift cannot catch: these helpers keep the
 * setjmp and every libpng call that may jump in one C frame. */
struct kiosk_png_memory {
    const unsigned char *bytes;
    size_t size, offset;
    char message[128];
};

static void kiosk_png_memory_read(png_structp png, png_bytep out, size_t count) {
    struct kiosk_png_memory *memory = (struct kiosk_png_memory *)png_get_io_ptr(png);
    if (count > memory->size - memory->offset) png_error(png, "the file ends too soon");
    memcpy(out, memory->bytes + memory->offset, count);
    memory->offset += count;
}

static void kiosk_png_memory_error(png_structp png, png_const_charp text) {
    struct kiosk_png_memory *memory = (struct kiosk_png_memory *)png_get_error_ptr(png);
    strncpy(memory->message, text, sizeof memory->message - 1);
    png_longjmp(png, 1);
}

static void kiosk_png_memory_warning(png_structp png, png_const_charp text) { (void)png; (void)text; }

/* Reads a PNG's samples as the file stores them (no transform: 16-bit samples stay big-endian
 * pairs), with libpng putting an interlaced picture's passes together, into `height` rows of
 * `row_bytes` bytes, each `stride` bytes after the last. Returns 1, or 0 with `message` (at least
 * 128 bytes) saying why. */
static inline int kiosk_png_read_stored_rows(const unsigned char *bytes, size_t size, unsigned char *rows,
                                             size_t row_bytes, size_t stride, size_t height, char *message) {
    struct kiosk_png_memory memory = { bytes, size, 0, "" };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &memory, kiosk_png_memory_error,
                                             kiosk_png_memory_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    png_bytepp pointers = (png_bytepp)calloc(height ? height : 1, sizeof(png_bytep));
    volatile int done = 0;
    if (png && info && pointers && setjmp(png_jmpbuf(png)) == 0) {
        png_set_read_fn(png, &memory, kiosk_png_memory_read);
        png_read_info(png, info);
        png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != row_bytes || png_get_image_height(png, info) != height) {
            strcpy(memory.message, "the rows are not the size its header gives");
        } else {
            for (size_t y = 0; y < height; y++) pointers[y] = rows + y * stride;
            png_read_image(png, pointers);
            done = 1;
        }
    } else if (!memory.message[0]) {
        strcpy(memory.message, "out of memory");
    }
    png_destroy_read_struct(png ? &png : NULL, info ? &info : NULL, NULL);
    free(pointers);
    strcpy(message, memory.message);
    return done;
}
