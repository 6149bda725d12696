#include <png.h>

/* libpng's simplified API formats are macros of macros, which Swift does not import. */
static const png_uint_32 kiosk_png_format_bgra = PNG_FORMAT_BGRA;
static const png_uint_32 kiosk_png_format_bgr = PNG_FORMAT_BGR;
static const png_uint_32 kiosk_png_image_version = PNG_IMAGE_VERSION;
