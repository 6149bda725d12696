#include "clinux_evdev.h"
