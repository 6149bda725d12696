#ifndef CLINUX_FBDEV_H
#define CLINUX_FBDEV_H

#endif
