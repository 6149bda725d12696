/// The kiosk's topics under `[mqtt] topic-prefix` (a contract: Home Assistant automations name them).
struct MqttTopics {
    let prefix: String

    var availability: String { "\(prefix)/availability" }
    var screen: String { "\(prefix)/state/screen" }
    var screens: String { "\(prefix)/state/screens" }
    var blanked: String { "\(prefix)/state/blanked" }
    var transitioning: String { "\(prefix)/state/transitioning" }
    var brightness: String { "\(prefix)/state/brightness" }
    var volume: String { "\(prefix)/state/volume" }
    func value(_ name: String) -> String { "\(prefix)/value/\(name)" }
    func event(_ name: String) -> String { "\(prefix)/event/\(name)" }
    var commands: String { "\(prefix)/command/#" }
    var commandPrefix: String { "\(prefix)/command/" }
    func command(_ name: String) -> String { "\(prefix)/command/\(name)" }
    var result: String { "\(prefix)/result" }
}
