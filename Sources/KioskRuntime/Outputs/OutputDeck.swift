import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskOptions
import KioskEngine
import Logging

/// One `[[display.output]]` beside the first: its own display, its own scene built through the one
/// composition root (`SceneRoot`) at its own geometry, its own compositor and damage, and its own
/// `RenderPacer` on its display's frame clock, so outputs of different rates never wait on each other.
///
/// A deck (`screens = [...]`) changes by `goTo`, its `cycle` timer or its mapped touch device; a
/// mirror (`screens = "main"`) follows the first output's screen.
final class OutputDeck {
    /// The output's name: its connector, as `ctl --output` and `[[input.device]] output` give it.
    let name: String
    private(set) var output: OutputConfiguration
    let display: any Display
    let geometry: SceneGeometry
    let sceneHost: SceneHost
    let pacer: RenderPacer
    private let context: DaemonContext
    private var cycleTimer: (any DaemonTimer)?
    private var drawAheadTimer: (any DaemonTimer)?
    /// Its screen changed (a transition completed, or a cut): from, to.
    var onScreenChanged: (_ from: String, _ to: String) -> Void = { _, _ in }
    /// A frame reached its display, with the seconds its composition took.
    var onFramePresented: (Double) -> Void = { _ in }

    /// Builds the output's scene for `configuration` at the display's size turned by `output.rotation`,
    /// on `initialScreen` when its deck has it.
    init(output: OutputConfiguration, name: String, configuration: KioskConfiguration, display: any Display,
         initialScreen: String?, context: DaemonContext, makeSceneBuilder: (SceneRoot) -> SceneBuilder) throws {
        self.name = name
        self.output = output
        self.display = display
        self.context = context
        geometry = SceneGeometry(panelSize: PixelSize(width: display.size.width, height: display.size.height),
                                 rotation: output.rotation)
        let root = SceneRoot(configuration: configuration.deck(for: output), geometry: geometry)
        let compositor = root.makeCompositor()
        let scene = try makeSceneBuilder(root).build(frameClock: display.frameClock, initialScreen: initialScreen)
        sceneHost = SceneHost(scene: scene, compositor: compositor, eventsLog: nil,
                              now: { [clock = context.clock, start = context.startTime] in clock.now - start })
        pacer = RenderPacer(display: display, compositor: compositor, context: context, sceneHost: sceneHost)
        sceneHost.onTransitionEnded = { [unowned self] from, to, completed in
            if completed { onScreenChanged(from, to) }
            scheduleCycle()
        }
        pacer.onFramePresented = { [unowned self] seconds in onFramePresented(seconds) }
    }

    /// The screen on show.
    var currentScreen: String { sceneHost.currentScreen }
    var screenNames: [String] { sceneHost.scene.screenNames }
    /// True for `screens = "main"`: it shows what the first output shows.
    var isMirror: Bool { output.screens == .main }
    /// "WxH@Hz", as `Outputs` reports it.
    var mode: String { "\(display.size.width)x\(display.size.height)@\(Int(display.refreshRate.rounded()))" }

    /// Whether `other` asks for the panel this deck has open (its mode, size and rotation), so a
    /// reload can rebuild its scene in place.
    func sharesPanel(with other: OutputConfiguration) -> Bool {
        other.mode == output.mode && other.size == output.size && other.rotation == output.rotation
    }

    /// Starts its frame pacing, draw-ahead and cycle, and draws its first frame.
    func start() throws {
        try pacer.start()
        let drawAhead = try context.clock.makeTimer { [unowned sceneHost] in sceneHost.drawAhead() }
        sceneHost.requestIdleWork = { [clock = context.clock] in drawAhead.schedule(at: clock.now) }
        if sceneHost.hasWorkAhead { drawAhead.schedule(at: context.clock.now) }
        drawAheadTimer = drawAhead
        cycleTimer = try context.clock.makeTimer { [unowned self] in cycle() }
        scheduleCycle()
        pacer.render()
    }

    /// Stops its timers and pacing and closes its display (a reload removed it, or the daemon stops).
    func stop() {
        sceneHost.settle()
        cycleTimer?.cancel()
        drawAheadTimer?.cancel()
        cycleTimer = nil
        drawAheadTimer = nil
        pacer.stop()
        display.close()
    }

    /// Goes to `screen` of its deck; refused while its transition runs.
    func goTo(_ screen: String, animated: Bool) throws(GoToError) {
        let scene = sceneHost.scene
        guard let index = scene.index(ofScreen: screen) else { throw .noSuchScreen(screen) }
        guard !scene.container.isTransitioning else { throw .busy }
        guard index != scene.container.selectedIndex else { return }
        // A cut ends inside select, through the same transitionDidEnd as an animated change.
        guard scene.container.select(index: index, animated: animated) else { throw .busy }
        pacer.requestFrame()
    }

    /// A mirror follows the first output to `screen` (animated as it went); a deck ignores it.
    func follow(_ screen: String) {
        guard isMirror else { return }
        if sceneHost.scene.container.isTransitioning { sceneHost.settle() }
        try? goTo(screen, animated: true)
    }

    /// Shows the deck of `configuration` (a reload): the screen on show stays where it still exists.
    func reconfigure(_ configuration: KioskConfiguration, output: OutputConfiguration,
                     makeSceneBuilder: (SceneRoot) -> SceneBuilder) throws {
        let root = SceneRoot(configuration: configuration.deck(for: output), geometry: geometry)
        let scene = try sceneHost.scene.rebuild(frameClock: display.frameClock) { makeSceneBuilder(root) }
        self.output = output
        sceneHost.replace(with: scene)
        pacer.invalidate()
        pacer.requestFrame()
        scheduleCycle()
    }

    /// While dark nothing is composed; on waking everything is drawn again.
    func setDark(_ dark: Bool) {
        pacer.isSuspended = dark
        try? display.setPowerSaving(dark)
        if !dark {
            pacer.invalidate()
            pacer.requestFrame()
        }
    }

    /// The last frame as someone at the panel sees it, and as scanned out.
    var lastUprightFrame: PixelBuffer { pacer.lastUprightFrame }
    var lastFrame: PixelBuffer { pacer.lastFrame }

    /// Frames this output presented.
    var framesPresented: Int { Int(pacer.composeTimes.count) }

    private func scheduleCycle() {
        guard let cycleTimer else { return }
        guard let seconds = output.cycle, case .deck = output.screens else { return cycleTimer.cancel() }
        cycleTimer.schedule(at: context.clock.now + seconds, repeatingEvery: nil)
    }

    /// The next screen of its deck, round to the first.
    private func cycle() {
        let scene = sceneHost.scene
        guard !scene.container.isTransitioning, scene.screenNames.count > 1 else { return scheduleCycle() }
        let next = (scene.container.selectedIndex + 1) % scene.screenNames.count
        try? goTo(scene.screenNames[next], animated: true)
    }
}
