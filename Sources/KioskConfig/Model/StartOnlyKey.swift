/// One key (or table) of the config file that only a start applies, and how to tell whether a file
/// changes it. `StartOnlyConfiguration.changes(to:)` names those a reload finds changed, and
/// swipe-kiosk.toml(5) marks the same keys, so the answer to a reload and the manual cannot drift.
public struct StartOnlyKey {
    /// The table as `ConfigSchema` writes its path: "display", "power", "display.output".
    public let table: String
    /// The key in `table`; nil when the entry is the table itself (`[[display.output]] 1`).
    public let key: String?
    /// How a reload's answer and the log name it: "[mqtt] broker".
    public let name: String
    /// Whether the file's value differs from the running one.
    let differs: (StartOnlyConfiguration, StartOnlyConfiguration) -> Bool

    /// The key `key` of `[table]`, read at `path`.
    static func key<Value: Equatable>(_ table: String, _ key: String,
                                      _ path: KeyPath<StartOnlyConfiguration, Value>) -> StartOnlyKey {
        StartOnlyKey(table: table, key: key, name: "[\(table)] \(key)") { $0[keyPath: path] != $1[keyPath: path] }
    }

    /// The tables every key of which only a start applies: the display is opened, the bus name
    /// owned, the metrics file written and the broker connected from start to exit. A key a
    /// reader of these tables asks for must be in `all` (ConfigManualPageTests checks).
    public static let tables = ["display", "control", "metrics", "mqtt"]

    /// Every key only a start applies, in the order a reload names them.
    public static var all: [StartOnlyKey] {
        [
            .key("display", "backend", \.display.backend),
            .key("display", "device", \.display.device),
            .key("display", "connector", \.display.connector),
            .key("display", "mode", \.display.mode),
            .key("display", "rotation", \.display.rotation),
            .key("display", "size", \.display.size),
            .key("display", "refresh-rate", \.display.refreshRate),
            .key("display", "buffers", \.display.buffers),
            .key("display", "planes", \.display.planes),
            .key("display", "wait-for-output", \.display.waitForOutput),
            // The first output is the display that opened; the others come and go with a reload.
            StartOnlyKey(table: "display.output", key: nil, name: "[[display.output]] 1") { $0.firstOutput != $1.firstOutput },
            .key("control", "bus", \.control.bus),
            .key("metrics", "textfile", \.metrics.textfile),
            .key("metrics", "interval", \.metrics.interval),
            .key("mqtt", "broker", \.mqtt.broker),
            .key("mqtt", "client-id", \.mqtt.clientID),
            .key("mqtt", "username", \.mqtt.username),
            .key("mqtt", "password-file", \.mqtt.passwordFile),
            .key("mqtt", "ca-file", \.mqtt.caFile),
            .key("mqtt", "topic-prefix", \.mqtt.topicPrefix),
            .key("mqtt", "keepalive", \.mqtt.keepalive),
            .key("mqtt", "homeassistant", \.mqtt.homeAssistant),
            // The backlight is opened at start; the rest of [power] is applied by a reload.
            .key("power", "backlight", \.backlight)
        ]
    }

    /// The keys of the table at `path` (a `ConfigSchema` path) that only a start applies.
    public static func keys(inTable path: String) -> [String] {
        all.filter { $0.table == path }.compactMap(\.key)
    }
}
