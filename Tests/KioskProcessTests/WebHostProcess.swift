import Foundation
import Glibc
import KioskWebProtocol
import XCTest

/// The built `swipe-kiosk-web` as a child with one end of a SOCK_SEQPACKET pair as fd 3 (as the
/// daemon starts it), its stderr in a log file; the test speaks the wire protocol on the other end.
final class WebHostProcess {
    let pid: pid_t
    let socket: Int32
    let logPath: String
    private var exited = false
    /// Every view's shared memory, mapped from the `buffers` the host sent.
    private(set) var images: [UInt32: WebSharedImages] = [:]
    /// Every event received, in order.
    private(set) var events: [WebHostEvent] = []

    /// The web host beside the test bundle (not built where WPE WebKit 1.1 is missing).
    static var binary: String {
        URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("swipe-kiosk-web").path
    }

    /// - Parameter prefix: a command that runs the host, e.g. one that restricts it first.
    init(folder: String, prefix: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw XCTSkip("swipe-kiosk-web is not built (WPE WebKit 1.1 missing: make test-process installs it)")
        }
        let (mine, theirs) = try WebSocket.pair()
        socket = mine
        logPath = folder + "/web-host.log"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, theirs, 3)
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = prefix + [Self.binary, "--socket-fd", "3"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, nil, &argv, environ)
        close(theirs)
        guard status == 0 else { throw WebSocketError.system(call: "posix_spawn", errno: status) }
        pid = child
    }

    deinit {
        close(socket)
        if !exited {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func send(_ command: WebHostCommand) throws {
        try WebSocket.send(try command.encode(), on: socket, wait: true)
    }

    /// The next event within `limit` seconds (nil when none came or the host closed the socket).
    /// `buffers` is mapped; every `frame` is answered with `frameDone` for the other slot, as the
    /// daemon does on its next tick.
    func next(limit: Double) throws -> WebHostEvent? {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(limit * 1000)) > 0 else { return nil }
        guard case let .packet(packet) = try WebSocket.receive(on: socket) else { return nil }
        let event = try WebHostEvent.decode(packet.bytes, fileDescriptors: packet.fileDescriptors.count)
        events.append(event)
        switch event {
        case let .buffers(view, width, height, stride, slots):
            images[view] = try WebSharedImages(mapping: packet.fileDescriptors[0], width: width, height: height, stride: stride, slots: slots)
        case let .frame(view, slot, _):
            try send(.frameDone(view: view, slot: 1 - slot))
        default:
            packet.closeDescriptors()
        }
        return event
    }

    /// Reads events until one satisfies `condition`, for at most `limit` seconds.
    func wait(limit: Double = 20, for condition: (WebHostEvent) -> Bool) throws -> WebHostEvent? {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            guard let event = try next(limit: left) else {
                if left > 0 && !isAlive { return nil }
                continue
            }
            if condition(event) { return event }
        }
    }

    /// Events received over `seconds` (frames answered as they come).
    func collect(for seconds: Double) throws -> [WebHostEvent] {
        let deadline = Date().addingTimeInterval(seconds)
        var received: [WebHostEvent] = []
        while deadline.timeIntervalSinceNow > 0 {
            if let event = try next(limit: deadline.timeIntervalSinceNow) { received.append(event) }
        }
        return received
    }

    /// The ARGB pixel at (`x`, `y`) of `slot` of `view`'s shared memory.
    func pixel(view: UInt32, slot: UInt8, x: Int, y: Int) -> UInt32 {
        guard let image = images[view] else { return 0 }
        return image.pixels(slot: Int(slot)).load(fromByteOffset: y * image.stride + x * 4, as: UInt32.self)
    }

    var isAlive: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exited = true
            exitStatus = status
            return false
        }
        return true
    }

    private(set) var exitStatus: Int32 = 0

    /// The host's children whose command line names `name` (WebKit's WPEWebProcess, WPENetworkProcess).
    func children(named name: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == pid else { return false }
            let command = (try? String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8)) ?? ""
            return command.contains(name)
        }
    }
}
