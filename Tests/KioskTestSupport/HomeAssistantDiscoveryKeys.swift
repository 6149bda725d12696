/// The discovery keys Home Assistant's MQTT integration documents for the entity types the kiosk
/// announces (https://www.home-assistant.io/integrations/select.mqtt/, light.mqtt, button.mqtt,
/// sensor.mqtt, binary_sensor.mqtt, number.mqtt, and the device block they share).
package enum HomeAssistantDiscoveryKeys {
    /// The keys every MQTT entity takes (availability, device, naming).
    package static let common: Set<String> = [
        "availability", "availability_mode", "availability_template", "availability_topic", "device", "enabled_by_default",
        "encoding", "entity_category", "entity_picture", "icon", "json_attributes_template", "json_attributes_topic", "name",
        "object_id", "payload_available", "payload_not_available", "platform", "qos", "unique_id",
    ]
    /// Each entity type's own keys as documented (the light's default schema, without colours and effects).
    package static let documented: [String: Set<String>] = [
        "select": ["command_template", "command_topic", "optimistic", "options", "retain", "state_topic", "value_template"],
        "light": ["brightness_command_template", "brightness_command_topic", "brightness_scale", "brightness_state_topic",
                  "brightness_value_template", "command_topic", "on_command_type", "optimistic", "payload_off", "payload_on",
                  "retain", "schema", "state_topic", "state_value_template"],
        "button": ["command_template", "command_topic", "device_class", "payload_press", "retain"],
        "number": ["command_template", "command_topic", "device_class", "max", "min", "mode", "optimistic", "payload_reset",
                   "retain", "state_topic", "step", "unit_of_measurement", "value_template"],
        "sensor": ["device_class", "expire_after", "force_update", "last_reset_value_template", "state_class", "state_topic",
                   "suggested_display_precision", "unit_of_measurement", "value_template"],
        "binary_sensor": ["device_class", "expire_after", "force_update", "off_delay", "payload_off", "payload_on", "state_topic",
                          "value_template"],
    ]
    /// The keys each type needs to do what the kiosk announces it for.
    package static let required: [String: Set<String>] = [
        "select": ["command_topic", "options", "state_topic"],
        "light": ["command_topic", "state_topic", "payload_on", "payload_off", "brightness_command_topic", "brightness_state_topic"],
        "button": ["command_topic", "payload_press"],
        "number": ["command_topic", "state_topic", "min", "max"],
        "sensor": ["state_topic"],
        "binary_sensor": ["state_topic", "payload_on", "payload_off"],
    ]
    /// The device block's documented keys.
    package static let device: Set<String> = [
        "configuration_url", "connections", "hw_version", "identifiers", "manufacturer", "model", "model_id", "name",
        "serial_number", "suggested_area", "sw_version", "via_device",
    ]
    /// The keys of those every entity the kiosk announces has: its name, ids and availability.
    package static let commonRequired: Set<String> = ["name", "unique_id", "availability_topic", "payload_available",
                                              "payload_not_available", "device"]
}
