import KioskCompositor
import KioskEngine
import KioskTouch

/// The scene on show: hears its transitions (events log, tab bar, observers) and replaces it on
/// reload, ending whatever the old one was running first.
final class SceneHost: ContainerControllerDelegate {
    private(set) var scene: KioskScene
    private let compositor: Compositor
    /// Where touches land: the scene as the rotated panel shows it.
    var touchSurface: TouchSurface { compositor.touchSurface }
    private let transitionLog: TransitionLogger
    /// A transition began (with the names of its screens).
    var onTransitionBegan: (_ from: String, _ to: String) -> Void = { _, _ in }
    /// A transition ended, after the tab bar followed it.
    var onTransitionEnded: (_ from: String, _ to: String, _ completed: Bool) -> Void = { _, _, _ in }
    /// Receives the container's messages about refused requests.
    var onDiagnostic: (String) -> Void = { _ in }

    init(scene: KioskScene, compositor: Compositor, eventsLog: EventsLog?, now: @escaping () -> Double) {
        self.scene = scene
        self.compositor = compositor
        transitionLog = TransitionLogger(log: eventsLog, now: now, keepsRecords: false, onEnded: {})
        attach()
    }

    var container: ContainerController { scene.container }
    var currentScreen: String { scene.currentScreen }

    /// Shows `new` instead of the current scene, which first settles: a running transition ends
    /// through its normal path (one `transition-ended`) and its display links stop.
    func replace(with new: KioskScene) {
        scene.container.settle()
        scene.container.delegate = nil
        scene = new
        attach()
    }

    /// Ends whatever the scene runs, for a shutdown.
    func settle() {
        scene.container.settle()
    }

    func transitionDidBegin(from: Int, to: Int, interactive: Bool) {
        transitionLog.transitionDidBegin(from: from, to: to, interactive: interactive)
        onTransitionBegan(scene.screenNames[from], scene.screenNames[to])
    }

    func transitionDidEnd(from: Int, to: Int, completed: Bool) {
        transitionLog.transitionDidEnd(from: from, to: to, completed: completed)
        scene.selectionDidChange()
        onTransitionEnded(scene.screenNames[from], scene.screenNames[to], completed)
    }

    private func attach() {
        prepareScreens()
        // A replaced scene's views are gone now: their surfaces go at once, not at the next frame.
        compositor.trimCaches()
        scene.container.delegate = self
        scene.container.onDiagnostic = { [unowned self] message in onDiagnostic(message) }
    }

    /// Draws every screen's content once, so no first swipe onto a screen stutters.
    private func prepareScreens() {
        let bounds = Rect(origin: .zero, size: compositor.sceneSize)
        for screen in scene.container.screens where screen.view.superview == nil {
            // Laid out as it will be shown; a screen not yet shown has no frame of its own.
            let saved = screen.view.frame
            screen.view.frame = bounds
            compositor.prepare(screen.view)
            screen.view.frame = saved
        }
    }
}
