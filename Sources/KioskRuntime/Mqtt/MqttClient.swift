import CLinux
import CMosquitto
import Foundation
import Glibc
import KioskConfig

/// One libmosquitto client served by the daemon's epoll loop: its socket in epoll (POLLOUT only
/// while output is queued), `mosquitto_loop_read/write/misc` when ready, and a timer for keepalive
/// and reconnecting with backoff. No thread: libmosquitto's own loop thread is never started, and
/// the connect is asynchronous, so a broker that is down, slow or silent never holds up a frame.
final class MqttClient {
    /// What the client is told to connect with.
    struct Settings {
        var broker: MqttBroker
        var clientID: String
        var username: String?
        var password: String?
        var caFile: String?
        var keepalive: Int
        /// Published retained by the broker when the connection dies without a goodbye.
        var will: (topic: String, payload: String)
    }

    private let mosq: OpaquePointer
    private let settings: Settings
    private let loop: EventLoop
    private let clock: any DaemonClock
    private var timer: (any DaemonTimer)!
    private var watchedSocket: Int32 = -1
    private var watchedEvents: UInt32 = 0
    private var backoff: Double = 1
    private var connectDeadline: Double?
    /// Messages handed on in this turn of the loop (`messagesPerTurn` at most), and their topics' and payloads' bytes.
    private var messagesThisTurn = 0
    private var bytesThisTurn = 0
    /// A flood waits in the socket (and the broker) for the next turn, as D-Bus's does: signals,
    /// frames, touches and `ctl status` go between.
    static let messagesPerTurn = 64
    /// Fewer when they are big: 64 commands on 60 KB topics are 4 MB to look at.
    static let bytesPerTurn = 256 * 1024
    /// A payload longer than this is never copied or decoded: the message arrives without it.
    static let payloadLimit = 64 * 1024
    /// However long the keepalive, a connect that is not answered within this is retried.
    static let connectTimeout: Double = 10
    private(set) var isConnected = false
    /// The broker accepted the connection: subscribe and publish the state now.
    var onConnected: () -> Void = {}
    var onMessage: (MqttMessage) -> Void = { _ in }
    var log: (String) -> Void = { _ in }

    private static let libraryReady: Bool = {
        mosquitto_lib_init()
        return true
    }()

    init(settings: Settings, loop: EventLoop, clock: any DaemonClock) throws {
        _ = Self.libraryReady
        self.settings = settings
        self.loop = loop
        self.clock = clock
        guard let mosq = mosquitto_new(settings.clientID, true, nil) else {
            throw MqttError("mosquitto_new failed (out of memory or a bad client id)")
        }
        self.mosq = mosq
        mosquitto_user_data_set(mosq, Unmanaged.passUnretained(self).toOpaque())
        mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V311))
        try check(mosquitto_will_set(mosq, settings.will.topic, Int32(settings.will.payload.utf8.count),
                                     settings.will.payload, 1, true), "will")
        if let username = settings.username {
            try check(mosquitto_username_pw_set(mosq, username, settings.password), "username")
        }
        if settings.broker.tls {
            // Without a ca-file, the system's store (Debian's ca-certificates).
            let capath = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(mosquitto_tls_set(mosq, settings.caFile, capath, nil, nil, nil), "TLS (ca-file \(settings.caFile ?? "none"))")
        }
        mosquitto_connect_callback_set(mosq) { _, context, code in
            MqttClient.client(context)?.connected(code: code)
        }
        mosquitto_disconnect_callback_set(mosq) { _, context, code in
            MqttClient.client(context)?.disconnected(code: code)
        }
        mosquitto_message_callback_set(mosq) { _, context, message in
            guard let client = MqttClient.client(context), let message else { return }
            let size = Int(message.pointee.payloadlen)
            let payload = size > MqttClient.payloadLimit ? nil : message.pointee.payload.map { Data(bytes: $0, count: size) } ?? Data()
            client.messagesThisTurn += 1
            client.bytesThisTurn += min(size, MqttClient.payloadLimit) + Int(strlen(message.pointee.topic))
            client.onMessage(MqttMessage(topic: String(cString: message.pointee.topic), payload: payload, size: size,
                                         retained: message.pointee.retain))
        }
        timer = try clock.makeTimer { [unowned self] in tick() }
    }

    deinit {
        timer?.cancel()
        unwatch()
        mosquitto_destroy(mosq)
    }

    private static func client(_ context: UnsafeMutableRawPointer?) -> MqttClient? {
        context.map { Unmanaged<MqttClient>.fromOpaque($0).takeUnretainedValue() }
    }

    private func check(_ code: Int32, _ what: String) throws {
        guard code == MOSQ_ERR_SUCCESS.rawValue else { throw MqttError("\(what): \(String(cString: mosquitto_strerror(code)))") }
    }

    /// Starts connecting; failures are retried with backoff, never thrown.
    func start() {
        connect(first: true)
    }

    /// Says goodbye (the will is not sent; `goodbye` is published first when given) and stops.
    func stop(goodbye: (topic: String, payload: String)? = nil) {
        timer.cancel()
        if isConnected, let goodbye {
            publish(goodbye.topic, goodbye.payload, retain: true)
            // Non-blocking: whatever the socket takes now goes; the rest is lost with the connection.
            _ = mosquitto_loop_write(mosq, 1)
        }
        mosquitto_disconnect(mosq)
        isConnected = false
        unwatch()
    }

    /// Queues a message; sent as the socket takes it. Dropped (not queued) while disconnected.
    func publish(_ topic: String, _ payload: String, retain: Bool = false, qos: Int32 = 1) {
        guard isConnected else { return }
        let bytes = Array(payload.utf8)
        let code = mosquitto_publish(mosq, nil, topic, Int32(bytes.count), bytes, qos, retain)
        if code != MOSQ_ERR_SUCCESS.rawValue {
            log("MQTT: publishing on \(topic) failed: \(String(cString: mosquitto_strerror(code)))")
        }
        updateWatch()
    }

    func subscribe(_ filter: String) {
        let code = mosquitto_subscribe(mosq, nil, filter, 1)
        if code != MOSQ_ERR_SUCCESS.rawValue {
            log("MQTT: subscribing to \(filter) failed: \(String(cString: mosquitto_strerror(code)))")
        }
        updateWatch()
    }

    func unsubscribe(_ filter: String) {
        _ = mosquitto_unsubscribe(mosq, nil, filter)
        updateWatch()
    }

    // MARK: - Connection

    private func connect(first: Bool) {
        let broker = settings.broker
        // A host name is resolved here (getaddrinfo); the TCP connect itself does not wait.
        let code = first
            ? mosquitto_connect_async(mosq, broker.host, Int32(broker.port), Int32(settings.keepalive))
            : mosquitto_reconnect_async(mosq)
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            let reason = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
            return retryLater("cannot connect to \(broker): \(reason)")
        }
        connectDeadline = clock.now + Self.connectTimeout
        updateWatch()
        timer.schedule(at: clock.now + 1)
    }

    private func connected(code: Int32) {
        guard code == 0 else {
            let reason = String(cString: mosquitto_connack_string(code))
            let hint = code == 4 || code == 5 ? " (check [mqtt] username and password-file)" : ""
            log("MQTT: the broker at \(settings.broker) refused the connection: \(reason)\(hint)")
            return
        }
        isConnected = true
        connectDeadline = nil
        backoff = 1
        log("MQTT: connected to \(settings.broker) as \(settings.clientID)")
        onConnected()
        updateWatch()
    }

    private func disconnected(code: Int32) {
        if isConnected { log("MQTT: connection to \(settings.broker) lost") }
        isConnected = false
    }

    /// Drops the connection and tries again after the backoff (1 s doubling to 60 s).
    private func retryLater(_ reason: String) {
        log("MQTT: \(reason); trying again in \(Int(backoff)) s")
        isConnected = false
        connectDeadline = nil
        unwatch()
        timer.schedule(at: clock.now + backoff)
        backoff = min(backoff * 2, 60)
    }

    private var waitingToReconnect: Bool { watchedSocket < 0 }

    private func tick() {
        if waitingToReconnect {
            return connect(first: false)
        }
        if let connectDeadline, clock.now >= connectDeadline {
            mosquitto_disconnect(mosq)
            return retryLater("\(settings.broker) did not answer within \(Int(Self.connectTimeout)) s")
        }
        let code = mosquitto_loop_misc(mosq)
        guard code == MOSQ_ERR_SUCCESS.rawValue else { return lost(code) }
        updateWatch()
        timer.schedule(at: clock.now + 1)
    }

    private func ready(events: UInt32) {
        var code = MOSQ_ERR_SUCCESS.rawValue
        if events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            // One packet a read, while more wait, up to the turn's share; the rest keep the socket
            // readable, so the loop comes back next turn.
            messagesThisTurn = 0
            bytesThisTurn = 0
            var reads = 0
            repeat {
                code = mosquitto_loop_read(mosq, 1)
                reads += 1
            } while code == MOSQ_ERR_SUCCESS.rawValue && watchedSocket >= 0 && messagesThisTurn < Self.messagesPerTurn
                && bytesThisTurn < Self.bytesPerTurn
                && reads < 4 * Self.messagesPerTurn && pollEvents(watchedSocket) & EPOLLIN.rawValue != 0
        }
        if code == MOSQ_ERR_SUCCESS.rawValue, watchedSocket >= 0, mosquitto_want_write(mosq) {
            code = mosquitto_loop_write(mosq, 16)
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else { return lost(code) }
        updateWatch()
    }

    private func lost(_ code: Int32) {
        let reason = code == MOSQ_ERR_ERRNO.rawValue ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
        mosquitto_disconnect(mosq)
        retryLater("connection to \(settings.broker) ended: \(reason)")
    }

    /// Watches the socket for input, and for output while some is queued.
    private func updateWatch() {
        let socket = mosquitto_socket(mosq)
        guard socket >= 0 else { return unwatch() }
        let events = EPOLLIN.rawValue | (mosquitto_want_write(mosq) ? EPOLLOUT.rawValue : 0)
        guard socket != watchedSocket || events != watchedEvents else { return }
        if socket != watchedSocket { unwatch() }
        do {
            try loop.watch(socket, events: events) { [unowned self] in ready(events: pollEvents(socket)) }
            watchedSocket = socket
            watchedEvents = events
        } catch {
            log("MQTT: \(error)")
        }
    }

    /// The loop's handler is told only "ready"; ask the socket what it is ready for.
    private func pollEvents(_ socket: Int32) -> UInt32 {
        var entry = pollfd(fd: socket, events: Int16(POLLIN | POLLOUT), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return 0 }
        var events: UInt32 = 0
        if entry.revents & Int16(POLLIN) != 0 { events |= EPOLLIN.rawValue }
        if entry.revents & Int16(POLLOUT) != 0 { events |= EPOLLOUT.rawValue }
        if entry.revents & Int16(POLLHUP | POLLERR) != 0 { events |= EPOLLHUP.rawValue }
        return events
    }

    private func unwatch() {
        if watchedSocket >= 0 { loop.unwatch(watchedSocket) }
        watchedSocket = -1
        watchedEvents = 0
    }
}
