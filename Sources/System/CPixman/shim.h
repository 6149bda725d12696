#include <stdint.h>
#include <stddef.h>
#include <pixman.h>
