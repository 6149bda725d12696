#include <stdint.h>
#include <stddef.h>
#include <libevdev/libevdev.h>
