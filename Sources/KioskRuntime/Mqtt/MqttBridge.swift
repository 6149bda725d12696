import Foundation
import KioskConfig
import Logging

/// The kiosk on the building's MQTT broker: its state retained under the topic prefix, its events,
/// and commands that go through the same control target as D-Bus, answered with `ctl`'s error texts.
final class MqttBridge: KioskDaemonObserver {
    let topics: MqttTopics
    private let connection: MqttConnection
    private weak var target: (any ControlTarget)?
    private let logger: Logger
    /// The value texts last published, so a change publishes only what changed.
    private var publishedValues: [String: String] = [:]

    /// The bridge `configuration` asks for, connecting from the loop's next turns; nil without `broker`.
    static func start(_ configuration: MqttConfiguration, target: any ControlTarget, loop: EventLoop, clock: any DaemonClock,
                      logger: Logger) throws -> MqttBridge? {
        guard let broker = configuration.broker else { return nil }
        let clientID = configuration.clientID ?? "swipe-kiosk-" + machineID()
        let topics = MqttTopics(prefix: configuration.topicPrefix ?? "swipe-kiosk/\(clientID)")
        var password: String?
        if let path = configuration.passwordFile {
            do {
                password = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first.map(String.init) ?? ""
            } catch {
                throw MqttError.setup("[mqtt] password-file \(path) cannot be read (\(error.localizedDescription)); "
                                      + "make it readable by the service's user")
            }
        }
        let settings = MqttConnection.Settings(broker: broker, clientID: clientID, username: configuration.username,
                                               password: password, keepalive: configuration.keepalive,
                                               caFile: configuration.caFile, will: (topics.availability, "offline"))
        let bridge = MqttBridge(connection: try MqttConnection(settings: settings, loop: loop, clock: clock), topics: topics,
                                target: target, logger: logger)
        bridge.connection.start()
        return bridge
    }

    private init(connection: MqttConnection, topics: MqttTopics, target: any ControlTarget, logger: Logger) {
        self.connection = connection
        self.topics = topics
        self.target = target
        self.logger = logger
        connection.log = { [logger] message, isProblem in
            if isProblem { logger.warning("MQTT: \(message)") } else { logger.notice("MQTT: \(message)") }
        }
        connection.onConnected = { [unowned self] in
            connection.subscribe(topics.commands)
            publishEverything()
        }
        connection.onMessage = { [unowned self] topic, payload in handle(topic: topic, payload: payload) }
    }

    var isConnected: Bool { connection.isConnected }

    /// Marks the panel offline (retained) and says goodbye, for a clean stop.
    func stop() {
        connection.publish(topics.availability, "offline", retain: true)
        connection.close()
    }

    /// `/etc/machine-id`, as systemd keeps it; the host name where there is none.
    private static func machineID() -> String {
        let text = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8)) ?? ""
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? ProcessInfo.processInfo.hostName : id
    }

    // MARK: - State and events

    private func publishEverything() {
        publishedValues = [:]
        connection.publish(topics.availability, "online", retain: true)
        for property in KioskDaemonProperty.allCases { publish(property) }
    }

    private func publish(_ property: KioskDaemonProperty) {
        guard let target else { return }
        switch property {
        case .currentScreen: connection.publish(topics.state("screen"), target.currentScreen, retain: true)
        case .screens: connection.publish(topics.state("screens"), Self.json(target.screens), retain: true)
        case .blanked: connection.publish(topics.state("blanked"), target.isBlanked ? "true" : "false", retain: true)
        case .transitioning: connection.publish(topics.state("transitioning"), target.isTransitioning ? "true" : "false", retain: true)
        case .brightness: connection.publish(topics.state("brightness"), Self.number(target.brightness), retain: true)
        case .values:
            let values = target.values
            for (name, text) in values.sorted(by: { $0.key < $1.key }) where publishedValues[name] != text {
                connection.publish(topics.value(name), text, retain: true)
            }
            // What was not sent (no connection) goes out with everything else on the next connection.
            if connection.isConnected { publishedValues = values }
        }
    }

    func propertiesChanged(_ properties: Set<KioskDaemonProperty>) {
        for property in KioskDaemonProperty.allCases where properties.contains(property) { publish(property) }
    }

    func screenChanged(from: String, to: String) {
        connection.publish(topics.event("screen-changed"), Self.json(["from": from, "to": to]), retain: false)
    }

    func transitionEnded(from: String, to: String, completed: Bool) {
        connection.publish(topics.event("transition-ended"), Self.json(["from": from, "to": to, "completed": completed]), retain: false)
    }

    func buttonPressed(screen: String, button: String) {
        connection.publish(topics.event("button"), Self.json(["button": button, "screen": screen]), retain: false)
    }

    func actionFinished(screen: String, button: String, status: Int32) {
        connection.publish(topics.event("action-finished"), Self.json(["button": button, "status": Int(status)]), retain: false)
    }

    func stopping() {
        stop()
    }

    // MARK: - Commands

    private func handle(topic: String, payload: Data) {
        guard topic.hasPrefix(topics.commandPrefix), let target else { return }
        let command = String(topic.dropFirst(topics.commandPrefix.count))
        let text = String(decoding: payload, as: UTF8.self)
        let result = Result { () throws(ControlError) in try run(command, text, on: target) }
        let answer: [String: Any] = switch result {
        case .success: ["command": command, "ok": true, "error": NSNull()]
        case .failure(let error): ["command": command, "ok": false, "error": error.description]
        }
        connection.publish(topics.result, Self.json(answer), retain: false)
    }

    private func run(_ command: String, _ text: String, on target: any ControlTarget) throws(ControlError) {
        switch command {
        case "goto":
            let (screen, animated) = try Self.gotoArguments(text)
            try target.goTo(screen: screen, animated: animated)
        case "blank": try target.blankPanel()
        case "wake": try target.wakePanel()
        case "brightness":
            guard let level = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalidArgument("brightness \"\(text)\" is not a number from 0 to 1")
            }
            try target.setBrightness(level)
        case "reload": try target.reloadConfiguration()
        case _ where command.hasPrefix("set/") && command.count > 4:
            try target.setValue(name: String(command.dropFirst(4)), value: text)
        default:
            throw .invalidArgument("unknown command \"\(command)\": goto, set/NAME, blank, wake, brightness or reload")
        }
    }

    /// A screen name, or `{"screen": NAME, "animated": BOOL}` (animated unless it says otherwise).
    private static func gotoArguments(_ text: String) throws(ControlError) -> (String, Bool) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("{") else { return (trimmed, true) }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
              let screen = object["screen"] as? String else {
            throw .invalidArgument("goto takes a screen name or {\"screen\": NAME, \"animated\": true|false}")
        }
        return (screen, object["animated"] as? Bool ?? true)
    }

    private static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.3g", value)
    }
}
