#include <stdint.h>
#include <stddef.h>
#include <cairo.h>
