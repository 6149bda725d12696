#include "clinux_vt.h"
#include <linux/kd.h>
#include <sys/ioctl.h>

int clinux_vt_get_mode(int fd, int *mode) {
    long value = 0;
    int result = ioctl(fd, KDGETMODE, &value);
    if (result == 0) *mode = (int)value;
    return result;
}

int clinux_vt_set_graphics_mode(int fd, int graphics) {
    return ioctl(fd, KDSETMODE, graphics ? KD_GRAPHICS : KD_TEXT);
}
