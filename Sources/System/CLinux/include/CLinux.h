// Kernel interfaces Swift cannot import directly: ioctl request numbers are C macros built from
// _IOR/_IOW, which the Clang importer does not evaluate. Each header here exposes them as
// functions or constants for one subsystem.
#ifndef CLINUX_H
#define CLINUX_H

#include "clinux_v4l2.h"
#include "clinux_fbdev.h"
#include "clinux_vt.h"
#include "clinux_evdev.h"
#include "clinux_display.h"
#include "clinux_loop.h"

#endif
