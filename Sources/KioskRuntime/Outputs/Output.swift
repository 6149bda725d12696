import KioskCompositor
import KioskConfig
import KioskDisplay
import KioskOptions
import KioskEngine

/// One output, the first as much as the others: its display, its own scene built through the one
/// composition root (`SceneRoot`) at its own geometry, its own compositor and damage, and its own
/// `RenderPacer` on its display's frame clock, so outputs of different rates never wait on each
/// other. The first differs only in its `OutputDefaults` (touch, camera, events log).
///
/// A deck (`screens = [...]`) changes by `goTo`, its `cycle` timer or its mapped touch device; a
/// mirror (`screens = "main"`, the first output's) follows the first output's screen.
final class Output {
    private(set) var settings: OutputConfiguration
    let defaults: OutputDefaults
    let display: any Display
    let geometry: SceneGeometry
    let sceneHost: SceneHost
    let pacer: RenderPacer
    private let context: DaemonContext
    private let naming: () -> String
    private var cycleTimer: (any DaemonTimer)?
    private var drawAheadTimer: (any DaemonTimer)?
    /// A transition began on it: from, to.
    var onTransitionBegan: (_ output: Output, _ from: String, _ to: String) -> Void = { _, _, _ in }
    /// A transition ended on it (completed: its screen changed, by a transition or a cut): from, to.
    var onTransitionEnded: (_ output: Output, _ from: String, _ to: String, _ completed: Bool) -> Void = { _, _, _, _ in }
    /// A frame reached its display, with the seconds its composition took.
    var onFramePresented: (_ output: Output, _ seconds: Double) -> Void = { _, _ in }

    /// Builds the output's scene for `configuration` at the display's size turned by `settings.rotation`,
    /// on `initialScreen` when its deck has it; `built` hears of it before its screens are drawn.
    /// `name` is asked each time (a DRM connector is named once plugged).
    init(settings: OutputConfiguration, name: @escaping () -> String, defaults: OutputDefaults,
         configuration: KioskConfiguration, display: any Display, initialScreen: String?, context: DaemonContext,
         makeSceneBuilder: (SceneRoot) -> SceneBuilder, built: (KioskScene) -> Void = { _ in }) throws {
        self.settings = settings
        self.defaults = defaults
        self.display = display
        self.context = context
        naming = name
        geometry = SceneGeometry(panelSize: PixelSize(width: display.size.width, height: display.size.height),
                                 rotation: settings.rotation, scale: defaults.scale)
        let root = SceneRoot(configuration: Self.deck(of: configuration, for: settings, defaults), geometry: geometry)
        let compositor = root.makeCompositor()
        let scene = try makeSceneBuilder(root).build(frameClock: display.frameClock, initialScreen: initialScreen)
        built(scene)
        sceneHost = SceneHost(scene: scene, compositor: compositor, eventsLog: defaults.logsEvents ? context.eventsLog : nil,
                              now: { [clock = context.clock, start = context.startTime] in clock.now - start },
                              shouldYield: SignalSource.isStopPending)
        pacer = RenderPacer(display: display, compositor: compositor, context: context, sceneHost: sceneHost)
        sceneHost.onTransitionBegan = { [unowned self] from, to in onTransitionBegan(self, from, to) }
        sceneHost.onTransitionEnded = { [unowned self] from, to, completed in
            scheduleCycle()
            onTransitionEnded(self, from, to, completed)
        }
        pacer.onFramePresented = { [unowned self] seconds in onFramePresented(self, seconds) }
    }

    /// What the output shows of `configuration`: its deck's screens, and the camera where it takes it.
    private static func deck(of configuration: KioskConfiguration, for settings: OutputConfiguration,
                             _ defaults: OutputDefaults) -> KioskConfiguration {
        var deck = configuration.deck(for: settings)
        if defaults.takesCamera { deck.camera = configuration.camera }
        return deck
    }

    /// The output's name: its connector, as `ctl --output` and `[[input.device]] output` give it.
    var name: String { naming() }
    /// The screen on show.
    var currentScreen: String { sceneHost.currentScreen }
    var screenNames: [String] { sceneHost.scene.screenNames }
    /// True for `screens = "main"`: it shows what the first output shows.
    var isMirror: Bool { settings.screens == .main }
    /// "WxH@Hz", as status lines and `Outputs` report it.
    var mode: String { "\(display.size.width)x\(display.size.height)@\(Int(display.refreshRate.rounded()))" }
    /// Name, connection, mode, rotation and the screen on show, for `Outputs`.
    var status: OutputStatus {
        OutputStatus(name: name, connected: display.isOutputConnected, mode: mode, rotation: settings.rotation.degrees, screen: currentScreen)
    }

    /// Whether `other` asks for the panel this output has open (its mode, size and rotation), so a
    /// reload can rebuild its scene in place.
    func sharesPanel(with other: OutputConfiguration) -> Bool {
        other.mode == settings.mode && other.size == settings.size && other.rotation == settings.rotation
    }

    /// Starts its frame pacing, its drawing ahead (screens that come within reach are drawn on the
    /// loop's next turn, after the frame under way) and its cycle; `pacer.render()` draws its first frame.
    func start() throws {
        try pacer.start()
        let drawAhead = try context.clock.makeTimer { [unowned sceneHost] in sceneHost.drawAhead() }
        sceneHost.requestIdleWork = { [clock = context.clock] in drawAhead.schedule(at: clock.now) }
        // What start-up left undrawn (a stop was asked meanwhile) is drawn on the loop.
        if sceneHost.hasWorkAhead { drawAhead.schedule(at: context.clock.now) }
        drawAheadTimer = drawAhead
        cycleTimer = try context.clock.makeTimer { [unowned self] in cycle() }
        scheduleCycle()
    }

    /// Ends what its scene runs (a transition ends through its normal path) and stops its timers
    /// and pacing; its display stays open until `close()`.
    func halt() {
        sceneHost.settle()
        cycleTimer?.cancel()
        drawAheadTimer?.cancel()
        cycleTimer = nil
        drawAheadTimer = nil
        pacer.stop()
    }

    /// Releases its display.
    func close() {
        display.close()
    }

    /// Goes to `screen` of its deck; refused while its transition runs. Unplugged, nothing ticks:
    /// the screen changes at once rather than waiting for a panel.
    func goTo(_ screen: String, animated: Bool) throws(GoToError) {
        let scene = sceneHost.scene
        guard let index = scene.index(ofScreen: screen) else { throw .noSuchScreen(screen) }
        guard !scene.container.isTransitioning else { throw .busy }
        guard index != scene.container.selectedIndex else { return }
        // A cut ends inside select, through the same transitionDidEnd as an animated change.
        guard scene.container.select(index: index, animated: animated && display.isOutputConnected) else { throw .busy }
        pacer.requestFrame()
    }

    /// A mirror follows the first output to `screen` (animated as it went); a deck ignores it.
    func follow(_ screen: String) {
        guard isMirror else { return }
        if sceneHost.scene.container.isTransitioning { sceneHost.settle() }
        try? goTo(screen, animated: true)
    }

    /// The scene of `configuration`'s deck for this output, on the screen on show where it still exists.
    func buildScene(for configuration: KioskConfiguration, settings: OutputConfiguration,
                    makeSceneBuilder: (SceneRoot) -> SceneBuilder) throws -> KioskScene {
        let root = SceneRoot(configuration: Self.deck(of: configuration, for: settings, defaults), geometry: geometry)
        return try sceneHost.scene.rebuild(frameClock: display.frameClock) { makeSceneBuilder(root) }
    }

    /// Shows `scene` (a reload's), built by `buildScene` for `settings`.
    func show(_ scene: KioskScene, settings: OutputConfiguration) {
        self.settings = settings
        sceneHost.replace(with: scene)
        pacer.invalidate()
        pacer.requestFrame()
        scheduleCycle()
    }

    /// While dark nothing is composed; on waking everything is drawn again.
    func setDark(_ dark: Bool) {
        pacer.isSuspended = dark
        if defaults.switchesPanelWhenDark { try? display.setPowerSaving(dark) }
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
        guard let seconds = settings.cycle, case .deck = settings.screens else { return cycleTimer.cancel() }
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
