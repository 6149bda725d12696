#include "clinux_v4l2.h"
