// WPEBackend-fdo's exportable view backend with shared-memory export (no EGL, no /dev/dri), and
// wl_shm_buffer from libwayland-server for the exported buffers' pixels.
#include <wpe/fdo.h>
#include <wpe/unstable/fdo-shm.h>
#include <wayland-server.h>
