import CMosquitto
import Foundation
import KioskConfig
import KioskEngine
import Logging

/// The kiosk on an MQTT broker: the second front end of the one `ControlTarget` (D-Bus is the
/// first). Publishes the state retained and the events as JSON under `[mqtt] topic-prefix`, runs
/// the commands it receives and answers each on `P/result`, feeds the `mqtt` values, and publishes
/// the `mqtt` buttons' payloads.
public final class MqttFrontEnd: KioskDaemonObserver {
    private let client: MqttClient
    private let topics: MqttTopics
    private unowned let daemon: KioskDaemon
    private weak var target: (any ControlTarget)?
    private let logger: Logger
    /// The value topics subscribed to now.
    private var valueFilters: Set<String> = []
    /// The last text published per value, so only changes go out.
    private var publishedValues: [String: String] = [:]
    /// Home Assistant discovery (`[mqtt] homeassistant`), and the config topics published so far.
    private let discovery: MqttDiscovery?
    private var discoveryTopics: Set<String> = []
    /// Command topics whose retained message was ignored and logged (once per topic).
    private var retainedCommandsLogged: Set<String> = []
    /// An MQTT reload waits for its turn (`ControlTarget.requestReload`); reloads asked meanwhile share its answer.
    private var reloadAnswerPending = false

    /// Connects (in the background of the loop) to the broker `settings` names.
    public init(settings: MqttConfiguration, daemon: KioskDaemon, target: any ControlTarget, logger: Logger) throws {
        guard let broker = settings.broker else { throw MqttError("[mqtt] has no broker") }
        let clientID = settings.clientID ?? Self.defaultClientID()
        topics = MqttTopics(prefix: settings.topicPrefix ?? "swipe-kiosk/\(clientID)")
        let password = try settings.passwordFile.map { try MqttPasswordFile(path: $0).read() }
        client = try MqttClient(settings: .init(broker: broker, clientID: clientID, username: settings.username, password: password,
                                                caFile: settings.caFile, keepalive: settings.keepalive,
                                                will: (topics.availability, "offline")),
                                loop: daemon.eventLoop, clock: daemon.clock)
        discovery = settings.homeAssistant ? MqttDiscovery(clientID: clientID, topics: topics) : nil
        self.daemon = daemon
        self.target = target
        self.logger = logger
        client.log = { [logger] in logger.notice("\($0)") }
        client.onConnected = { [unowned self] in connected() }
        client.onMessage = { [unowned self] message in received(message) }
        client.start()
    }

    deinit {
        client.stop(goodbye: (topics.availability, "offline"))
    }

    /// The prefix every topic of this kiosk starts with.
    public var topicPrefix: String { topics.prefix }

    /// `swipe-kiosk-` and /etc/machine-id (the host name where there is none).
    static func defaultClientID() -> String {
        let id = (try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return "swipe-kiosk-" + (id.flatMap { $0.isEmpty ? nil : $0 } ?? ProcessInfo.processInfo.hostName)
    }

    // MARK: - Connection

    private func connected() {
        client.publish(topics.availability, "online", retain: true)
        client.subscribe(topics.commands)
        valueFilters = []
        subscribeValues()
        publishedValues = [:]
        publishState(Set(KioskDaemonProperty.allCases))
        discoveryTopics = []
        announce()
    }

    /// Publishes the discovery config of every entity the running config has, retained, and an
    /// empty retained message for each one published before that it no longer has.
    private func announce() {
        guard let discovery, client.isConnected else { return }
        let messages = discovery.messages(for: daemon.configuration)
        for gone in discoveryTopics.subtracting(messages.keys).sorted() {
            client.publish(gone, "", retain: true)
        }
        for (topic, payload) in messages.sorted(by: { $0.key < $1.key }) {
            client.publish(topic, payload, retain: true)
        }
        discoveryTopics = Set(messages.keys)
    }

    /// Subscribes to the topics the running config's `mqtt` values name (a reload may change them).
    private func subscribeValues() {
        let filters = Set(daemon.configuration.values.compactMap { value -> String? in
            if case .mqtt(let spec) = value.source { return spec.topic }
            return nil
        })
        for gone in valueFilters.subtracting(filters) { client.unsubscribe(gone) }
        for new in filters.subtracting(valueFilters) { client.subscribe(new) }
        valueFilters = filters
    }

    private func publishState(_ properties: Set<KioskDaemonProperty>) {
        guard client.isConnected, let target else { return }
        // QoS 0: libmosquitto resends unacknowledged QoS 1 messages after a reconnect, after the
        // fresh state published on connecting, so a stale state would win; QoS 0 ones are dropped.
        for property in KioskDaemonProperty.allCases where properties.contains(property) {
            switch property {
            case .currentScreen: client.publish(topics.screen, target.currentScreen, retain: true, qos: 0)
            case .screens: client.publish(topics.screens, Self.json(target.screens), retain: true, qos: 0)
            case .blanked: client.publish(topics.blanked, String(target.isBlanked), retain: true, qos: 0)
            case .transitioning: client.publish(topics.transitioning, String(target.isTransitioning), retain: true, qos: 0)
            case .brightness: client.publish(topics.brightness, String(target.brightness), retain: true, qos: 0)
            case .volume: client.publish(topics.volume, String(target.volume), retain: true, qos: 0)
            case .values:
                let values = target.values
                // A value a reload removed loses its retained text.
                for gone in publishedValues.keys.filter({ values[$0] == nil }).sorted() {
                    client.publish(topics.value(gone), "", retain: true, qos: 0)
                    publishedValues[gone] = nil
                }
                for (name, text) in values.sorted(by: { $0.key < $1.key }) where publishedValues[name] != text {
                    client.publish(topics.value(name), text, retain: true, qos: 0)
                    publishedValues[name] = text
                }
            case .outputs:
                // MQTT publishes no per-output topics (none is named in its contract); D-Bus has `Outputs`.
                break
            }
        }
    }

    // MARK: - Incoming

    private func received(_ message: MqttMessage) {
        let topic = message.topic
        if topic.hasPrefix(topics.commandPrefix) {
            let name = String(topic.dropFirst(topics.commandPrefix.count))
            // Commands are live or nothing: a retained one would run again at every connection.
            guard !message.retained else { return ignoreRetained(command: name) }
            guard let payload = message.payload else {
                return answer(name, error: .invalidArgument("the payload is \(message.size) bytes, more than the "
                                                            + "\(MqttClient.payloadLimit / 1024) KiB a command takes"))
            }
            return command(name, payload: String(decoding: payload, as: UTF8.self))
        }
        for value in daemon.configuration.values {
            guard case .mqtt(let spec) = value.source, Self.topic(topic, matches: spec.topic) else { continue }
            let text = message.payload.map { MqttValueReader(spec: spec).text(from: $0) }
                ?? .failure(MqttError("the payload is \(message.size) bytes, more than the \(MqttClient.payloadLimit / 1024) KiB a message may have"))
            switch text {
            case .success(let text): daemon.receiveMqttValue(value.name, text: text)
            case .failure(let error):
                logger.repeating("mqtt value \(value.name)", .warning,
                                 "value \"\(value.name)\": a message on \(MessageText.shortened(topic)) was ignored: \(error)")
            }
        }
    }

    private func ignoreRetained(command name: String) {
        // The set is bounded: past it, the rate limit alone keeps the log short.
        guard !retainedCommandsLogged.contains(name) else { return }
        if retainedCommandsLogged.count < 256 { retainedCommandsLogged.insert(name) }
        logger.repeating("mqtt retained command", .warning,
                         "MQTT: the retained message on \(MessageText.shortened(topics.command(name))) was ignored: commands run only "
                         + "when they are sent, never from a retained message (clear it with an empty retained message)")
    }

    private func command(_ name: String, payload: String) {
        guard let target else { return }
        let command: MqttCommand
        do {
            command = try MqttCommand(name: name, payload: payload)
        } catch {
            return answer(name, error: error)
        }
        if command == .reload {
            // Reloads asked while one waits for SIGHUP's limit share its answer.
            guard !reloadAnswerPending else { return }
            reloadAnswerPending = true
        }
        command.run(on: target) { [weak self] error, summary in
            guard let self else { return }
            if command == .reload { reloadAnswerPending = false }
            answer(name, error: error, summary: summary)
        }
    }

    /// Publishes `{"command","ok","error"}` on `P/result` (and a reload's `summary`, naming the keys
    /// only a restart applies); a refusal is logged too (rate-limited).
    private func answer(_ name: String, error: ControlError?, summary: String? = nil) {
        let quoted = MessageText.shortened(name)
        if let error { logger.repeating("mqtt command", .notice, "MQTT command \(quoted): \(error)") }
        var result: [String: Any] = ["command": quoted, "ok": error == nil]
        result["error"] = error.map { $0.description } ?? NSNull()
        if let summary { result["summary"] = summary }
        client.publish(topics.result, Self.json(result))
    }

    private static func topic(_ topic: String, matches filter: String) -> Bool {
        var result = false
        return mosquitto_topic_matches_sub(filter, topic, &result) == MOSQ_ERR_SUCCESS.rawValue && result
    }

    static func json(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - KioskDaemonObserver

    public func propertiesChanged(_ properties: Set<KioskDaemonProperty>) {
        publishState(properties)
    }

    public func configurationReloaded(accepted: Bool) {
        guard accepted, client.isConnected else { return }
        subscribeValues()
        publishState([.values])
        announce()
    }

    public func screenChanged(from: String, to: String) {
        client.publish(topics.event("screen-changed"), Self.json(["from": from, "to": to]))
    }

    public func transitionEnded(from: String, to: String, completed: Bool) {
        client.publish(topics.event("transition-ended"), Self.json(["from": from, "to": to, "completed": completed] as [String: Any]))
    }

    public func buttonPressed(screen: String, button: String) {
        client.publish(topics.event("button"), Self.json(["button": button, "screen": screen]))
    }

    public func actionFinished(screen: String, button: String, status: Int32) {
        client.publish(topics.event("action-finished"), Self.json(["button": button, "status": Int(status)] as [String: Any]))
    }

    public func mqttButtonPressed(screen: String, button: String, topic: String, payload: String) {
        guard client.isConnected else {
            return logger.warning("button \"\(button)\": not connected to the MQTT broker; \(topic) was not published")
        }
        client.publish(topic, payload)
        buttonPressed(screen: screen, button: button)
    }
}
