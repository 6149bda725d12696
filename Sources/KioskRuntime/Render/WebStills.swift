import KioskEngine
import Logging

/// The web pages on a scene's shown screen as loaded: what `render` shows for a web element. It
/// starts the web host (only when the screen holds a page), waits until each shown page loaded
/// and drew (at most `loadWait`), takes its frame and stops the host. A page that did not load
/// has no frame and a line in `failures`.
struct WebStills {
    /// The longest `render` waits for its pages.
    static let loadWait = 10.0
    private(set) var frames: [ObjectIdentifier: PixelBuffer] = [:]
    /// One line per page that could not be shown: `web element URL: why`.
    private(set) var failures: [String] = []

    /// - Parameter values: the values' texts for placeholders in urls (their `initial`).
    init(scene: KioskScene, values: [String: String]) {
        guard !WebPages.webViews(in: scene.rootView).isEmpty else { return }
        do {
            let loop = try EventLoop()
            let clock = MonotonicDaemonClock(loop: loop)
            let pages = WebPages(launch: { signal in try WebHostProcess(loop: loop, signal: signal) }, clock: clock,
                                 logger: Logger(label: "swipe-kiosk.render"))
            pages.value = { values[$0] }
            pages.update(for: scene)
            let deadline = clock.now + Self.loadWait
            while clock.now < deadline && !pages.shownPagesSettled(at: clock.now) {
                pages.tick()
                _ = try loop.runOnce(timeoutMilliseconds: 20)
            }
            frames = pages.frames
            for page in pages.pages where page.sentVisible == true {
                if let failure = page.failure {
                    failures.append("web element \(page.url): \(failure)")
                } else if !page.loaded || page.frame == nil {
                    failures.append("web element \(page.url): did not load within \(Int(Self.loadWait)) s")
                }
            }
            if pages.pages.allSatisfy({ $0.sentVisible != true }), case .restarting = pages.hostState {
                failures.append("web elements: the web host could not run (swipe-kiosk-web)")
            }
            pages.stop(deadline: clock.now + 1)
        } catch {
            failures.append("web elements: \(error)")
        }
    }
}
