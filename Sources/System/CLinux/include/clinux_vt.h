#ifndef CLINUX_VT_H
#define CLINUX_VT_H

/// KDGETMODE: stores KD_TEXT (0) or KD_GRAPHICS (1) in *mode. Returns 0 or -1 with errno.
int clinux_vt_get_mode(int fd, int *mode);
/// KDSETMODE: switches the console to graphics (nonzero) or text (zero) so the kernel console
/// stops or resumes drawing. Returns 0 or -1 with errno.
int clinux_vt_set_graphics_mode(int fd, int graphics);

#endif
