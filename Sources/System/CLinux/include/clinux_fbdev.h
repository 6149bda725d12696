#ifndef CLINUX_FBDEV_H
#define CLINUX_FBDEV_H

#include <linux/fb.h>

/// FBIOGET_VSCREENINFO: the visible resolution, bit depth and timings. Returns 0 or -1 with errno.
int clinux_fb_get_variable_info(int fd, struct fb_var_screeninfo *info);
/// FBIOGET_FSCREENINFO: line length and the size of the mappable memory. Returns 0 or -1 with errno.
int clinux_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info);
/// FBIO_WAITFORVSYNC on CRTC 0: blocks until the next vertical blank. -1 with errno where unsupported.
int clinux_fb_wait_for_vsync(int fd);
/// FBIOBLANK: powers the panel down (nonzero) or up (zero). Returns 0 or -1 with errno.
int clinux_fb_set_blank(int fd, int power_down);

#endif
