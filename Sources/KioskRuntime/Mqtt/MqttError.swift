/// Why the MQTT front end could not start.
struct MqttError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
