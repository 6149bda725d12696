#include "clinux_vt.h"
