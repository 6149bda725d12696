import CWPE
import Glibc
import KioskWebProtocol

/// The host's state: the daemon's socket, the shared WebKit context and one view per page.
final class WebHost {
    let socket: Int32
    private let loop: OpaquePointer
    private var views: [UInt32: WebHostView] = [:]
    /// One ephemeral context for every page: nothing written to disk (the service has no home), and
    /// pages share the network process.
    let context: UnsafeMutablePointer<WebKitWebContext>
    /// Where compiled content filters are kept while the host runs (removed at exit).
    let filterFolder: String
    let filterStore: UnsafeMutablePointer<WebKitUserContentFilterStore>
    /// The main loop sources (socket, signals) still attached.
    private var sources: [guint] = []
    private var socketSource: guint = 0

    init(socket: Int32, loop: OpaquePointer) {
        self.socket = socket
        self.loop = loop
        self.context = webkit_web_context_new_ephemeral()
        webkit_web_context_set_cache_model(context, WEBKIT_CACHE_MODEL_DOCUMENT_VIEWER)
        let base = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/swipe-kiosk-web-XXXXXX".utf8CString)
        if mkdtemp(&template) == nil {
            template = Array("/tmp/swipe-kiosk-web-XXXXXX".utf8CString)
            _ = mkdtemp(&template)
        }
        self.filterFolder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.filterStore = webkit_user_content_filter_store_new(filterFolder)
    }

    /// Says hello and starts reading the socket and SIGTERM in the main loop.
    func start() {
        send(.hello(version: WebProtocol.version, pid: getpid()))
        let me = Unmanaged.passUnretained(self).toOpaque()
        let condition = GIOCondition(rawValue: G_IO_IN.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue)
        socketSource = g_unix_fd_add(socket, condition, { _, _, data in
            Unmanaged<WebHost>.fromOpaque(data!).takeUnretainedValue().readable() ? 1 : 0
        }, me)
        for signal in [SIGTERM, SIGINT] {
            sources.append(g_unix_signal_add(signal, { data in
                Unmanaged<WebHost>.fromOpaque(data!).takeUnretainedValue().quit()
                return 0
            }, me))
        }
    }

    /// Drops every view and the filter folder (the main loop has ended).
    func stop() {
        for source in sources + (socketSource == 0 ? [] : [socketSource]) { g_source_remove(source) }
        sources = []
        socketSource = 0
        for view in views.values { view.destroy() }
        views = [:]
        removeFilterFolder()
    }

    func quit() {
        g_main_loop_quit(loop)
    }

    /// Reads every waiting packet; false (source removed) once the daemon closed the socket.
    private func readable() -> Bool {
        while true {
            let packet: WebPacket
            do {
                switch try WebSocket.receive(on: socket) {
                case .closed:
                    socketSource = 0
                    quit()
                    return false
                case let .packet(received):
                    packet = received
                }
            } catch WebSocketError.wouldBlock {
                return true
            } catch {
                log("\(error)")
                if case WebSocketError.system = error {
                    socketSource = 0
                    quit()
                    return false
                }
                continue
            }
            packet.closeDescriptors()
            do {
                handle(try WebHostCommand.decode(packet.bytes, fileDescriptors: packet.fileDescriptors.count))
            } catch {
                log("\(error)")
            }
        }
    }

    private func handle(_ command: WebHostCommand) {
        switch command {
        case let .open(id, width, height, url, allow, maxFps):
            views.removeValue(forKey: id)?.destroy()
            guard let policy = WebOriginPolicy(url: url, allow: allow) else {
                send(.loadFailed(view: id, url: url, reason: "not a file:// (absolute) or http(s):// url, or an allow entry is not an http(s) origin"))
                return
            }
            do {
                let view = try WebHostView(id: id, width: Int(width), height: Int(height), url: url, policy: policy,
                                           allow: allow, maxFps: Int(maxFps), host: self)
                views[id] = view
                view.start()
            } catch {
                send(.loadFailed(view: id, url: url, reason: "\(error)"))
            }
        case let .navigate(id, url):
            views[id]?.navigate(to: url)
        case let .visible(id, on):
            views[id]?.setVisible(on)
        case let .frameDone(id, slot):
            views[id]?.frameDone(slot: Int(slot))
        case let .touch(id, phase, touchID, x, y, timeMs):
            views[id]?.touch(phase: phase, id: touchID, x: x, y: y, timeMs: timeMs)
        case let .scroll(id, dx, dy, x, y, timeMs):
            views[id]?.scroll(dx: dx, dy: dy, x: x, y: y, timeMs: timeMs)
        case let .close(id):
            views.removeValue(forKey: id)?.destroy()
        case let .reload(id):
            views[id]?.reload()
        }
    }

    /// Sends one event (blocking: the host has nothing else to do while the daemon catches up).
    func send(_ event: WebHostEvent, fileDescriptors: [Int32] = []) {
        do {
            try WebSocket.send(try event.encode(), fileDescriptors: fileDescriptors, on: socket, wait: true)
        } catch WebSocketError.system(_, EPIPE) {
            quit()
        } catch {
            log("cannot send \(event): \(error)")
        }
    }

    func log(_ message: String) {
        logLine(message)
    }

    private func removeFilterFolder() {
        guard let folder = opendir(filterFolder) else { return }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { unlink("\(filterFolder)/\(name)") }
        }
        closedir(folder)
        rmdir(filterFolder)
    }
}
