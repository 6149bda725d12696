import Foundation
import KioskEngine
import KioskWebProtocol
import Logging

/// The scene's web elements (`type = "web"`) and the one web host that draws them: started the
/// first time a scene holds a page (never when none does), watched on the loop, restarted with
/// back-off when it goes; each page opened on it at its element's size, told whether its screen
/// is shown, paced (`frameDone` on the daemon's frames, at most `max-fps`), given the touches that
/// land on it, and navigated when a value in its url changes. The compositor draws each page's
/// newest frame like a video element's.
final class WebPages {
    /// What the host is doing, for `status`.
    enum HostState: Equatable {
        case notStarted
        case running(pid: Int32)
        /// Gone; started again at `at` (daemon clock).
        case restarting(at: Double)
    }

    private let launch: WebHostLauncher
    private let clock: any DaemonClock
    private let logger: Logger
    private var host: (any WebHostLink)?
    private var retiredHost: (any WebHostLink)?
    private(set) var hostState = HostState.notStarted
    private var hostBackoff = WebRestartBackoff()
    private var hostStartedAt = 0.0
    private var restartTimer: (any DaemonTimer)?
    /// Asks for a frame when a held page frame may be answered (`max-fps`).
    private var paceTimer: (any DaemonTimer)?
    private var lastTick: Double?
    /// The time between the daemon's last two frames (a 60 Hz period until two were seen).
    private var tickPeriod = 1.0 / 60
    private var sceneRoot: ObjectIdentifier?
    private var rootView: View?
    private(set) var pages: [WebPage] = []
    private var nextID: UInt32 = 1
    private var router = WebTouchRouter()
    /// The page the followed touch landed on.
    private var touchedPage: WebPage?
    /// The panel is dark: every page is hidden.
    var isSuspended = false
    private var isTransitioning = false
    /// Where `{value}` placeholders in urls get their text.
    var value: (String) -> String? = { _ in nil }
    /// A page has a new frame, or a frame may be answered: compose one.
    var onFrame: () -> Void = {}

    init(launch: @escaping WebHostLauncher, clock: any DaemonClock, logger: Logger) {
        self.launch = launch
        self.clock = clock
        self.logger = logger
    }

    // MARK: Scene

    /// Adopts a scene that replaced the last one seen (closing the old pages, opening the new ones,
    /// starting the host for the first page) and sends each page's visibility when it changed.
    /// Cheap when nothing changed: the daemon calls it before every frame.
    func update(for scene: KioskScene) {
        isTransitioning = scene.container.isTransitioning
        if sceneRoot != ObjectIdentifier(scene.rootView) { adopt(scene) }
        for page in pages {
            let shown = isShown(page)
            page.pacing.isVisible = shown
            guard page.sentVisible != nil, page.sentVisible != shown else { continue }
            page.sentVisible = shown
            host?.send(.visible(view: page.id, on: shown))
        }
    }

    /// A page draws while its screen is on show at rest and the panel is lit; during a
    /// transition its last frame moves with its screen.
    private func isShown(_ page: WebPage) -> Bool {
        page.screen.superview != nil && !isSuspended && !isTransitioning
    }

    private func adopt(_ scene: KioskScene) {
        for page in pages {
            host?.send(.close(view: page.id))
            page.reloadTimer?.cancel()
        }
        sceneRoot = ObjectIdentifier(scene.rootView)
        rootView = scene.rootView
        touchedPage = nil
        router = WebTouchRouter(touchSlop: scene.container.options.touchSlop)
        pages = scene.container.screens.flatMap { screen in
            Self.webViews(in: screen.view).compactMap { view -> WebPage? in
                guard case .web(let content) = view.content else { return nil }
                defer { nextID &+= 1 }
                return WebPage(id: nextID, view: view, screen: screen.view, content: content,
                               url: WebPage.resolve(content.url, value: value))
            }
        }
        if pages.isEmpty {
            // A reload that dropped every page: the host has nothing more to draw.
            restartTimer?.cancel()
            host?.stop(deadline: MonotonicClock.now() + 0.05)
            retiredHost = host
            host = nil
            hostState = .notStarted
            return
        }
        if host == nil {
            if case .restarting = hostState { return }
            startHost()
        } else {
            pages.forEach(open)
        }
    }

    /// The views under `view` (itself included) that show a web page, in tree order.
    static func webViews(in view: View) -> [View] {
        let own: [View] = if case .web = view.content { [view] } else { [] }
        return own + view.subviews.flatMap(webViews)
    }

    /// A value changed: pages whose url it fills load the new url.
    func valuesChanged() {
        for page in pages {
            let url = WebPage.resolve(page.content.url, value: value)
            guard url != page.url else { continue }
            page.url = url
            page.loaded = false
            host?.send(.navigate(view: page.id, url: url))
        }
    }

    // MARK: Frames

    /// Each page's newest frame by its view, for the compositor (none for a page that did not load).
    var frames: [ObjectIdentifier: PixelBuffer] {
        var frames: [ObjectIdentifier: PixelBuffer] = [:]
        for page in pages { if let frame = page.shownFrame { frames[ObjectIdentifier(page.view)] = frame } }
        return frames
    }

    /// The daemon composes a frame (its vsync tick): each shown page with a held frame is told
    /// it may draw again, at most `max-fps` times a second; a frame held for later asks for a tick then.
    func tick() {
        let now = clock.now
        if let lastTick, now > lastTick { tickPeriod = min(now - lastTick, 0.1) }
        lastTick = now
        var next: Double?
        for page in pages {
            if let slot = page.pacing.tick(at: now) { host?.send(.frameDone(view: page.id, slot: slot)) }
            if let due = page.pacing.nextAnswerTime { next = min(next ?? due, due) }
        }
        guard let next else { return }
        if paceTimer == nil { paceTimer = try? clock.makeTimer { [unowned self] in onFrame() } }
        paceTimer?.schedule(at: WebFramePacing.requestTime(due: next, now: now, period: tickPeriod))
    }

    /// Whether every page on a shown screen loaded and drew nothing new for `settleTime` (its
    /// first paint may be blank, the page's own a frame later), or failed. `render` waits for this;
    /// an animated page never settles, and `render` takes its frame at the end of its wait.
    func shownPagesSettled(at now: Double) -> Bool {
        pages.allSatisfy { page in
            guard page.sentVisible == true, !page.failed else { return true }
            guard page.loaded, let loadedAt = page.loadedAt, page.frame != nil else { return false }
            return now - max(loadedAt, page.lastFrameAt ?? loadedAt) >= Self.settleTime
        }
    }

    /// How long a loaded page draws nothing new before `render` takes its frame.
    static let settleTime = 0.3

    // MARK: Touch

    /// A touch on the scene (scene coordinates, after rotation and calibration), before the
    /// engine takes it: a touch landing on a page is followed, and its tap or vertical drag goes
    /// to the page at element-local coordinates; the engine still gets every touch, so a
    /// horizontal swipe moves between screens as one starting anywhere else.
    func handle(_ touch: TouchEvent) {
        guard !pages.isEmpty, let rootView else { return }
        switch touch.phase {
        case .began:
            guard !router.isTracking, let page = page(at: touch.location, in: rootView) else { return }
            touchedPage = page
            router.began(id: touch.id, at: local(touch.location, page, rootView))
        case .moved:
            guard let page = touchedPage else { return }
            send(router.moved(id: touch.id, to: local(touch.location, page, rootView), time: touch.time), to: page)
        case .ended:
            guard let page = touchedPage else { return }
            send(router.ended(id: touch.id, at: local(touch.location, page, rootView), time: touch.time), to: page)
            if !router.isTracking { touchedPage = nil }
        case .cancelled:
            router.cancelled(id: touch.id)
            if !router.isTracking { touchedPage = nil }
        }
    }

    private func page(at location: Point, in root: View) -> WebPage? {
        var node = root.hitTest(location)
        while let current = node {
            if let page = pages.first(where: { $0.view === current }) { return page.sentVisible == true ? page : nil }
            node = current.superview
        }
        return nil
    }

    private func local(_ location: Point, _ page: WebPage, _ root: View) -> Point {
        let origin = page.origin(in: root)
        return Point(x: location.x - origin.x, y: location.y - origin.y)
    }

    private func send(_ actions: [WebTouchRouter.Action], to page: WebPage) {
        for action in actions {
            switch action {
            case .tap(let point, let time):
                let ms = Self.milliseconds(time)
                host?.send(.touch(view: page.id, phase: .down, id: 0, x: Float(point.x), y: Float(point.y), timeMs: ms))
                host?.send(.touch(view: page.id, phase: .up, id: 0, x: Float(point.x), y: Float(point.y), timeMs: ms))
            case .scroll(let dx, let dy, let point, let time):
                host?.send(.scroll(view: page.id, dx: Float(dx), dy: Float(dy), x: Float(point.x), y: Float(point.y),
                                   timeMs: Self.milliseconds(time)))
            }
        }
    }

    private static func milliseconds(_ time: Double) -> UInt32 {
        UInt32(truncatingIfNeeded: Int64((time * 1000).rounded()))
    }

    // MARK: Host

    /// `status` and `list-devices`: "host running (pid 42), 2 pages", "not started".
    var status: String {
        let count = "\(pages.count) page\(pages.count == 1 ? "" : "s")"
        switch hostState {
        case .notStarted: return "not started"
        case .running: return "host running, \(count)"
        case .restarting(let at): return "host restarting in \(max(0, Int((at - clock.now).rounded(.up)))) s, \(count)"
        }
    }

    private func startHost() {
        retiredHost = nil
        hostStartedAt = clock.now
        do {
            let link = try launch { [weak self] signal in self?.received(signal) }
            host = link
            hostState = .running(pid: link.pid)
            logger.info("web: host started (pid \(link.pid)) for \(pages.count) page\(pages.count == 1 ? "" : "s")")
            pages.forEach(open)
        } catch {
            hostGone("cannot start the web host: \(error)")
        }
    }

    private func open(_ page: WebPage) {
        let size = page.size
        page.openedAt = clock.now
        page.pacing.reset()
        page.images = nil
        page.loaded = false
        host?.send(.open(view: page.id, width: UInt32(size.width), height: UInt32(size.height), url: page.url,
                         allow: page.content.allow, maxFps: UInt32(page.content.maxFps)))
        let shown = isShown(page)
        page.sentVisible = shown
        page.pacing.isVisible = shown
        host?.send(.visible(view: page.id, on: shown))
    }

    private func received(_ signal: WebHostSignal) {
        switch signal {
        case .gone(let reason):
            hostGone(reason)
        case .event(let event, let descriptor):
            handle(event, descriptor: descriptor)
        }
    }

    private func handle(_ event: WebHostEvent, descriptor: Int32?) {
        if case .hello(let version, _) = event, version != WebProtocol.version {
            return hostGone("the web host speaks protocol \(version), this daemon \(WebProtocol.version): install matching swipe-kiosk and swipe-kiosk-web")
        }
        guard let page = pages.first(where: { $0.id == event.view }) else {
            if let descriptor { close(descriptor) }
            return
        }
        switch event {
        case .hello:
            break
        case let .buffers(_, width, height, stride, slots):
            guard let descriptor else { return }
            do {
                page.images = try WebSharedImages(mapping: descriptor, width: width, height: height, stride: stride, slots: slots)
            } catch {
                logger.error("web: page \(page.url): \(error)")
            }
        case let .frame(_, slot, damage):
            page.copy(slot: Int(slot), damage: damage)
            page.lastFrameAt = clock.now
            page.pacing.frameArrived(slot: slot)
            onFrame()
        case .loaded(_, let url) where url == "about:blank" && page.url != url:
            // WebKit's empty page before the configured one: not the page's load.
            break
        case .loaded:
            if page.failed { logger.notice("web: page \(page.url) loaded") }
            page.loaded = true
            page.loadedAt = clock.now
            page.failed = false
            page.failure = nil
            onFrame()
        case let .loadFailed(_, url, reason):
            logger.error("web: page \(url) did not load: \(reason); the element shows its background")
            page.failed = true
            page.failure = reason
            onFrame()
        case let .refused(_, url):
            if page.refusedLogged.count < 64, page.refusedLogged.insert(url).inserted {
                logger.warning("web: page \(page.url): refused \(url): outside its origin and 'allow'")
            }
        case let .processGone(_, reason):
            pageGone(page, reason)
        }
    }

    /// A page's web process went: the page shows its background and is reloaded after its back-off.
    private func pageGone(_ page: WebPage, _ reason: String) {
        let delay = page.backoff.delay(failedAt: clock.now, startedAt: page.openedAt)
        logger.error("web: page \(page.url): its web process went (\(reason)); reloading in \(Int(delay)) s")
        page.failed = true
        page.failure = "its web process went (\(reason))"
        page.loaded = false
        page.pacing.reset()
        onFrame()
        if page.reloadTimer == nil {
            page.reloadTimer = try? clock.makeTimer { [unowned self, unowned page] in
                page.openedAt = clock.now
                host?.send(.reload(view: page.id))
            }
        }
        page.reloadTimer?.schedule(at: clock.now + delay)
    }

    /// The host went (or could not start): every page shows its background; started again after the back-off.
    private func hostGone(_ reason: String) {
        // Gone already, or no use: a short wait, then SIGKILL (the loop waits at most a moment).
        host?.stop(deadline: MonotonicClock.now() + 0.05)
        // Kept until the next start: this may run inside the link's own callback.
        retiredHost = host
        host = nil
        let delay = hostBackoff.delay(failedAt: clock.now, startedAt: hostStartedAt)
        logger.error("web: \(reason); starting it again in \(Int(delay)) s")
        for page in pages {
            page.failed = true
            page.failure = reason
            page.loaded = false
            page.sentVisible = nil
            page.images = nil
            page.pacing.reset()
            page.reloadTimer?.cancel()
        }
        hostState = .restarting(at: clock.now + delay)
        onFrame()
        if restartTimer == nil {
            restartTimer = try? clock.makeTimer { [unowned self] in
                guard host == nil, !pages.isEmpty else {
                    if host == nil { hostState = .notStarted }
                    return
                }
                startHost()
            }
        }
        restartTimer?.schedule(at: clock.now + delay)
    }

    /// Ends the host (shutting down): the socket closed, SIGTERM, SIGKILL by `deadline` (monotonic), reaped.
    func stop(deadline: Double) {
        restartTimer?.cancel()
        paceTimer?.cancel()
        for page in pages { page.reloadTimer?.cancel() }
        host?.stop(deadline: deadline)
        host = nil
        hostState = .notStarted
    }
}

extension WebPages {
    /// How long shutting down waits for the host before SIGKILL (the daemon ends within 2 s).
    static let stopWait = 1.0

    /// The host's state for `status`, or nil when no page was ever configured.
    var reportedStatus: String? {
        pages.isEmpty && hostState == .notStarted ? nil : status
    }
}
