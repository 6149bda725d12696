import KioskEngine

/// What a control service (D-Bus, `ctl`) reads and asks of a running daemon. Call on the loop.
extension KioskDaemon {
    /// The screen on top.
    public var currentScreen: String { sceneHost.currentScreen }
    /// Every screen, in swipe order.
    public var screenNames: [String] { sceneHost.scene.screenNames }
    /// True while the panel is dark.
    public var isBlanked: Bool { idle.isBlanked }
    /// True while a transition runs.
    public var isTransitioning: Bool { sceneHost.container.isTransitioning }
    /// The last composed frame, exactly as the display shows it (after rotation). Valid until the
    /// next frame is composed; copy it to keep it.
    public var lastFrame: PixelBuffer { pacer.lastFrame }
    /// True when no animation wants frame-clock ticks: the display may rest.
    public var isAtRest: Bool { pacer.animationsAtRest }

    /// Goes to `screen` as a tab button does; refused while a transition or a pan runs.
    /// Going to the screen already on top does nothing.
    public func goTo(_ screen: String, animated: Bool) throws(GoToError) {
        let scene = sceneHost.scene
        guard let index = scene.index(ofScreen: screen) else { throw .noSuchScreen(screen) }
        guard !scene.container.isTransitioning else { throw .busy }
        guard index != scene.container.selectedIndex else { return }
        guard scene.container.select(index: index, animated: animated) else { throw .busy }
        idle.touched()
        pacer.requestFrame()
    }

    /// Turns the panel dark until the next touch or `wake()`.
    public func blank() {
        idle.blank(reason: "on request, until the next touch")
    }

    /// Turns the panel back on.
    public func wake() {
        idle.wake(reason: "on request")
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
}
