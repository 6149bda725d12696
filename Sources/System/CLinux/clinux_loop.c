#include "clinux_loop.h"
