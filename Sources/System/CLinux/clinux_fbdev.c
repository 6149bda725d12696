#include "clinux_fbdev.h"
