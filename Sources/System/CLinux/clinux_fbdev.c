#include "clinux_fbdev.h"
#include <sys/ioctl.h>
#include <stdint.h>

int clinux_fb_get_variable_info(int fd, struct fb_var_screeninfo *info) {
    return ioctl(fd, FBIOGET_VSCREENINFO, info);
}

int clinux_fb_get_fixed_info(int fd, struct fb_fix_screeninfo *info) {
    return ioctl(fd, FBIOGET_FSCREENINFO, info);
}

int clinux_fb_wait_for_vsync(int fd) {
    uint32_t crtc = 0;
    return ioctl(fd, FBIO_WAITFORVSYNC, &crtc);
}

int clinux_fb_set_blank(int fd, int power_down) {
    return ioctl(fd, FBIOBLANK, power_down ? FB_BLANK_POWERDOWN : FB_BLANK_UNBLANK);
}
