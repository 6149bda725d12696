#ifndef CLINUX_DISPLAY_H
#define CLINUX_DISPLAY_H

// What the display backends need beyond Glibc's module: timerfd for vsync pacing and the
// NETLINK_KOBJECT_UEVENT socket address for connector hot-plug.
#include <sys/timerfd.h>
#include <sys/socket.h>
#include <linux/netlink.h>

/// Opens a nonblocking socket bound to the kernel's uevent multicast group. Returns the fd or -1 with errno.
int clinux_open_uevent_socket(void);

#endif
