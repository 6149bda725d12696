/// `[mqtt]`: the broker the kiosk reports its state to and takes commands from (topics under
/// `topic-prefix`), and Home Assistant discovery. Only a restart applies it (`StartOnlyConfiguration`).
public struct MqttConfiguration: Hashable, Sendable {
    /// Where the broker is; nil (no `broker`): no MQTT at all.
    public var broker: MqttBroker?
    /// nil: `swipe-kiosk-` and the machine id.
    public var clientID: String?
    public var username: String?
    /// A file whose first line is the password (never the password itself in the config).
    public var passwordFile: String?
    /// The CA certificates an `mqtts://` broker's certificate is checked against; nil: the system's.
    public var caFile: String?
    /// nil: `swipe-kiosk/<client-id>`.
    public var topicPrefix: String?
    /// Seconds between keepalive pings; a broker silent for 1.5 times this is taken as gone.
    public var keepalive = 60
    /// Announces the panel to Home Assistant under `discoveryPrefix`.
    public var homeAssistant = false
    /// Where Home Assistant listens for discovery (its default).
    public static let discoveryPrefix = "homeassistant"

    /// Every setting at its default, as an omitted section reads.
    public init() {}

    init(reading table: TableReader) {
        broker = table.formatted("broker", expected: "\"mqtt://host:1883\" or \"mqtts://host:8883\"", parse: MqttBroker.init(url:))
        clientID = table.formatted("client-id", expected: "1 to \(Self.clientIDLimit) printable ASCII characters, without '+' or '#' "
                                   + "(the default topic prefix, swipe-kiosk/<client-id>, is made of it)") { id in
            Self.isValidClientID(id) ? id : nil
        }
        username = table.nonEmptyString("username")
        passwordFile = table.formatted("password-file", expected: "an absolute path, or \(Self.credentialsPrefix)NAME (systemd's LoadCredential=)") { path in
            path.hasPrefix("/") || (path.hasPrefix(Self.credentialsPrefix) && path.count > Self.credentialsPrefix.count) ? path : nil
        }
        caFile = table.formatted("ca-file", expected: "an absolute path") { $0.hasPrefix("/") ? $0 : nil }
        topicPrefix = table.formatted("topic-prefix", expected: "a topic without '+', '#', or a '/' at either end") { prefix in
            Self.isValidPrefix(prefix) ? prefix : nil
        }
        keepalive = table.integer("keepalive", default: keepalive, in: 5...3600)
        homeAssistant = table.bool("homeassistant", default: homeAssistant)
        if broker == nil && !table.contains("broker") {
            for key in ["client-id", "username", "password-file", "ca-file", "topic-prefix", "homeassistant"] where table.contains(key) {
                table.diagnostics.keyError("[mqtt] '\(key)' needs 'broker' = \"mqtt://host:1883\"", at: table.path.appending(key))
            }
        }
        if passwordFile != nil && username == nil && table.contains("password-file") {
            table.valueError("password-file", "needs 'username' too")
        }
        if caFile != nil, let broker, !broker.tls {
            table.valueError("ca-file", "applies to an mqtts:// broker only; \(broker) is plain TCP")
        }
        table.finishReading()
    }

    /// A `password-file` starting so is read from systemd's credentials directory.
    public static let credentialsPrefix = "$CREDENTIALS_DIRECTORY/"

    /// The longest client id; brokers need not take more than 23 characters, Mosquitto takes 65535.
    public static let clientIDLimit = 64

    /// True for a client id the kiosk can connect as and derive `swipe-kiosk/<client-id>` from:
    /// printable ASCII, no wildcard (which would make the derived prefix a filter).
    public static func isValidClientID(_ id: String) -> Bool {
        (1...clientIDLimit).contains(id.utf8.count)
            && id.unicodeScalars.allSatisfy { (33...126).contains($0.value) && $0 != "+" && $0 != "#" }
    }

    /// Home Assistant's node and object ids take `[a-zA-Z0-9_-]`; anything else becomes `_`.
    public static func discoveryIdentifier(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-")
                ? Character(scalar) : "_"
        })
    }

    /// The discovery object id of a button's Home Assistant entity.
    public static func discoveryID(screen: String, button: String) -> String {
        discoveryIdentifier("button_\(screen)_\(button)")
    }

    /// The discovery object id of a value's Home Assistant sensor.
    public static func discoveryID(value: String) -> String {
        discoveryIdentifier("value_\(value)")
    }

    /// True for a topic prefix the kiosk can put its topics under.
    public static func isValidPrefix(_ prefix: String) -> Bool {
        !prefix.isEmpty && !prefix.hasPrefix("/") && !prefix.hasSuffix("/") && !prefix.contains("+") && !prefix.contains("#")
            && !prefix.contains("\0") && prefix.utf8.count <= 512
    }

    /// True for a topic a message may be published on (no wildcards).
    public static func isValidTopic(_ topic: String) -> Bool {
        !topic.isEmpty && !topic.contains("+") && !topic.contains("#") && !topic.contains("\0") && topic.utf8.count <= 65_535
    }

    /// True for a topic filter a subscription may use (`+` and `#` as whole levels, `#` last).
    public static func isValidFilter(_ filter: String) -> Bool {
        guard !filter.isEmpty, !filter.contains("\0"), filter.utf8.count <= 65_535 else { return false }
        let levels = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in levels.enumerated() {
            if level.contains("#") && (level != "#" || index != levels.count - 1) { return false }
            if level.contains("+") && level != "+" { return false }
        }
        return true
    }
}
