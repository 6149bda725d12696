/// The topic names under `[mqtt] topic-prefix` (P): a contract automations and dashboards use.
struct MqttTopics {
    let prefix: String

    /// Retained: `online`, and `offline` as the will.
    var availability: String { "\(prefix)/availability" }
    /// Retained state: `screen`, `screens`, `blanked`, `transitioning`, `brightness`.
    func state(_ name: String) -> String { "\(prefix)/state/\(name)" }
    /// Retained: a value's text.
    func value(_ name: String) -> String { "\(prefix)/value/\(name)" }
    /// Not retained, JSON: `screen-changed`, `transition-ended`, `button`, `action-finished`.
    func event(_ name: String) -> String { "\(prefix)/event/\(name)" }
    /// What commands arrive on: `goto`, `set/NAME`, `blank`, `wake`, `brightness`, `reload`.
    var commands: String { "\(prefix)/command/#" }
    var commandPrefix: String { "\(prefix)/command/" }
    /// Each command's answer: `{"command","ok","error"}`.
    var result: String { "\(prefix)/result" }
}
