#ifndef CKIOSKBUS_H
#define CKIOSKBUS_H

#include <systemd/sd-bus.h>

/// What the kiosk's D-Bus object calls back into: one function for every method, one for every
/// property read and one for every property write, each told the member's name, with `context`
/// passed through untouched.
typedef struct kiosk_bus_handlers {
    int (*method)(sd_bus_message *message, void *context, sd_bus_error *error);
    int (*property)(const char *property, sd_bus_message *reply, void *context, sd_bus_error *error);
    int (*set_property)(const char *property, sd_bus_message *value, void *context, sd_bus_error *error);
    void *context;
} kiosk_bus_handlers;

/// Registers the org.swipekiosk.Kiosk1 interface at `path`; `handlers` must outlive the slot.
int kiosk_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                         kiosk_bus_handlers *handlers);


#endif
