#include <stdint.h>
#include <stddef.h>
#include <systemd/sd-daemon.h>
#include <systemd/sd-bus.h>
