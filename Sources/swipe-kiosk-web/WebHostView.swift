import CWPE
import CWPEBackendFDO
import Glibc
import KioskWebProtocol

/// One page: a WPE view on the fdo exportable backend (shared-memory export) and its WebKitWebView.
/// Each exported frame is copied into the slot of the page's shared memory the daemon does not
/// show; WebKit draws the next one only after `frame_complete`, which waits for the daemon's `frameDone`.
final class WebHostView {
    let id: UInt32
    let width: Int
    let height: Int
    private(set) var url: String
    private var policy: WebOriginPolicy
    private let allow: [String]
    private let maxFps: Int
    private unowned let host: WebHost
    private let images: WebSharedImages
    private var exportable: OpaquePointer?
    private var webView: UnsafeMutablePointer<WebKitWebView>?
    private var contentManager: UnsafeMutablePointer<WebKitUserContentManager>?
    private var client = UnsafeMutablePointer<wpe_view_backend_exportable_fdo_client>.allocate(capacity: 1)
    /// The slot the daemon shows (the last one sent), nil before the first frame.
    private var shownSlot: Int?
    /// A frame was sent and its `frameDone` has not come: WebKit waits for `frame_complete`.
    private var awaitingFrameDone = false
    private var loadFailed = false
    /// The view's first load was committed: frames before it are WebKit's empty page, not the page's.
    private var committed = false
    /// The next frame goes to the daemon whole, even if equal to the slot shown: a new web view's
    /// first (the daemon showed the background while the old one was gone).
    private var wholeNextFrame = true
    private var gone = false
    private var visible = true
    /// Touch points down now (WPE's touch events carry them all).
    private var touches: [Int32: wpe_input_touch_event_raw] = [:]
    /// Navigations already reported `refused` (each url once; bounded). Subresources the content
    /// filter blocks are refused in the web process, which does not tell the host.
    private var refusedReported: Set<String> = []
    /// Bumped whenever a load is started, so a late content-filter callback does not load a stale url.
    private var generation = 0
    private var idleCompletion: guint = 0

    init(id: UInt32, width: Int, height: Int, url: String, policy: WebOriginPolicy, allow: [String], maxFps: Int, host: WebHost) throws {
        self.id = id
        self.width = width
        self.height = height
        self.url = url
        self.policy = policy
        self.allow = allow
        self.maxFps = max(1, min(maxFps, 240))
        self.host = host
        self.images = try WebSharedImages(creatingWidth: width, height: height)
        client.initialize(to: wpe_view_backend_exportable_fdo_client())
        client.pointee.export_shm_buffer = { data, buffer in
            Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue().exported(buffer!)
        }
    }

    deinit {
        client.deallocate()
    }

    /// Sends the shared memory, makes the web view and starts loading.
    func start() {
        host.send(.buffers(view: id, width: UInt32(width), height: UInt32(height), stride: UInt32(images.stride),
                           slots: UInt8(images.slots)), fileDescriptors: [images.fileDescriptor])
        createWebView()
        load(url)
    }

    private func createWebView() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let exportable = wpe_view_backend_exportable_fdo_create(client, me, UInt32(width), UInt32(height))!
        self.exportable = exportable
        let backend = wpe_view_backend_exportable_fdo_get_view_backend(exportable)
        let states = UInt32(wpe_view_activity_state_visible.rawValue | wpe_view_activity_state_in_window.rawValue
            | wpe_view_activity_state_focused.rawValue)
        if visible { wpe_view_backend_add_activity_state(backend, states) }
        // WebKit destroys the exportable with the view's backend.
        let viewBackend = webkit_web_view_backend_new(backend, { data in
            wpe_view_backend_exportable_fdo_destroy(OpaquePointer(data))
        }, UnsafeMutableRawPointer(exportable))
        let settings = webkit_settings_new()!
        webkit_settings_set_enable_developer_extras(settings, 0)
        webkit_settings_set_enable_write_console_messages_to_stdout(settings, 0)
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 0)
        webkit_settings_set_enable_page_cache(settings, 0)
        let manager = webkit_user_content_manager_new()!
        contentManager = manager
        let view = cwpe_web_view_new(viewBackend, host.context, manager, settings)!
        g_object_unref(settings)
        webView = view
        connect(view, "decide-policy", unsafeBitCast(
            { (_: UnsafeMutableRawPointer?, decision: UnsafeMutablePointer<WebKitPolicyDecision>?, type: UInt32, data: UnsafeMutableRawPointer?) -> gboolean in
                Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue().decide(decision!, type: type) ? 1 : 0
            } as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<WebKitPolicyDecision>?, UInt32, UnsafeMutableRawPointer?) -> gboolean,
            to: GCallback.self))
        connect(view, "create", unsafeBitCast(
            { (_: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?, _: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? in nil }
                as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
            to: GCallback.self))
        connect(view, "load-changed", unsafeBitCast(
            { (_: UnsafeMutableRawPointer?, event: UInt32, data: UnsafeMutableRawPointer?) in
                Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue().loadChanged(event)
            } as @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void,
            to: GCallback.self))
        connect(view, "load-failed", unsafeBitCast(
            { (_: UnsafeMutableRawPointer?, _: UInt32, uri: UnsafePointer<CChar>?, error: UnsafeMutablePointer<GError>?, data: UnsafeMutableRawPointer?) -> gboolean in
                Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue().failed(uri: uri, error: error)
                // Handled: no error page (the daemon shows the element's background and logs the reason).
                return 1
            } as @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafePointer<CChar>?, UnsafeMutablePointer<GError>?, UnsafeMutableRawPointer?) -> gboolean,
            to: GCallback.self))
        connect(view, "web-process-terminated", unsafeBitCast(
            { (_: UnsafeMutableRawPointer?, reason: UInt32, data: UnsafeMutableRawPointer?) in
                Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue().processTerminated(reason)
            } as @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void,
            to: GCallback.self))
        gone = false
        committed = false
        wholeNextFrame = true
    }

    private func connect(_ view: UnsafeMutablePointer<WebKitWebView>, _ signal: String, _ handler: GCallback) {
        _ = cwpe_signal_connect(UnsafeMutableRawPointer(view), signal, handler, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Drops the web view (and with it the backend and the exportable).
    func destroy() {
        if idleCompletion != 0 { g_source_remove(idleCompletion) }
        idleCompletion = 0
        if let view = webView {
            g_signal_handlers_disconnect_matched(UnsafeMutableRawPointer(view), G_SIGNAL_MATCH_DATA, 0, 0, nil, nil,
                                                 Unmanaged.passUnretained(self).toOpaque())
            g_object_unref(UnsafeMutableRawPointer(view))
        }
        if let manager = contentManager { g_object_unref(UnsafeMutableRawPointer(manager)) }
        webView = nil
        contentManager = nil
        exportable = nil
        awaitingFrameDone = false
        touches = [:]
    }

    // MARK: Loading

    /// Compiles the page's content filter (loads outside the origin and `allow` blocked), then loads `url`.
    private func load(_ url: String) {
        generation += 1
        let request = FilterRequest(view: self, generation: generation, url: url)
        let json = policy.contentFilterJSON()
        let bytes = json.withCString { g_bytes_new($0, gsize(strlen($0)))! }
        webkit_user_content_filter_store_save(host.filterStore, "view-\(id)", bytes, nil, { source, result, data in
            let request = Unmanaged<FilterRequest>.fromOpaque(data!).takeRetainedValue()
            var error: UnsafeMutablePointer<GError>?
            let filter = webkit_user_content_filter_store_save_finish(OpaquePointer(source).map { UnsafeMutablePointer($0) }, result, &error)
            request.view?.filterReady(filter, error: error, generation: request.generation, url: request.url)
            if let filter { webkit_user_content_filter_unref(filter) }
            if let error { g_error_free(error) }
        }, Unmanaged.passRetained(request).toOpaque())
        g_bytes_unref(bytes)
    }

    private func filterReady(_ filter: OpaquePointer?, error: UnsafeMutablePointer<GError>?, generation: Int, url: String) {
        guard generation == self.generation, let view = webView, let manager = contentManager else { return }
        guard let filter else {
            // Fail closed: a page whose loads cannot be limited is not loaded.
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            host.send(.loadFailed(view: id, url: url, reason: "content filter: \(reason)"))
            return
        }
        webkit_user_content_manager_remove_all_filters(manager)
        webkit_user_content_manager_add_filter(manager, filter)
        webkit_web_view_load_uri(view, url)
    }

    func navigate(to url: String) {
        guard let policy = WebOriginPolicy(url: url, allow: allow) else {
            host.send(.loadFailed(view: id, url: url, reason: "not a file:// (absolute) or http(s):// url"))
            return
        }
        self.url = url
        self.policy = policy
        if webView == nil || gone {
            destroy()
            createWebView()
        }
        load(url)
    }

    /// Loads the url again; after the web process went, in a new web view.
    func reload() {
        if gone || webView == nil {
            destroy()
            createWebView()
        }
        load(url)
    }

    private func decide(_ decision: UnsafeMutablePointer<WebKitPolicyDecision>, type: UInt32) -> Bool {
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue, WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION.rawValue:
            let uri = cwpe_navigation_decision_uri(decision).map { String(cString: $0) } ?? ""
            if type == WEBKIT_POLICY_DECISION_TYPE_NAVIGATION_ACTION.rawValue && policy.permits(uri) {
                webkit_policy_decision_use(decision)
            } else {
                webkit_policy_decision_ignore(decision)
                reportRefused(uri)
            }
            return true
        default:
            return false
        }
    }

    private func reportRefused(_ uri: String) {
        guard refusedReported.count < 64, refusedReported.insert(uri).inserted else { return }
        host.send(.refused(view: id, url: String(uri.utf8.prefix(WebProtocol.maxStringBytes)) ?? ""))
    }

    private func loadChanged(_ event: UInt32) {
        switch event {
        case WEBKIT_LOAD_STARTED.rawValue:
            loadFailed = false
        case WEBKIT_LOAD_COMMITTED.rawValue:
            committed = true
        case WEBKIT_LOAD_FINISHED.rawValue:
            guard !loadFailed, let view = webView else { return }
            let uri = webkit_web_view_get_uri(view).map { String(cString: $0) } ?? url
            // WebKit's empty page before the first load is not the page's load.
            if uri == "about:blank" && url != "about:blank" { return }
            host.send(.loaded(view: id, url: String(uri.utf8.prefix(WebProtocol.maxStringBytes)) ?? url))
        default:
            break
        }
    }

    private func failed(uri: UnsafePointer<CChar>?, error: UnsafeMutablePointer<GError>?) {
        if let error, cwpe_error_is_cancelled(error) != 0 { return }
        loadFailed = true
        let failing = uri.map { String(cString: $0) } ?? url
        let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        host.send(.loadFailed(view: id, url: String(failing.utf8.prefix(WebProtocol.maxStringBytes)) ?? url,
                              reason: String(reason.utf8.prefix(WebProtocol.maxStringBytes)) ?? "unknown error"))
    }

    private func processTerminated(_ reason: UInt32) {
        gone = true
        awaitingFrameDone = false
        let text: String
        switch reason {
        case WEBKIT_WEB_PROCESS_CRASHED.rawValue: text = "the web process crashed"
        case WEBKIT_WEB_PROCESS_EXCEEDED_MEMORY_LIMIT.rawValue: text = "the web process exceeded its memory limit"
        default: text = "the web process was terminated"
        }
        host.send(.processGone(view: id, reason: text))
    }

    // MARK: Frames

    /// WebKit's new frame: copied into the slot the daemon does not show, then released at once.
    private func exported(_ buffer: OpaquePointer) {
        guard let exportable, let shm = wpe_fdo_shm_exported_buffer_get_shm_buffer(buffer) else { return }
        wl_shm_buffer_begin_access(shm)
        let target = shownSlot.map { 1 - $0 } ?? 0
        let source = WebFrameSource(pixels: UnsafeRawPointer(wl_shm_buffer_get_data(shm)!),
                                    stride: Int(wl_shm_buffer_get_stride(shm)),
                                    width: Int(wl_shm_buffer_get_width(shm)), height: Int(wl_shm_buffer_get_height(shm)),
                                    opaque: wl_shm_buffer_get_format(shm) == UInt32(WL_SHM_FORMAT_XRGB8888.rawValue))
        var damage = WebFrameCopy.copy(source, into: images.pixels(slot: target),
                                       shown: shownSlot.map { UnsafeRawPointer(images.pixels(slot: $0)) },
                                       width: width, height: height, stride: images.stride)
        wl_shm_buffer_end_access(shm)
        wpe_view_backend_exportable_fdo_dispatch_release_shm_exported_buffer(exportable, buffer)
        if committed && wholeNextFrame {
            wholeNextFrame = false
            damage = [WebRect(x: 0, y: 0, width: Int32(width), height: Int32(height))]
        }
        if (damage.isEmpty && shownSlot != nil) || !committed {
            // Nothing changed on screen, or WebKit's empty page before the first load: no frame for
            // the daemon, WebKit paced at max-fps all the same.
            scheduleIdleCompletion()
            return
        }
        host.send(.frame(view: id, slot: UInt8(target), damage: damage))
        shownSlot = target
        awaitingFrameDone = true
    }

    /// The daemon no longer reads `slot`: WebKit may draw the next frame.
    func frameDone(slot: Int) {
        guard awaitingFrameDone, let exportable else { return }
        awaitingFrameDone = false
        wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable)
    }

    private func scheduleIdleCompletion() {
        guard idleCompletion == 0 else { return }
        idleCompletion = g_timeout_add(guint(1000 / maxFps), { data in
            let view = Unmanaged<WebHostView>.fromOpaque(data!).takeUnretainedValue()
            view.idleCompletion = 0
            if let exportable = view.exportable { wpe_view_backend_exportable_fdo_dispatch_frame_complete(exportable) }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    // MARK: Input and visibility

    func setVisible(_ on: Bool) {
        guard on != visible else { return }
        visible = on
        guard let exportable else { return }
        let backend = wpe_view_backend_exportable_fdo_get_view_backend(exportable)
        let states = UInt32(wpe_view_activity_state_visible.rawValue | wpe_view_activity_state_in_window.rawValue
            | wpe_view_activity_state_focused.rawValue)
        if on {
            wpe_view_backend_add_activity_state(backend, states)
        } else {
            wpe_view_backend_remove_activity_state(backend, states)
        }
    }

    /// A touch at view pixels. WPE has no cancel: a cancelled touch is lifted far outside the view,
    /// so the page sees it end without a tap (no click) where it began.
    func touch(phase: WebTouchPhase, id touchID: Int32, x: Float, y: Float, timeMs: UInt32) {
        guard let exportable else { return }
        let type: wpe_input_touch_event_type
        var point = (x: Int32(clamping: Int(x.isFinite ? x : 0)), y: Int32(clamping: Int(y.isFinite ? y : 0)))
        switch phase {
        case .down:
            guard touches[touchID] == nil, touches.count < 10 else { return }
            type = wpe_input_touch_event_type_down
        case .motion:
            guard touches[touchID] != nil else { return }
            type = wpe_input_touch_event_type_motion
        case .up:
            guard touches[touchID] != nil else { return }
            type = wpe_input_touch_event_type_up
        case .cancel:
            guard touches[touchID] != nil else { return }
            type = wpe_input_touch_event_type_up
            point = (x: -100_000, y: -100_000)
        }
        touches[touchID] = wpe_input_touch_event_raw(type: type, time: timeMs, id: touchID, x: point.x, y: point.y)
        var points = Array(touches.values)
        points.withUnsafeMutableBufferPointer { buffer in
            var event = wpe_input_touch_event(touchpoints: buffer.baseAddress, touchpoints_length: UInt64(buffer.count),
                                              type: type, id: touchID, time: timeMs, modifiers: 0)
            wpe_view_backend_dispatch_touch_event(wpe_view_backend_exportable_fdo_get_view_backend(exportable), &event)
        }
        if phase == .up || phase == .cancel { touches.removeValue(forKey: touchID) }
    }

    /// A drag of (`dx`, `dy`) pixels at (`x`, `y`), given to the page as a smooth 2D axis event of the
    /// same values: WPE moves the content by them, so it follows the finger.
    func scroll(dx: Float, dy: Float, x: Float, y: Float, timeMs: UInt32) {
        guard let exportable, dx.isFinite, dy.isFinite else { return }
        var event = wpe_input_axis_2d_event()
        event.base.type = wpe_input_axis_event_type(rawValue: wpe_input_axis_event_type_motion_smooth.rawValue
            | wpe_input_axis_event_type_mask_2d.rawValue)
        event.base.time = timeMs
        event.base.x = Int32(clamping: Int(x.isFinite ? x : 0))
        event.base.y = Int32(clamping: Int(y.isFinite ? y : 0))
        event.x_axis = Double(dx)
        event.y_axis = Double(dy)
        withUnsafeMutablePointer(to: &event) { pointer in
            pointer.withMemoryRebound(to: wpe_input_axis_event.self, capacity: 1) {
                wpe_view_backend_dispatch_axis_event(wpe_view_backend_exportable_fdo_get_view_backend(exportable), $0)
            }
        }
    }
}

/// What a content-filter compilation was for (kept alive through WebKit's callback).
private final class FilterRequest {
    weak var view: WebHostView?
    let generation: Int
    let url: String

    init(view: WebHostView, generation: Int, url: String) {
        self.view = view
        self.generation = generation
        self.url = url
    }
}
