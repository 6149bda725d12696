#include "CKioskBus.h"

static int kiosk_bus_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    kiosk_bus_handlers *handlers = userdata;
    return handlers->method(message, handlers->context, error);
}

static int kiosk_bus_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                              sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface;
    kiosk_bus_handlers *handlers = userdata;
    return handlers->property(property, reply, handlers->context, error);
}

static int kiosk_bus_set_property(sd_bus *bus, const char *path, const char *interface, const char *property,
                                  sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus; (void)path; (void)interface;
    kiosk_bus_handlers *handlers = userdata;
    return handlers->set_property(property, value, handlers->context, error);
}

/* Access is the D-Bus policy's job (root and the swipe-kiosk group), so sd-bus's own
   CAP_SYS_ADMIN check for system-bus callers is switched off with UNPRIVILEGED. */
static const sd_bus_vtable kiosk_bus_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_PROPERTY("CurrentScreen", "s", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Screens", "as", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Blanked", "b", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Transitioning", "b", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Display", "s", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION),
    SD_BUS_PROPERTY("Camera", "s", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION),
    SD_BUS_PROPERTY("TouchDevices", "as", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION),
    SD_BUS_PROPERTY("UptimeSeconds", "d", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_INVALIDATION),
    SD_BUS_WRITABLE_PROPERTY("Brightness", "d", kiosk_bus_property, kiosk_bus_set_property, 0,
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", kiosk_bus_property, kiosk_bus_set_property, 0,
                             SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE | SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_PROPERTY("Values", "a{ss}", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_PROPERTY("Outputs", "a(sbsus)", kiosk_bus_property, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_METHOD_WITH_NAMES("GoTo", "sb", SD_BUS_PARAM(screen) SD_BUS_PARAM(animated), "", ,
                             kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Screenshot", "", , "ay", SD_BUS_PARAM(png), kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("ScreenshotScanout", "", , "ay", SD_BUS_PARAM(png), kiosk_bus_method,
                             SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("GoToOutput", "ssb", SD_BUS_PARAM(output) SD_BUS_PARAM(screen) SD_BUS_PARAM(animated), "", ,
                             kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("ScreenshotOutput", "s", SD_BUS_PARAM(output), "ay", SD_BUS_PARAM(png), kiosk_bus_method,
                             SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Reload", "", , "s", SD_BUS_PARAM(summary), kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Blank", "", "", kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD("Wake", "", "", kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("Metrics", "", , "s", SD_BUS_PARAM(text), kiosk_bus_method, SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_METHOD_WITH_NAMES("SetValue", "ss", SD_BUS_PARAM(name) SD_BUS_PARAM(value), "", , kiosk_bus_method,
                             SD_BUS_VTABLE_UNPRIVILEGED),
    SD_BUS_SIGNAL_WITH_NAMES("ScreenChanged", "ss", SD_BUS_PARAM(from) SD_BUS_PARAM(to), 0),
    SD_BUS_SIGNAL_WITH_NAMES("OutputScreenChanged", "sss", SD_BUS_PARAM(output) SD_BUS_PARAM(from) SD_BUS_PARAM(to), 0),
    SD_BUS_SIGNAL_WITH_NAMES("TransitionEnded", "ssb", SD_BUS_PARAM(from) SD_BUS_PARAM(to) SD_BUS_PARAM(completed), 0),
    SD_BUS_SIGNAL_WITH_NAMES("ButtonPressed", "ss", SD_BUS_PARAM(screen) SD_BUS_PARAM(button), 0),
    SD_BUS_SIGNAL_WITH_NAMES("ActionFinished", "ssi", SD_BUS_PARAM(screen) SD_BUS_PARAM(button) SD_BUS_PARAM(status), 0),
    SD_BUS_VTABLE_END
};

int kiosk_bus_add_object(sd_bus *bus, sd_bus_slot **slot, const char *path, const char *interface,
                         kiosk_bus_handlers *handlers) {
    return sd_bus_add_object_vtable(bus, slot, path, interface, kiosk_bus_vtable, handlers);
}
