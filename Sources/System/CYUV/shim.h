/* libyuv's C API (Debian's libyuv-dev ships no pkg-config file, so this target names the library itself). */
#include <stdint.h>
#include <stddef.h>
#include <libyuv/convert.h>
#include <libyuv/convert_argb.h>
#include <libyuv/convert_from_argb.h>
#include <libyuv/cpu_id.h>
#include <libyuv/planar_functions.h>
#include <libyuv/scale.h>
#include <libyuv/scale_argb.h>
