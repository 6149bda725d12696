import KioskConfig

/// Home Assistant MQTT discovery for one kiosk: a device with a `select` (the screen), a `light`
/// (the backlight), a `number` (the volume), a `button` per button element, a `sensor` per value and `binary_sensor`s for
/// blanked and transitioning, each with the kiosk's availability. Keys as Home Assistant's MQTT
/// integration documents them for each entity type.
struct MqttDiscovery {
    let clientID: String
    let topics: MqttTopics

    /// `homeassistant/<component>/<node>/<object>/config` and its JSON, for `configuration`.
    func messages(for configuration: KioskConfiguration) -> [String: String] {
        var messages: [String: String] = [:]
        func add(_ component: String, _ object: String, _ name: String, _ keys: [String: Any]) {
            let id = MqttConfiguration.discoveryIdentifier(object)
            var payload = keys
            payload["name"] = name
            payload["unique_id"] = "\(node)_\(id)"
            payload["object_id"] = "\(node)_\(id)"
            payload["availability_topic"] = topics.availability
            payload["payload_available"] = "online"
            payload["payload_not_available"] = "offline"
            payload["device"] = device
            messages["\(MqttConfiguration.discoveryPrefix)/\(component)/\(node)/\(id)/config"] = MqttFrontEnd.json(payload)
        }
        add("select", "screen", "Screen", [
            "state_topic": topics.screen, "command_topic": topics.command("goto"),
            "options": configuration.screens.map(\.name),
        ])
        add("light", "backlight", "Backlight", [
            // On/off is the blank command with "false"/"true", and the blanked state as it comes: Home
            // Assistant compares a state message with payload_on/payload_off (after a
            // state_value_template, so none here); brightness 0...255 in Home Assistant, 0...1 here.
            "command_topic": topics.command("blank"), "payload_on": "false", "payload_off": "true",
            "state_topic": topics.blanked,
            "brightness_command_topic": topics.command("brightness"),
            "brightness_command_template": "{{ (value / 255) | round(3) }}",
            "brightness_state_topic": topics.brightness,
            "brightness_value_template": "{{ (value | float * 255) | round(0) | int }}",
        ])
        add("number", "volume", "Volume", [
            "command_topic": topics.command("volume"), "state_topic": topics.volume,
            "min": 0, "max": 1, "step": 0.05, "mode": "slider",
        ])
        add("binary_sensor", "blanked", "Blanked", [
            "state_topic": topics.blanked, "payload_on": "true", "payload_off": "false",
        ])
        add("binary_sensor", "transitioning", "Transitioning", [
            "state_topic": topics.transitioning, "payload_on": "true", "payload_off": "false",
        ])
        for value in configuration.values where !value.name.isEmpty {
            add("sensor", MqttConfiguration.discoveryID(value: value.name), value.name, ["state_topic": topics.value(value.name)])
        }
        for screen in configuration.screens {
            // A button a remote press may not run gets no entity: Home Assistant offers no press that fails.
            for button in screen.buttons where button.mayBePressedRemotely {
                add("button", MqttConfiguration.discoveryID(screen: screen.name, button: button.displayName), "\(screen.name): \(button.displayName)", [
                    "command_topic": topics.command("press"),
                    "payload_press": MqttFrontEnd.json(["screen": screen.name, "button": button.displayName]),
                ])
            }
        }
        return messages
    }

    private var node: String { MqttConfiguration.discoveryIdentifier(clientID) }

    private var device: [String: Any] {
        ["identifiers": [clientID], "name": clientID, "manufacturer": "SwipeKiosk", "model": "swipe-kiosk"]
    }
}
