#include <stdint.h>
#include <stddef.h>
#include <systemd/sd-daemon.h>
