import CLinux
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
    /// Asks for `drawAhead()` to run once the frame under way is out (the daemon's loop); tests run it at once.
    var requestIdleWork: () -> Void = {}
    /// Screens a swipe or tap can reach next whose surfaces are not drawn yet.
    private var toDrawAhead: [Int] = []
    /// Screens whose surfaces are kept: the one on show and those a swipe or tap reaches next.
    private var kept: Set<Int> = []
    /// Asked between screens drawn before a first frame: true (a stop waits) leaves the rest to `drawAhead`.
    private let shouldYield: () -> Bool

    init(scene: KioskScene, compositor: Compositor, eventsLog: EventsLog?, now: @escaping () -> Double,
         shouldYield: @escaping () -> Bool = { false }) {
        self.scene = scene
        self.compositor = compositor
        self.shouldYield = shouldYield
        transitionLog = TransitionLogger(log: eventsLog, now: now, keepsRecords: false, onEnded: {})
        attach()
    }

    var container: ContainerController { scene.container }
    /// Whether screens in reach still wait to be drawn (`drawAhead`).
    var hasWorkAhead: Bool { !toDrawAhead.isEmpty }
    var currentScreen: String { scene.currentScreen }

    /// Shows `new` instead of the current scene, which first settles: a running transition ends
    /// through its normal path (one `transition-ended`) and its display links stop.
    func replace(with new: KioskScene) {
        scene.container.settle()
        scene.container.delegate = nil
        scene = new
        attach()
    }

    /// Looks again at the picture files the scene shows; those replaced on disk are drawn anew
    /// at the next frame. Returns their paths.
    func refreshPictures() -> [String] {
        compositor.refreshPictures()
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
        if completed { keepReachableScreens() }
        onTransitionEnded(scene.screenNames[from], scene.screenNames[to], completed)
    }

    private func attach() {
        kept = []
        toDrawAhead = []
        keepReachableScreens()
        // Before the first frame: at start, or in place of the scene a reload replaced. The screen
        // on show claims its surfaces before the old scene's go, so a picture or card that did not
        // change is not drawn (a picture not decoded) again.
        compositor.prepare(scene.rootView)
        while !toDrawAhead.isEmpty && !shouldYield() { drawNextScreen() }
        // A replaced scene's views are gone now: their surfaces go at once, not at the next frame.
        compositor.trimCaches()
        returnFreedMemory()
        scene.container.delegate = self
        scene.container.onDiagnostic = { [unowned self] message in onDiagnostic(message) }
    }

    /// The screens a swipe or a tap can bring next from the one on show: its neighbours, home,
    /// and the tab bar's targets.
    var reachableScreens: Set<Int> {
        let container = scene.container, current = container.selectedIndex
        var reachable: Set<Int> = [current, scene.homeIndex]
        for index in [current - 1, current + 1] where container.screens.indices.contains(index) { reachable.insert(index) }
        reachable.formUnion(scene.tabBar?.screenIndices ?? [])
        return reachable
    }

    /// Lets go of the surfaces of screens out of reach now and queues those newly in reach for
    /// `drawAhead`, so memory follows the screens near the one on show, not the number of screens.
    private func keepReachableScreens() {
        let reachable = reachableScreens
        for index in kept.subtracting(reachable) where scene.container.screens[index].view.superview == nil {
            compositor.release(scene.container.screens[index].view)
        }
        let new = reachable.subtracting(kept).sorted()
        kept = reachable
        toDrawAhead = toDrawAhead.filter(reachable.contains) + new
        if !toDrawAhead.isEmpty { requestIdleWork() }
    }

    /// Draws the content of the next screen a swipe can reach that is not drawn yet, so the frame
    /// that starts a swipe onto it draws nothing from scratch. The daemon runs it between frames,
    /// one screen a turn of its loop, so a touch waits at most for one screen's drawing.
    func drawAhead() {
        drawNextScreen()
        if toDrawAhead.isEmpty { returnFreedMemory() } else { requestIdleWork() }
    }

    /// Draws the first queued screen; `attach` draws them all this way and trims once after.
    private func drawNextScreen() {
        guard !toDrawAhead.isEmpty else { return }
        let index = toDrawAhead.removeFirst()
        let screens = scene.container.screens
        if screens.indices.contains(index), screens[index].view.superview == nil {
            // Laid out as it will be shown; a screen not yet shown has no frame of its own.
            let view = screens[index].view
            let saved = view.frame
            view.frame = Rect(origin: .zero, size: compositor.sceneSize)
            compositor.prepare(view)
            view.frame = saved
        }
    }

    /// Gives the heap's free pages back once the screens in reach are drawn: text layouts, decoded
    /// pictures and a replaced scene leave free blocks inside glibc's heap, which it keeps otherwise.
    private func returnFreedMemory() {
        _ = malloc_trim(0)
    }
}
