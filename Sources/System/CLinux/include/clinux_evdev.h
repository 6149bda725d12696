#ifndef CLINUX_EVDEV_H
#define CLINUX_EVDEV_H

#endif
