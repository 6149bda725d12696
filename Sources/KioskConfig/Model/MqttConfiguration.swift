/// `[mqtt]`: the building's MQTT broker, where the kiosk publishes its state and takes commands.
public struct MqttConfiguration: Hashable, Sendable {
    /// Nil: no MQTT at all.
    public var broker: MqttBroker?
    /// Nil: `swipe-kiosk-` and the machine id.
    public var clientID: String?
    public var username: String?
    /// A file holding the password (its first line), so the config itself never holds one.
    public var passwordFile: String?
    /// Nil: `swipe-kiosk/<client-id>`.
    public var topicPrefix: String?
    /// Seconds between keep-alive pings.
    public var keepalive = 30
    /// The CA certificates an `mqtts://` broker is checked against; nil: the system's store.
    public var caFile: String?
    /// Announce the panel to Home Assistant under `homeassistant/` (MQTT discovery).
    public var homeAssistant = false

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        broker = table.formatted("broker", expected: "a broker \"mqtt://host:1883\" or \"mqtts://host:8883\"",
                                 parse: MqttBroker.init(parsing:))
        clientID = table.formatted("client-id", expected: "a client id of letters, digits, '-' and '_' (at most 64)") { text in
            Self.isValidClientID(text) ? text : nil
        }
        username = table.nonEmptyString("username")
        passwordFile = table.formatted("password-file", expected: "an absolute path") { $0.hasPrefix("/") ? $0 : nil }
        topicPrefix = table.formatted("topic-prefix", expected: "a topic prefix without '+', '#', a leading or a trailing '/'") {
            Self.isValidPrefix($0) ? $0 : nil
        }
        keepalive = table.integer("keepalive", default: keepalive, in: 5...3600)
        caFile = table.formatted("ca-file", expected: "an absolute path") { $0.hasPrefix("/") ? $0 : nil }
        homeAssistant = table.bool("homeassistant", default: homeAssistant)
        if table.contains("password") {
            table.valueError("password", "is never kept in the config: put it in a file readable only by the service "
                             + "and name it with password-file")
        }
        table.finishReading()
    }

    static func isValidClientID(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }
    }

    static func isValidPrefix(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("/") && !text.hasSuffix("/") && !text.contains("+") && !text.contains("#")
            && !text.contains("\0")
    }
}
