import KioskConfig
import KioskDisplay
import KioskEngine

/// What a control service (D-Bus, `ctl`) reads and asks of a running daemon. Call on the loop.
extension KioskDaemon {
    /// The screen on top.
    public var currentScreen: String { sceneHost.currentScreen }
    /// Every screen, in swipe order.
    public var screenNames: [String] { sceneHost.scene.screenNames }
    /// True while the panel is dark.
    public var isBlanked: Bool { power.isDark }
    /// How lit the panel is.
    public var screenPower: ScreenPower { power.state }
    /// The backlight level while awake, 0...1 (`[power] brightness` until set).
    public var brightness: Double { power.brightness }
    /// True while a transition runs.
    public var isTransitioning: Bool { sceneHost.container.isTransitioning }
    /// The last composed frame, exactly as the display shows it (after rotation). Valid until the
    /// next frame is composed; copy it to keep it.
    public var lastFrame: PixelBuffer { pacer.lastFrame }
    /// The last composed frame upright, as someone standing at the panel sees it.
    public var lastUprightFrame: PixelBuffer { pacer.lastUprightFrame }
    /// The main display's scan-out read back from the hardware (a DRM writeback connector), as the
    /// display controller blends its planes; false where the display cannot, and `lastFrame` is the picture then.
    public func captureScanout(_ completion: @escaping (Result<PixelBuffer, DisplayError>) -> Void) -> Bool {
        pacer.captureScanout(completion)
    }
    /// True when no animation wants frame-clock ticks: the display may rest.
    public var isAtRest: Bool { pacer.animationsAtRest }
    /// The configuration running now (the last one a reload accepted).
    public var configuration: KioskConfiguration { applier.configuration }
    /// One line on the display in use, e.g. "headless 320x200@60, rotated 90°", or
    /// "no display connected (drm)" while no panel is plugged in.
    public var displayDescription: String {
        guard display.isOutputConnected else { return "\(Self.noDisplayConnected) (\(displayBackend.rawValue))" }
        let rotation = configuration.display.rotation.degrees
        return "\(displayBackend.rawValue) \(outputs.first.mode)" + (rotation == 0 ? "" : ", rotated \(rotation)°")
    }
    /// Seconds between two vsyncs of the display.
    public var refreshPeriod: Double { 1 / display.refreshRate }
    /// One line on the camera feed, or nil when there is none.
    public var cameraDescription: String? { camera.status }
    /// Faults the running camera feed has met since it started (a reload may start a new one).
    public var cameraFaultCount: Int { camera.faultCount }
    /// The touch devices open now, by path.
    public var touchDevices: [String] { input.openDevices }
    /// Seconds since the daemon was made.
    public var uptime: Double { clock.now - startTime }

    /// Every `[[value]]`'s text now.
    public var values: [String: String] { valueSources.store.values }

    /// Gives the `dbus` value `name` a new text; the views showing it redraw at the next vsync.
    public func setValue(_ name: String, to text: String) throws(SetValueError) {
        let store = valueSources.store
        guard let source = store.source(of: name) else { throw .noSuchValue(name, values: store.names) }
        guard source == .dbus else { throw .notSettable(name, source: source) }
        // utf8.count is O(1) for native strings, so a megabyte is refused without reading it.
        guard text.utf8.count <= ValueTextLimit.bytes else { throw .tooLong(name, bytes: text.utf8.count) }
        store.set(name, to: text)
    }

    /// The button the running config names `name` (its `name`, else its title) on `screen`, scroll contents included.
    public func button(screen: String, named name: String) -> ButtonElement? {
        configuration.screens.first { $0.name == screen }?.buttons.first { $0.displayName == name }
    }

    /// Presses `button` on `screen` as a finger would: its sound plays, a screen button goes to its screen.
    /// Returns false when there is no such button.
    public func pressButton(screen: String, button name: String) -> Bool {
        guard let button = button(screen: screen, named: name) else { return false }
        sound.buttonPressed(button)
        if let target = button.target {
            try? goTo(target, animated: true)
        } else {
            buttons.press(button, on: screen)
        }
        return true
    }

    /// Gives the `mqtt` value `name` the text its topic brought; ignored for any other value.
    public func receiveMqttValue(_ name: String, text: String) {
        guard valueSources.store.source(of: name) == .mqtt else { return }
        valueSources.store.set(name, to: text)
    }

    /// Goes to `screen` on the first output (`goTo(output:screen:animated:)`).
    public func goTo(_ screen: String, animated: Bool) throws(GoToError) {
        try goTo(output: mainOutputName, screen: screen, animated: animated)
    }

    /// Turns the panel dark until the next touch or `wake()`.
    public func blank() {
        power.blank(reason: "on request, until the next touch")
    }

    /// Turns the panel back on (outside the schedule: for `[power] wake-for`).
    public func wake() {
        power.wake(reason: "on request")
    }

    /// Sets the backlight level while awake (clamped to 0...1), fading to it; a reload that
    /// changes `[power] brightness` replaces it.
    public func setBrightness(_ value: Double) {
        power.setBrightness(value)
    }

    /// The sound volume, 0...1 (`[sound] volume` until set; a reload that changes it replaces it).
    public var volume: Double { sound.volume }

    /// Sets the sound volume (clamped to 0...1), for a sound playing too.
    public func setVolume(_ value: Double) {
        sound.setVolume(value)
    }

    /// Reads the config file again, as SIGHUP does.
    @discardableResult
    public func reload() -> ReloadResult {
        let screens = screenNames
        notifier.reloading()
        let result = applier.reload()
        notifier.ready(status: status)
        notify { $0.configurationReloaded(accepted: result.isAccepted) }
        if result == .applied {
            notify { $0.propertiesChanged(screens == screenNames ? [.currentScreen] : [.currentScreen, .screens]) }
        }
        return result
    }

    /// What the file asks that only a restart applies, as of the last reload (`[display] rotation`, say).
    public var restartNeeded: [String] { applier.restartNeeded }

    /// The one-line answer to a reload that was accepted, for `ctl reload` and the D-Bus reply:
    /// what happened, and the keys only a restart applies, every time the file still has them.
    public func reloadSummary(_ result: ReloadResult) -> String {
        let done = result == .applied ? "reloaded" : "nothing changed that a reload applies"
        guard !restartNeeded.isEmpty else { return done }
        return "\(done); \(restartNeeded.joined(separator: ", ")): \(applier.restartAdvice)"
    }
}
