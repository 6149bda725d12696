import CLinux
import Foundation
import Glibc
import KioskEngine
import KioskWebProtocol
import Logging

/// The real web host: `swipe-kiosk-web --socket-fd 3` started with posix_spawn, one end of a
/// SOCK_SEQPACKET socketpair as its fd 3, its socket and its exit (a pidfd) watched on the daemon's
/// loop. Nothing here blocks the loop; only `stop` waits, bounded, while shutting down.
final class WebHostProcess: WebHostLink {
    /// The host program: beside the daemon's executable, else `$SWIPE_KIOSK_WEB_HOST` (tests).
    static func programPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let beside = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
            .deletingLastPathComponent().appendingPathComponent("swipe-kiosk-web").path
        if access(beside, X_OK) == 0 { return beside }
        if let path = environment["SWIPE_KIOSK_WEB_HOST"], !path.isEmpty, access(path, X_OK) == 0 { return path }
        return nil
    }

    let pid: Int32
    private let loop: EventLoop
    private var socket: Int32
    private var exitDescriptor: Int32
    private var signal: ((WebHostSignal) -> Void)?
    private var reaped = false

    /// Starts the host; throws when the program is missing or cannot start.
    init(loop: EventLoop, signal: @escaping (WebHostSignal) -> Void) throws {
        guard let program = Self.programPath() else {
            throw SystemCallError("no web host: swipe-kiosk-web is neither beside the daemon nor named by $SWIPE_KIOSK_WEB_HOST", code: ENOENT)
        }
        let (mine, theirs) = try WebSocket.pair()
        defer { close(theirs) }
        do {
            pid = try Self.spawn([program, "--socket-fd", "3"], socket: theirs)
        } catch {
            close(mine)
            throw error
        }
        self.loop = loop
        self.socket = mine
        self.signal = signal
        exitDescriptor = pidfd_open(pid, 0)
        try loop.watch(mine) { [unowned self] in readable() }
        if exitDescriptor >= 0 {
            try loop.watch(exitDescriptor) { [unowned self] in exited() }
        }
    }

    deinit {
        if socket >= 0 { loop.unwatch(socket); close(socket) }
        if exitDescriptor >= 0 { loop.unwatch(exitDescriptor); close(exitDescriptor) }
    }

    func send(_ command: WebHostCommand) {
        guard socket >= 0, let bytes = try? command.encode() else { return }
        do {
            try WebSocket.send(bytes, on: socket, wait: false)
        } catch {
            lost("cannot send to the web host: \(error)")
        }
    }

    func stop(deadline: Double) {
        signal = nil
        closeSocket()
        // The host exits when its socket closes; SIGTERM in case it is stuck, SIGKILL at the end.
        // Its group holds WebKit's processes too: the daemon is a child subreaper, so any that
        // outlive the host are its children then, and are reaped here with the host.
        kill(-pid, SIGTERM)
        while MonotonicClock.now() < deadline {
            if reapGroup() { return }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        let last = MonotonicClock.now() + 0.2
        while !reapGroup() && MonotonicClock.now() < last { usleep(2_000) }
    }

    /// Reaps what of the host's group has ended; true once none of it is left among the daemon's children.
    private func reapGroup() -> Bool {
        while true {
            var status: Int32 = 0
            let result = waitpid(-pid, &status, WNOHANG)
            if result == pid { markReaped() }
            if result > 0 { continue }
            if result < 0 { markReaped() }
            return result < 0
        }
    }

    private func markReaped() {
        reaped = true
        if exitDescriptor >= 0 {
            loop.unwatch(exitDescriptor)
            close(exitDescriptor)
            exitDescriptor = -1
        }
    }

    private func readable() {
        // A bounded batch per turn, so a flooding host cannot hold the loop.
        for _ in 0..<64 {
            guard socket >= 0 else { return }
            let packet: WebPacket
            do {
                switch try WebSocket.receive(on: socket) {
                case .closed:
                    return lost("the web host closed its socket")
                case .packet(let received):
                    packet = received
                }
            } catch WebSocketError.wouldBlock {
                return
            } catch {
                return lost("web host socket: \(error)")
            }
            do {
                let event = try WebHostEvent.decode(packet.bytes, fileDescriptors: packet.fileDescriptors.count)
                signal?(.event(event, fileDescriptor: packet.fileDescriptors.first))
            } catch {
                packet.closeDescriptors()
                return lost("the web host sent a bad message: \(error)")
            }
        }
    }

    private func exited() {
        guard reap(wait: false) else { return }
        lost("the web host exited")
    }

    /// The host is of no more use: tell the owner once and stop listening.
    private func lost(_ reason: String) {
        closeSocket()
        let told = signal
        signal = nil
        told?(.gone(reason: reason))
    }

    private func closeSocket() {
        guard socket >= 0 else { return }
        loop.unwatch(socket)
        close(socket)
        socket = -1
    }

    /// Reaps the host if it ended (or waits for it); true once reaped.
    private func reap(wait: Bool) -> Bool {
        if reaped { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
        guard result == pid || (result < 0 && errno == ECHILD) else { return false }
        markReaped()
        return true
    }

    /// The host gets the daemon's stdout and stderr (its log lines go to the journal with the
    /// daemon's) and the socket as fd 3; its process group of its own lets stopping it reach
    /// WebKit's processes too.
    private static func spawn(_ argv: [String], socket: Int32) throws -> pid_t {
        try ProcessSpawner.spawn(argv, descriptors: [(child: 3, parent: socket)])
    }
}
