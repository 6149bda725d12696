import CLinux
import CMosquitto
import Foundation
import Glibc
import KioskCamera
import KioskConfig

/// One libmosquitto client driven by the daemon's event loop: its socket is watched in epoll and
/// read or written only when ready, a timer keeps it alive and reconnects with back-off, and no
/// call waits on the broker, so a broker that is down, slow or silent never delays a frame or a touch.
final class MqttConnection {
    /// What to connect with.
    struct Settings {
        var broker: MqttBroker
        var clientID: String
        var username: String?
        var password: String?
        var keepalive: Int
        /// For `mqtts://`: the CA file, or nil for the system's store.
        var caFile: String?
        /// Published by the broker, retained, when the connection dies without a goodbye.
        var will: (topic: String, payload: String)
    }

    /// The broker accepted the connection (at start and after each reconnect).
    var onConnected: () -> Void = {}
    /// A message arrived on a subscribed topic.
    var onMessage: (_ topic: String, _ payload: Data) -> Void = { _, _ in }
    /// Something a kiosk owner should read: each distinct problem once, until it is resolved.
    var log: (_ message: String, _ isProblem: Bool) -> Void = { _, _ in }

    private let settings: Settings
    private let loop: EventLoop
    private let clock: any DaemonClock
    private var handle: OpaquePointer?
    private var timer: (any DaemonTimer)?
    private var watchedSocket: Int32?
    private var watchingWrites = false
    private(set) var isConnected = false
    /// When the attempt under way started; nil while connected or waiting to retry.
    private var attemptStarted: Double?
    private var nextAttempt: Double?
    private var backoff = RetryBackoff(initialDelay: 1, maximumDelay: 30)
    private var lastProblem: String?
    /// True while libmosquitto runs our callbacks: what they publish is written after it returns.
    private var dispatching = false

    /// Seconds a connection attempt may take (TCP, TLS and the broker's CONNACK) before it is dropped and retried.
    static let connectTimeout = 10.0

    private static let libraryReady: Bool = { mosquitto_lib_init() == Int32(MOSQ_ERR_SUCCESS.rawValue) }()

    init(settings: Settings, loop: EventLoop, clock: any DaemonClock) throws {
        self.settings = settings
        self.loop = loop
        self.clock = clock
        guard Self.libraryReady, let handle = mosquitto_new(settings.clientID, true, nil) else {
            throw MqttError.setup("libmosquitto could not make a client")
        }
        self.handle = handle
        mosquitto_user_data_set(handle, Unmanaged.passUnretained(self).toOpaque())
        try check(mosquitto_will_set(handle, settings.will.topic, Int32(settings.will.payload.utf8.count),
                                     settings.will.payload, 1, true), "setting the will")
        if settings.username != nil || settings.password != nil {
            try check(mosquitto_username_pw_set(handle, settings.username, settings.password), "setting the user name")
        }
        if settings.broker.usesTLS {
            if let caFile = settings.caFile {
                try check(mosquitto_tls_set(handle, caFile, nil, nil, nil, nil), "reading \(caFile)")
            } else {
                try check(mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "using the system's CA store")
            }
        }
        mosquitto_connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MqttConnection>.fromOpaque(context).takeUnretainedValue().connected(code: code)
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<MqttConnection>.fromOpaque(context).takeUnretainedValue().disconnected(code: code)
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message, let topic = message.pointee.topic else { return }
            let payload = message.pointee.payload.map { Data(bytes: $0, count: Int(message.pointee.payloadlen)) } ?? Data()
            Unmanaged<MqttConnection>.fromOpaque(context).takeUnretainedValue().onMessage(String(cString: topic), payload)
        }
        timer = try clock.makeTimer { [unowned self] in tick() }
    }

    deinit {
        close()
    }

    /// Starts connecting; what follows happens on the loop.
    func start() {
        attempt()
        timer?.schedule(at: clock.now + 1, repeatingEvery: 1)
    }

    /// Says goodbye (so the broker does not publish the will) and lets go of the socket.
    func close() {
        guard let handle else { return }
        if isConnected {
            mosquitto_disconnect(handle)
            _ = mosquitto_loop_write(handle, 1)
        }
        unwatchSocket()
        timer?.cancel()
        mosquitto_destroy(handle)
        self.handle = nil
        isConnected = false
    }

    /// Queues a message and sends what the socket takes now; dropped while not connected (state is
    /// published again on each connection).
    func publish(_ topic: String, _ payload: String, retain: Bool, qos: Int32 = 1) {
        guard let handle, isConnected else { return }
        let code = mosquitto_publish(handle, nil, topic, Int32(payload.utf8.count), payload, qos, retain)
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
        flush()
    }

    func subscribe(_ pattern: String) {
        guard let handle, isConnected else { return }
        _ = mosquitto_subscribe(handle, nil, pattern, 1)
        flush()
    }

    // MARK: - The loop's side

    private func attempt() {
        guard let handle else { return }
        attemptStarted = clock.now
        nextAttempt = nil
        // Connecting to a name resolves it first (getaddrinfo), which may wait on DNS; a numeric address never does.
        let code = mosquitto_connect_async(handle, settings.broker.host, Int32(settings.broker.port), Int32(settings.keepalive))
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
        watchSocket()
    }

    private func watchSocket() {
        guard let handle else { return }
        let socket = mosquitto_socket(handle)
        guard socket >= 0 else { return }
        let wantsWrite = mosquitto_want_write(handle)
        guard socket != watchedSocket || wantsWrite != watchingWrites else { return }
        if let watchedSocket, watchedSocket != socket { loop.unwatch(watchedSocket) }
        do {
            try loop.watch(socket, events: EPOLLIN.rawValue | (wantsWrite ? EPOLLOUT.rawValue : 0)) { [unowned self] in socketReady() }
            watchedSocket = socket
            watchingWrites = wantsWrite
        } catch {
            report("\(settings.broker): cannot watch the socket: \(error)")
        }
    }

    private func unwatchSocket() {
        if let watchedSocket { loop.unwatch(watchedSocket) }
        watchedSocket = nil
        watchingWrites = false
    }

    private func socketReady() {
        guard let handle else { return }
        if mosquitto_want_write(handle) {
            let code = mosquitto_loop_write(handle, 1)
            guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
        }
        // Reading a socket with nothing waiting returns at once (it is non-blocking).
        dispatching = true
        let code = mosquitto_loop_read(handle, 1)
        dispatching = false
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
        flush()
        watchSocket()
    }

    private func flush() {
        guard !dispatching, let handle, mosquitto_want_write(handle) else { return }
        let code = mosquitto_loop_write(handle, 1)
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
        watchSocket()
    }

    private func tick() {
        guard let handle else { return }
        let now = clock.now
        if isConnected {
            let code = mosquitto_loop_misc(handle)
            guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { return lost(code: code) }
            flush()
        } else if let started = attemptStarted, now - started >= Self.connectTimeout {
            report("\(settings.broker): no answer within \(Int(Self.connectTimeout)) s; retrying")
            dropAndRetry()
        } else if let due = nextAttempt, now >= due {
            attempt()
        }
    }

    private func connected(code: Int32) {
        guard code == 0 else {
            let reason = String(cString: mosquitto_connack_string(code))
            report("\(settings.broker) refused the connection: \(reason)"
                   + (code == 4 || code == 5 ? " (check [mqtt] username and password-file)" : ""))
            return dropAndRetry()
        }
        isConnected = true
        attemptStarted = nil
        backoff.reset()
        if lastProblem != nil { log("\(settings.broker): connected again", false) } else { log("connected to \(settings.broker)", false) }
        lastProblem = nil
        onConnected()
        watchSocket()
    }

    private func disconnected(code: Int32) {
        guard code != 0, isConnected || attemptStarted != nil else { return }
        lost(code: code)
    }

    private func lost(code: Int32) {
        let reason = code == Int32(MOSQ_ERR_ERRNO.rawValue) ? String(cString: strerror(errno)) : String(cString: mosquitto_strerror(code))
        report("\(settings.broker): \(reason); retrying")
        dropAndRetry()
    }

    private func dropAndRetry() {
        guard handle != nil else { return }
        isConnected = false
        attemptStarted = nil
        unwatchSocket()
        // The next attempt closes the old socket first; no goodbye is sent, so a broker that still
        // had the connection publishes the will.
        nextAttempt = clock.now + backoff.nextDelay()
    }

    private func report(_ problem: String) {
        guard problem != lastProblem else { return }
        lastProblem = problem
        log(problem, true)
    }

    private func check(_ code: Int32, _ doing: String) throws {
        guard code != Int32(MOSQ_ERR_SUCCESS.rawValue) else { return }
        throw MqttError.setup("\(doing): \(String(cString: mosquitto_strerror(code)))")
    }
}

/// Why MQTT could not be set up at start.
enum MqttError: Error, CustomStringConvertible {
    case setup(String)

    var description: String {
        switch self {
        case .setup(let text): text
        }
    }
}
